import { test } from "node:test";
import assert from "node:assert/strict";
import { MARKED_YEAR, MARKED_YEAR_SPAN } from "./year-names";

test("years as column names, marked or not", () => {
  for (const t of ["2023", "2023*", "2023p", "2023 p", "2023 (p)", "2023 1/", "1998r"]) assert.ok(MARKED_YEAR.test(t), t);
  for (const t of ["2019-20", "1995–2000", "2019-20p", "2019-20 (r)"]) assert.ok(MARKED_YEAR_SPAN.test(t), t);
});

test("not years: other numbers, values with two digits of decimals, words", () => {
  for (const t of ["2023.5", "1,998", "2023 12", "3023", "2023 pp", "20234", "Total"]) assert.equal(MARKED_YEAR.test(t), false, t);
});

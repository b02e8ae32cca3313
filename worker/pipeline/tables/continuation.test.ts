import { test } from "node:test";
import assert from "node:assert/strict";
import { announcesContinuation } from "./continuation";

test("lines announcing that a table goes on over the page break", () => {
  for (const t of [
    "Table 3. Resident population by state (continued)",
    "Table 12.—Con.",
    "Table 12. Income—Con.",
    "Table 5 Continued",
    "Table 2 (cont.)",
    "Table 2 (cont'd)",
    "Continued on next page.",
    "See footnotes at end of table.",
  ]) {
    assert.equal(announcesContinuation(t), true, t);
  }
});

test("titles and notes that do not", () => {
  for (const t of [
    "Table 4. Discontinued operations",
    "Table 4. Exports by country",
    "Source: U.S. Census Bureau.",
    "Note: Data are as of July 1.",
    "Contents",
    "Table 7. Construction",
  ]) {
    assert.equal(announcesContinuation(t), false, t);
  }
});

import { test } from "node:test";
import assert from "node:assert/strict";
import type { TextLine, Word } from "../types";
import { makeLine } from "../geometry/words-to-lines";
import { splitAtRepeatedHeader } from "./detect-tables";

/** A line of words at y, each word 30 pt wide, 40 pt apart. */
function line(y: number, texts: string[]): TextLine {
  return makeLine(texts.map((text, k): Word => ({ text, box: [k * 40, y, k * 40 + 30, y + 10], size: 10, font: "f", bold: false, dir: 0 })));
}

const row = (y: number, texts: string[], tabular = true) => ({ line: line(y, texts), tabular });

test("splitAtRepeatedHeader cuts before a repeat of the first header line; a caption just above the repeat goes with neither", () => {
  const run = [row(0, ["Country", "2019", "2020"]), row(12, ["France", "1.0", "2.0"]), row(24, ["Spain", "3.0", "4.0"]), row(40, ["Part B"], false), row(52, ["Country", "2019", "2020"]), row(64, ["Italy", "5.0", "6.0"])];
  const parts = splitAtRepeatedHeader(run);
  assert.deepEqual(parts.map((p) => p.map((x) => x.line.text)), [["Country 2019 2020", "France 1.0 2.0", "Spain 3.0 4.0"], ["Country 2019 2020", "Italy 5.0 6.0"]]);
});

test("splitAtRepeatedHeader: a header of years repeats like a named one; repeated data rows do not cut", () => {
  const years = splitAtRepeatedHeader([row(0, ["2019", "2020"]), row(12, ["1.0", "2.0"]), row(24, ["2019", "2020"]), row(36, ["3.0", "4.0"])]);
  assert.equal(years.length, 2);
  const data = splitAtRepeatedHeader([row(0, ["1.0", "2.0"]), row(12, ["-", "-"]), row(24, ["1.0", "2.0"])]);
  assert.equal(data.length, 1);
});

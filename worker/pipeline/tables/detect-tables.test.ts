import { test } from "node:test";
import assert from "node:assert/strict";
import type { TextLine, Word } from "../types";
import { makeLine } from "../geometry/words-to-lines";
import { carriesOnNamesBelow, splitAtRepeatedHeader } from "./detect-tables";
import { SETTINGS } from "../settings";

/** A line of words at y, each word 30 pt wide, 40 pt apart. */
function line(y: number, texts: string[]): TextLine {
  return makeLine(
    texts.map((text, k): Word => ({ text, box: [k * 40, y, k * 40 + 30, y + 10], size: 10, font: "f", bold: false, dir: 0 })),
  );
}

const row = (y: number, texts: string[], tabular = true) => ({ line: line(y, texts), tabular });

test("splitAtRepeatedHeader cuts before a repeat of the first header line; a caption just above the repeat goes with neither", () => {
  const run = [
    row(0, ["Country", "2019", "2020"]),
    row(12, ["France", "1.0", "2.0"]),
    row(24, ["Spain", "3.0", "4.0"]),
    row(40, ["Part B"], false),
    row(52, ["Country", "2019", "2020"]),
    row(64, ["Italy", "5.0", "6.0"]),
  ];
  const parts = splitAtRepeatedHeader(run);
  assert.deepEqual(
    parts.map((p) => p.map((x) => x.line.text)),
    [
      ["Country 2019 2020", "France 1.0 2.0", "Spain 3.0 4.0"],
      ["Country 2019 2020", "Italy 5.0 6.0"],
    ],
  );
});

test("splitAtRepeatedHeader: a header of years repeats like a named one; repeated data rows do not cut", () => {
  const years = splitAtRepeatedHeader([
    row(0, ["2019", "2020"]),
    row(12, ["1.0", "2.0"]),
    row(24, ["2019", "2020"]),
    row(36, ["3.0", "4.0"]),
  ]);
  assert.equal(years.length, 2);
  const data = splitAtRepeatedHeader([row(0, ["1.0", "2.0"]), row(12, ["-", "-"]), row(24, ["1.0", "2.0"])]);
  assert.equal(data.length, 1);
});

/** Words placed at given x positions (30 pt wide each) on a line at y. */
function placed(y: number, words: Array<[string, number]>): TextLine {
  return makeLine(words.map(([text, x]): Word => ({ text, box: [x, y, x + 30, y + 10], size: 10, font: "f", bold: false, dir: 0 })));
}

test("carriesOnNamesBelow: the top line of a wrapped name goes on in lower case right under it; a band over names that start afresh does not", () => {
  // "Share of" over "women in" (2 pt below: wrap distance), beside another name "Imports".
  const names = placed(12, [
    ["Imports", 0],
    ["women", 100],
    ["in", 132],
  ]);
  assert.equal(
    carriesOnNamesBelow(
      placed(0, [
        ["Share", 100],
        ["of", 132],
      ]),
      names,
      SETTINGS,
    ),
    true,
  );
  // A band label over two names that start afresh ("Men", "Women") is not the top of a name.
  assert.equal(
    carriesOnNamesBelow(
      placed(0, [
        ["Persons", 100],
        ["employed", 132],
      ]),
      placed(12, [
        ["Men", 80],
        ["Women", 150],
      ]),
      SETTINGS,
    ),
    false,
  );
  // Too far above (a title line 1.5 em above the header) is not wrap distance.
  assert.equal(
    carriesOnNamesBelow(
      placed(0, [
        ["Share", 100],
        ["of", 132],
      ]),
      placed(25, [
        ["Imports", 0],
        ["women", 100],
        ["in", 132],
      ]),
      SETTINGS,
    ),
    false,
  );
});

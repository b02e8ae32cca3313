import { test } from "node:test";
import assert from "node:assert/strict";
import type { BBox } from "../../../lib/result/schema";
import type { PageRender } from "../render/render-page";
import type { Word } from "../ocr/types";
import { marksOfCrops, mayHaveRaisedMarks, raisedMarks, withRaisedMarksRead } from "./raised-marks";

const SCALE = 300 / 72;

/** A white page of `widthPt` x `heightPt` at 300 dpi with black rectangles (points). */
function page(widthPt: number, heightPt: number, ink: BBox[]): { grey: Uint8Array; render: PageRender } {
  const width = Math.ceil(widthPt * SCALE);
  const height = Math.ceil(heightPt * SCALE);
  const grey = new Uint8Array(width * height).fill(255);
  for (const [x0, y0, x1, y1] of ink) {
    for (let y = Math.round(y0 * SCALE); y < Math.round(y1 * SCALE); y++)
      for (let x = Math.round(x0 * SCALE); x < Math.round(x1 * SCALE); x++) grey[y * width + x] = 0;
  }
  const render: PageRender = {
    pageNumber: 1,
    widthPt,
    heightPt,
    dpi: 300,
    scale: SCALE,
    width,
    height,
    rgba: new Uint8Array(0),
    textSizePt: null,
  };
  return { grey, render };
}

const word = (text: string, bbox: BBox, confidence = 0.9): Word => ({ text, bbox, confidence });

test("a word ending in a quote or degree look-alike whose last ink is a small raised run of its own gives a crop around that run", () => {
  // "10.2" as a block of digits 20-34 pt, a raised mark 35-37 pt whose bottom is half the height up.
  const { grey, render } = page(60, 30, [
    [20, 10, 34, 17],
    [35, 9.5, 37, 13],
  ]);
  const marks = raisedMarks([word('10.2"', [20, 9.5, 37, 17])], grey, render);
  assert.equal(marks.length, 1);
  const [x0, y0, x1, y1] = marks[0]!.crop;
  assert.ok(x0 > 34 && x0 < 35 && x1 > 37 && x1 < 38.5, `crop x ${x0}-${x1}`);
  assert.ok(y0 < 9.5 && y1 > 17, `crop y ${y0}-${y1}`);
});

test("no crop for a word without a look-alike, a mark on the baseline, a run too wide, or a run touching the word", () => {
  const cases: Array<{ text: string; ink: BBox[] }> = [
    {
      text: "10.2",
      ink: [
        [20, 10, 34, 17],
        [35, 9.5, 37, 13],
      ],
    },
    // A quote or an apostrophe after a letter is what it looks like (a possessive, a closing
    // quote), however raised and apart.
    {
      text: "farmers’",
      ink: [
        [20, 10, 34, 17],
        [35, 9.5, 37, 13],
      ],
    },
    {
      text: "said”",
      ink: [
        [20, 10, 34, 17],
        [35, 9.5, 37, 13],
      ],
    },
    // An asterisk is a mark Tesseract reads right in context: left as it is.
    {
      text: "1992*",
      ink: [
        [20, 10, 34, 17],
        [35, 9.5, 37, 13],
      ],
    },
    // On the baseline: a full stop or a low comma, not a superscript.
    {
      text: "10.2'",
      ink: [
        [20, 10, 34, 17],
        [35, 14, 37, 17],
      ],
    },
    // As wide as a word: the quote glued to a word, seen as one run after a gap.
    {
      text: "Tomatoes’",
      ink: [
        [10, 10, 12, 17],
        [13, 9.5, 34, 13],
      ],
    },
    // No blank column between the mark and the word.
    {
      text: "63.8°",
      ink: [
        [20, 10, 35, 17],
        [35, 9.5, 37, 13],
      ],
    },
  ];
  for (const { text, ink } of cases) {
    const { grey, render } = page(60, 30, ink);
    assert.deepEqual(raisedMarks([word(text, [10, 9.5, 37, 17])], grey, render), [], text);
  }
  assert.equal(mayHaveRaisedMarks([word("10.2", [0, 0, 1, 1]), word("°", [0, 0, 1, 1])]), false);
  assert.equal(mayHaveRaisedMarks([word("63.8°", [0, 0, 1, 1])]), true);
  assert.equal(mayHaveRaisedMarks([word("Q1 2010**", [0, 0, 1, 1])]), false);
  assert.equal(mayHaveRaisedMarks([word("farmers’", [0, 0, 1, 1])]), false);
  assert.equal(mayHaveRaisedMarks([word("1,234’", [0, 0, 1, 1])]), true);
});

test("a confident reading of a letter or digit in the crop replaces the look-alike after a space; anything else leaves the word", () => {
  const words = [word('10.2"', [20, 9.5, 37, 17]), word("63.8°", [50, 9.5, 67, 17]), word("Rapeseed®", [80, 9.5, 120, 17])];
  const crops: BBox[] = [
    [34.2, 8, 37.8, 17.5],
    [64.2, 8, 67.8, 17.5],
    [116.2, 8, 120.8, 17.5],
  ];
  const marks = marksOfCrops(words, crops);
  assert.deepEqual(
    marks.map((m) => m.word),
    [0, 1, 2],
  );
  const read = [word("r", [35, 9.5, 37, 13], 0.91), word("e", [65, 9.5, 67, 13], 0.88), word("6", [117, 9.5, 119, 13], 0.96)];
  assert.deepEqual(
    withRaisedMarksRead(words, marks, read).map((w) => w.text),
    ["10.2 r", "63.8 e", "Rapeseed 6"],
  );
  // Unsure, punctuation, a degree read as "o", two readings in one crop: the words stay.
  const unsure = [word("r", [35, 9.5, 37, 13], 0.27)];
  assert.equal(withRaisedMarksRead(words, marks, unsure)[0]!.text, '10.2"');
  assert.equal(withRaisedMarksRead(words, marks, [word("'", [35, 9.5, 37, 13], 0.95)])[0]!.text, '10.2"');
  assert.equal(withRaisedMarksRead(words, marks, [word("o", [65, 9.5, 67, 13], 0.95)])[1]!.text, "63.8°");
  assert.equal(
    withRaisedMarksRead(words, marks, [word("6", [117, 9.5, 118, 13], 0.95), word("5", [119, 9.5, 120, 13], 0.95)])[2]!.text,
    "Rapeseed®",
  );
  // The confidence is the less sure of the two readings.
  assert.equal(withRaisedMarksRead(words, marks, read)[1]!.confidence, 0.88);
});

import { test } from "node:test";
import assert from "node:assert/strict";
import type { BBox } from "../../../lib/result/schema";
import type { Word } from "../ocr/types";
import { extendAlongInk, lineHeightOf, pieceStacks, withStandingLines } from "./standing-lines";

const word = (text: string, bbox: BBox, confidence: number, dir?: 90 | 270): Word => ({ text, bbox, confidence, ...(dir ? { dir } : {}) });

/** A page's body: confident lying words 8 pt tall, so its line height is 8. */
const body: Word[] = [
  word("Country", [60, 300, 92, 308], 0.96),
  word("Denmark", [60, 312, 95, 320], 0.95),
  word("229.6", [120, 312, 140, 320], 0.97),
];

/** Tesseract's reading of a name standing on end at x 120-126, y 130-182: glyph junk, stacked. */
const junkStack: Word[] = [
  word("§", [120, 131, 126, 153], 0),
  word("5", [120, 153, 127, 160], 0.31),
  word("€", [120, 161, 126, 167], 0.36),
  word("F", [120, 170, 126, 182], 0.05),
];

test("the line height is the median height of confident lying words", () => {
  assert.equal(lineHeightOf([...body, ...junkStack]), 8);
  assert.equal(lineHeightOf(junkStack), 0);
});

test("narrow pieces stacked without gaps make a stack; lying words and short stacks do not", () => {
  assert.deepEqual(pieceStacks([...body, ...junkStack], 8), [[120, 131, 127, 182]]);
  // Two pieces (13 pt) seed a stack the ink may grow when one stands on end ("§" is 22 pt tall);
  // two square ones do not, nor does one glyph alone, tall or not.
  assert.deepEqual(pieceStacks([...body, ...junkStack.slice(0, 2)], 8), [[120, 131, 127, 160]]);
  assert.deepEqual(pieceStacks([...body, ...junkStack.slice(1, 3)], 8), []);
  assert.deepEqual(pieceStacks([...body, junkStack[1]!], 8), []);
  assert.deepEqual(pieceStacks([...body, junkStack[0]!], 8), []);
  // A word Tesseract read whole standing seeds alone; a small upright word's grown box does not.
  assert.deepEqual(pieceStacks([...body, word("density", [138, 128, 145, 149], 0.97)], 8), [[138, 128, 145, 149]]);
  assert.deepEqual(pieceStacks([...body, word("of", [243, 98, 251, 110], 0.97)], 8), []);
  // A ruling broken into pieces read as "|", or a scatter plot's markers, is no line of text.
  const ruling = [0, 1, 2, 3].map((i) => word("|", [231, 421 + i * 11, 235, 432 + i * 11], 0.95));
  assert.deepEqual(pieceStacks([...body, ...ruling], 8), []);
  const markers = [0, 1, 2, 3, 4, 5].map((i) => word(i % 2 ? "+" : "*", [186, 132 + i * 3.5, 189, 135 + i * 3.5], 0.5));
  assert.deepEqual(pieceStacks([...body, ...markers], 8), []);
  // A column of one-digit values in tight rows stacks, but no piece of it stands on end.
  const digits = [0, 1, 2, 3, 4].map((i) => word("1", [120, 100 + i * 10, 123, 108 + i * 10], 0.6));
  assert.deepEqual(pieceStacks([...body, ...digits], 8), []);
  // The same pieces a line height apart are rows, not one line.
  const rows = junkStack.map((w, i) => word(w.text, [120, 100 + i * 20, 126, 108 + i * 20], w.confidence));
  assert.deepEqual(pieceStacks([...body, ...rows], 8), []);
  // Without a line height nothing is measured.
  assert.deepEqual(pieceStacks(junkStack, 0), []);
});

test("a stack grows along the ink above and below it, stopping at a gap or a ruling", () => {
  const scale = 2; // 144 dpi: two pixels a point
  const width = 400;
  const height = 500;
  const grey = new Uint8Array(width * height).fill(255);
  const ink = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0 * scale; y < y1 * scale; y++) for (let x = x0 * scale; x < x1 * scale; x++) grey[y * width + x] = 20;
  };
  ink(121, 110, 125, 125); // the name's top, a word gap (3 pt, under 0.4 line heights) above the stack
  ink(121, 60, 125, 90); // far above (20 pt gap): another thing
  ink(100, 200, 200, 201); // a ruling under the header, 2 pt below the stack
  ink(121, 205, 125, 212); // a value under the ruling
  const grown = extendAlongInk([120, 128, 127, 198], grey, { width, height, scale }, 8);
  assert.deepEqual(grown, [120, 110, 127, 198]);
});

test("a confident turned reading that stands replaces the stack; a surer upright one stays", () => {
  const crop: BBox = [118, 128, 129, 185];
  const turned = [word("Net", [120, 170, 126, 182], 0.95, 270), word("migration", [120, 131, 126, 166], 0.9, 270)];
  const out = withStandingLines([...body, ...junkStack], [crop], turned);
  assert.deepEqual(
    out.filter((w) => w.dir === 270).map((w) => w.text),
    ["Net", "migration"],
  );
  assert.equal(out.filter((w) => w.dir === undefined).length, body.length, "the junk pieces are gone, the body stays");

  // Rows of confidently read values: their turned reading, even if confident, does not beat them.
  const values = [word("1", [120, 131, 124, 139], 0.97), word("2", [120, 143, 124, 151], 0.96), word("3", [120, 155, 124, 163], 0.96)];
  const kept = withStandingLines([...body, ...values], [crop], [word("123", [120, 131, 124, 163], 0.93, 270)]);
  assert.deepEqual(kept, [...body, ...values]);

  // A turned reading of lying words (a line across the crop) or an unsure one replaces nothing.
  assert.deepEqual(withStandingLines([...body, ...junkStack], [crop], [word("Netmigration", [110, 150, 140, 156], 0.95, 90)]), [
    ...body,
    ...junkStack,
  ]);
  assert.deepEqual(withStandingLines([...body, ...junkStack], [crop], [word("Nel", [120, 150, 126, 170], 0.6, 270)]), [
    ...body,
    ...junkStack,
  ]);
  // Nor does a row of confident single glyphs (hairlines or one-digit values read turned).
  const ones = [0, 1, 2, 3].map((i) => word("1", [121, 135 + i * 12, 125, 137 + i * 12], 0.93, 270));
  assert.deepEqual(withStandingLines([...body, ...junkStack], [crop], ones), [...body, ...junkStack]);
});

test("an unsure word lying mostly on lines read turned goes with them; a sure or distant one stays", () => {
  const crops: BBox[] = [
    [222, 137, 234, 185],
    [248, 150, 261, 185],
  ];
  const turned = [word("Information", [225, 139, 231, 182], 0.95, 270), word("Finance", [251, 152, 258, 182], 0.97, 270)];
  const tops = word("Fos", [226, 150, 258, 168], 0.34); // 22% on one crop, 28% on the other
  const sure = word("Fos", [226, 150, 258, 168], 0.93);
  const beside = word("xx", [262, 150, 280, 168], 0.2);
  const out = withStandingLines([...body, tops, sure, beside], crops, turned);
  assert.deepEqual(out.map((w) => w.text).sort(), ["229.6", "Country", "Denmark", "Finance", "Fos", "Information", "xx"]);
  assert.equal(out.find((w) => w.text === "Fos")!.confidence, 0.93);
});

test("of the two turns, the surer reading is kept", () => {
  const crop: BBox = [118, 128, 129, 185];
  const turned = [word("Net migration", [120, 131, 126, 182], 0.92, 270), word("uoneasiu", [120, 131, 126, 182], 0.8, 90)];
  const out = withStandingLines([...body, ...junkStack], [crop], turned);
  assert.deepEqual(
    out.filter((w) => w.dir !== undefined).map((w) => [w.text, w.dir]),
    [["Net migration", 270]],
  );
});

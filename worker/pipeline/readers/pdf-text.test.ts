import { test } from "node:test";
import assert from "node:assert/strict";
import { SETTINGS } from "../settings";
import { hasStandardWidths } from "./character-advances";
import { angleToDirection, itemToWords, piecesToWords } from "./pdf-text";

/** A sans-serif face without the standard widths: its runs are cut in proportion to Helvetica's. */
const FONT = { name: "SomeSans", bold: false };
// Viewport of an unrotated 612x792 page at scale 1: flip y.
const FLIP = [1, 0, 0, -1, 0, 792];
/** A run of two words in 10 pt type at (100, 700), 50 pt wide unless a test sets its width. */
const AB_CD = { str: "ab cd", transform: [10, 0, 0, 10, 100, 700], width: 50, height: 10, fontName: "f" };

test("itemToWords splits a run at spaces and flips to a top-left origin", () => {
  const words = itemToWords(AB_CD, FLIP, false, FONT);
  assert.deepEqual(
    words.map((w) => w.text),
    ["ab", "cd"],
  );
  // Each character's share by its width (a 556, b 556, space 278, c 500, d 556 of 2446).
  const near = (box: readonly number[], want: number[]) => box.every((v, k) => Math.abs(v - want[k]!) < 1e-9);
  assert.ok(near(words[0]!.box, [100, 84, 100 + (50 * 1112) / 2446, 94]), `${words[0]!.box}`);
  assert.ok(near(words[1]!.box, [100 + (50 * 1390) / 2446, 84, 150, 94]), `${words[1]!.box}`);
  assert.equal(words[0]!.dir, 0);
});

test("itemToWords gives the white space beyond a standard face's glyphs to the run's spaces", () => {
  // Two names set 0.53 em apart in Helvetica, which pdf.js joins into one run with a space: the
  // glyphs are 2446/1000 em wide (a 556, b 556, space 278, c 500, d 556), the run 2.7 em at 10 pt.
  const run = (width: number, maxSpaceEm = SETTINGS.spaceShareMaxEm) =>
    itemToWords({ ...AB_CD, width }, FLIP, false, {
      name: "Helvetica",
      bold: false,
      spaces: hasStandardWidths("Helvetica", SETTINGS) ? { maxEm: maxSpaceEm } : undefined,
    });
  const near = (box: readonly number[], want: number[]) => box.every((v, k) => Math.abs(v - want[k]!) < 1e-9);
  const joined = run(27);
  assert.ok(near(joined[0]!.box, [100, 84, 111.12, 94]), `${joined[0]!.box}`);
  // The gap: the space's 2.78 pt and the 2.54 pt the glyphs leave over.
  assert.ok(near(joined[1]!.box, [127 - 10.56, 84, 127, 94]), `${joined[1]!.box}`);
  // More white space than pdf.js ever reads as one space (letters spaced out, or another face
  // under the name), or less than the glyphs need: every character scaled alike.
  for (const width of [35, 20]) {
    const scaled = run(width);
    assert.ok(near(scaled[0]!.box, [100, 84, 100 + (width * 1112) / 2446, 94]), `${width}: ${scaled[0]!.box}`);
  }
  // The bound is the setting's: below the gap this run holds, the run is scaled alike.
  assert.ok(near(run(27, 0.5)[0]!.box, [100, 84, 100 + (27 * 1112) / 2446, 94]), `${run(27, 0.5)[0]!.box}`);
});

test("the standard widths are Helvetica's, Arial's and Times', in any weight, not their narrow cuts", () => {
  for (const name of ["Helvetica", "Helvetica-Bold", "ArialMT", "ABCDEF+Arial-BoldMT", "Times-Roman", "TimesNewRomanPS-ItalicMT"]) {
    assert.ok(hasStandardWidths(name, SETTINGS), name);
  }
  for (const name of [
    "ArialNarrow",
    "Helvetica-Condensed-Bold",
    "HelveticaNeue-Compressed",
    "DejaVuSans",
    "Calibri",
    "Courier",
    "g_d0_f1",
  ]) {
    assert.ok(!hasStandardWidths(name, SETTINGS), name);
  }
});

test("itemToWords gives rotated text a bottom-to-top direction", () => {
  // Text rotated 90 degrees counter-clockwise in PDF space reads bottom-to-top on the page.
  const words = itemToWords({ str: "side", transform: [0, 10, -10, 0, 50, 100], width: 40, height: 10, fontName: "f" }, FLIP, false, FONT);
  assert.equal(words[0]!.dir, 270);
  assert.deepEqual(words[0]!.box, [42, 652, 52, 692]);
});

test("itemToWords expands ligatures", () => {
  const words = itemToWords(
    { str: "\uFB01nal", transform: [10, 0, 0, 10, 0, 700], width: 40, height: 10, fontName: "f" },
    FLIP,
    false,
    FONT,
  );
  assert.equal(words[0]!.text, "final");
});

test("angleToDirection rounds to quarter turns", () => {
  assert.equal(angleToDirection(0.05), 0);
  assert.equal(angleToDirection(Math.PI / 2), 90);
  assert.equal(angleToDirection(-Math.PI / 2), 270);
  assert.equal(angleToDirection(Math.PI), 180);
});

test("piecesToWords joins touching runs on one baseline only", () => {
  const piece = (text: string, x0: number, x1: number) => ({
    text,
    box: [x0, 0, x1, 10] as [number, number, number, number],
    size: 10,
    font: "f",
    bold: false,
    dir: 0 as const,
  });
  const words = piecesToWords([piece("Ta", 0, 10), piece("ble", 10.5, 25), piece("x", 40, 45)], 0.15);
  assert.deepEqual(
    words.map((w) => w.text),
    ["Table", "x"],
  );
});

test("itemToWords places the words of a right-to-left run from its right end", () => {
  // pdf.js gives a Hebrew run in logical order ("first second"); the first word is drawn on the right.
  const words = itemToWords(
    { str: "אבג דהו", transform: [10, 0, 0, 10, 100, 700], width: 70, height: 10, fontName: "f", dir: "rtl" },
    FLIP,
    false,
    FONT,
  );
  assert.deepEqual(
    words.map((w) => w.text),
    ["אבג", "דהו"],
  );
  // Hebrew letters count as average letters (556), the space 278: 3614 in all.
  const near = (box: readonly number[], want: number[]) => box.every((v, k) => Math.abs(v - want[k]!) < 1e-9);
  assert.ok(near(words[0]!.box, [170 - (70 * 1668) / 3614, 84, 170, 94]), `${words[0]!.box}`);
  assert.ok(near(words[1]!.box, [100, 84, 100 + (70 * 1668) / 3614, 94]), `${words[1]!.box}`);
});

test("words of monospaced and proportional faces have the same keys in the same order", () => {
  // One shape for every word keeps the optimised code reading words from being discarded at the
  // first monospaced page; the key's value still tells the face apart.
  const [proportional] = itemToWords(AB_CD, FLIP, false, FONT);
  const [mono] = itemToWords(AB_CD, FLIP, false, { name: "Courier", bold: false, metrics: "monospace" });
  assert.deepEqual(Object.keys(mono!), Object.keys(proportional!));
  assert.equal(mono!.monospace, true);
  assert.equal(proportional!.monospace, undefined);
});

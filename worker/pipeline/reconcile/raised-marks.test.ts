// Raised footnote marks, as a generated family: labels and values of every kind with a footnote
// digit, a revision letter or a flag set small and raised after them (sizes and rises drawn over
// the range type uses), read by OCR engines that drop the mark or read it as "?", "®", "*", "'"
// or a look-alike letter. Every cell must come out verified with the text layer's spelling. Then
// the same cells with a lie in the value itself (a digit or letter changed): every one disputed.
// And a word that is small but not raised (a unit on the baseline) is no mark.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BBox, Cell, Table } from "../../../lib/result/schema";
import type { Word } from "../types";
import { raisedMarksOf, reconcileTable } from "./reconcile-page";
import { raisedWords } from "./raised-marks";
import { int, pick, seededRng as random } from "../../../tests/pdf/corpus/content";
import { tableFixture } from "../../../tests/result/table-fixture";

const LABELS = ["Tomatoes", "Sunflower", "Potatoes", "Information", "Wheat", "Total", "Germany"];
const MARKS = ["1", "2", "3", "7", "12", "r", "p", "e", "a", "*", "1/"];
/** What an engine makes of a raised mark. */
const READS = ["", "?", "®", "*", "'", "\u2019", "°", "t", "i"];

function main(rnd: () => number): string {
  return pick(rnd, [
    pick(rnd, LABELS),
    `${int(rnd, 0, 999)}.${int(rnd, 0, 9)}`,
    `${int(rnd, 1, 99)},${String(int(rnd, 0, 999)).padStart(3, "0")}`,
  ]);
}

/** A cell: the main text at body size, the mark smaller and raised right after it. */
function markedCell(rnd: () => number, x: number, y: number, text: string, mark: string): { cell: Cell; words: Word[] } {
  const size = int(rnd, 7, 11);
  const small = size * (0.55 + rnd() * 0.2);
  const rise = size * (0.15 + rnd() * 0.2);
  const w = text.length * size * 0.5;
  const body: Word = { text, box: [x, y, x + w, y + size], size, font: "F", bold: false, dir: 0 };
  const raised: Word = {
    text: mark,
    box: [x + w + 0.5, y + size - rise - small, x + w + 0.5 + mark.length * small * 0.5, y + size - rise],
    size: small,
    font: "F",
    bold: false,
    dir: 0,
  };
  const gap = rnd() < 0.5 ? "" : " ";
  const bbox: BBox = [x, y - 2, raised.box[2], y + size];
  return { cell: { value: `${text}${gap}${mark}`, confidence: "unverified", sources: ["pdf-text"], bbox }, words: [body, raised] };
}

const table = (cells: Cell[]): Table => tableFixture([cells], { bbox: [0, 0, 600, 200] });

const CASES = 300;

test("generated family: raised footnote marks OCR cannot read never dispute", () => {
  for (let seed = 1; seed <= CASES; seed++) {
    const rnd = random(seed);
    const text = main(rnd);
    const mark = pick(rnd, MARKS);
    const { cell, words } = markedCell(rnd, 40, 100, text, mark);
    const t = table([cell]);
    const read = () => `${text}${rnd() < 0.5 ? "" : " "}${pick(rnd, READS)}`;
    const out = reconcileTable(
      t,
      "pdf-text",
      { "ocr-1": [{ text: read(), bbox: cell.bbox! }], "ocr-2": [{ text: read(), bbox: cell.bbox! }] },
      [],
      raisedMarksOf(t, words),
    );
    const voted = out.rows[0]![0]!;
    assert.equal(voted.confidence, "verified", `seed ${seed}: ${JSON.stringify(cell.value)} -> ${JSON.stringify(voted)}`);
    assert.equal(voted.value, cell.value, `seed ${seed}: the text layer's spelling is delivered`);
  }
});

test("generated family: a lie in the value before a raised mark is disputed", () => {
  for (let seed = 1; seed <= CASES; seed++) {
    const rnd = random(seed * 7919);
    const truth = main(rnd);
    const chars = [...truth];
    const places = chars.map((ch, i) => (/[\p{L}\p{N}]/u.test(ch) ? i : -1)).filter((i) => i >= 0);
    const at = pick(rnd, places);
    chars[at] = /\d/.test(chars[at]!) ? String((Number(chars[at]) + int(rnd, 1, 9)) % 10) : chars[at] === "k" ? "m" : "k";
    const told = chars.join("");
    const { cell, words } = markedCell(rnd, 40, 100, told, pick(rnd, MARKS));
    const t = table([cell]);
    const read = () => `${truth}${pick(rnd, READS)}`;
    const out = reconcileTable(
      t,
      "pdf-text",
      { "ocr-1": [{ text: read(), bbox: cell.bbox! }], "ocr-2": [{ text: read(), bbox: cell.bbox! }] },
      [],
      raisedMarksOf(t, words),
    );
    assert.equal(out.rows[0]![0]!.confidence, "disputed", `seed ${seed}: ${told} over ${truth}`);
  }
});

test("raised marks: small on the baseline, or a lone word, is no mark", () => {
  const body: Word = { text: "12.5", box: [0, 0, 20, 10], size: 10, font: "F", bold: false, dir: 0 };
  const unit: Word = { text: "kg", box: [21, 4, 27, 10], size: 6, font: "F", bold: false, dir: 0 };
  const sup: Word = { text: "2", box: [21, 0, 24, 6], size: 6, font: "F", bold: false, dir: 0 };
  assert.deepEqual(raisedWords([body, unit]), []);
  assert.deepEqual(raisedWords([body, sup]), [sup]);
  assert.deepEqual(raisedWords([sup]), []);
  // A digit OCR read for the raised mark other than the mark itself is a different value.
  const t = table([{ value: "Total 2", confidence: "unverified", sources: ["pdf-text"], bbox: [0, -2, 30, 10] }]);
  const marks = raisedMarksOf(t, [{ ...body, text: "Total" }, sup]);
  const out = reconcileTable(t, "pdf-text", { "ocr-1": [{ text: "Total 7", bbox: [0, 0, 30, 10] }] }, [], marks);
  assert.equal(out.rows[0]![0]!.confidence, "disputed");
});

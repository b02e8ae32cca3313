// OCR words running across cells, as a generated family: rows of tightly set cells (numbers with
// thin spaces, bracketed shares, percentages, labels), read by an engine that glues neighbouring
// cells' words into one word at random (dropping or keeping the spaces, fullwidth brackets), its
// boxes padded. Every cell must come out verified by the text layer and that engine. Then the same
// rows with a lie in one cell's text layer: that cell must be disputed.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BBox, Cell, Table } from "../../../lib/result/schema";
import { reconcileTable } from "./reconcile-page";
import { recutSpanningWords } from "./recut-spanning-words";
import { int, pick, seededRng as random } from "../../../tests/pdf/corpus/content";
import { tableFixture } from "../../../tests/result/table-fixture";

const LABELS = ["Total", "Central government", "Energy supply", "Health", "Other services", "Exports"];

function value(rnd: () => number): string {
  switch (int(rnd, 0, 4)) {
    case 0:
      return `${int(rnd, 1, 999)} ${String(int(rnd, 0, 999)).padStart(3, "0")}`;
    case 1:
      return `(${int(rnd, 0, 99)}.${int(rnd, 0, 9)})`;
    case 2:
      return `${int(rnd, 0, 99)}.${int(rnd, 0, 9)}%`;
    case 3:
      return `-${int(rnd, 0, 99)}.${int(rnd, 0, 9)}`;
    default:
      return String(int(rnd, 0, 99999));
  }
}

/** A row laid out left to right: a label, then numbers; `gap` points between cells. */
function row(rnd: () => number, y: number, columns: number, gap: number): Cell[] {
  const cells: Cell[] = [];
  let x = 40;
  const size = int(rnd, 7, 11);
  for (let c = 0; c < columns; c++) {
    const text = c === 0 ? pick(rnd, LABELS) : value(rnd);
    const width = text.length * size * 0.5;
    cells.push({ value: text, confidence: "unverified", sources: ["pdf-text"], bbox: [x, y, x + width, y + size] });
    x += width + gap;
  }
  return cells;
}

type OcrWord = { text: string; bbox: BBox; confidence: number };

/** The engine's words: each cell's words, with runs of neighbouring words glued into one (the
 * space between them dropped, kept or doubled), brackets sometimes fullwidth, boxes padded. */
function ocrWords(rnd: () => number, cells: readonly Cell[]): OcrWord[] {
  const tokens: { text: string; x0: number; x1: number; y0: number; y1: number }[] = [];
  for (const cell of cells) {
    const [x0, y0, x1, y1] = cell.bbox!;
    const parts = cell.value.split(" ");
    const per = (x1 - x0) / cell.value.length;
    let at = x0;
    for (const part of parts) {
      tokens.push({ text: part, x0: at, x1: at + part.length * per, y0, y1 });
      at += (part.length + 1) * per;
    }
  }
  const words: OcrWord[] = [];
  for (let i = 0; i < tokens.length;) {
    const run = Math.min(tokens.length - i, rnd() < 0.5 ? int(rnd, 2, 4) : 1);
    const glued = tokens.slice(i, i + run);
    let text = glued.map((t) => t.text).join(rnd() < 0.6 ? "" : " ");
    if (rnd() < 0.3) text = text.replace(/\(/g, "\uff08").replace(/\)/g, "\uff09");
    const pad = rnd() * 1.5;
    words.push({
      text,
      bbox: [glued[0]!.x0 - pad, glued[0]!.y0 - pad, glued[glued.length - 1]!.x1 + pad, glued[0]!.y1 + pad],
      confidence: 0.95,
    });
    i += run;
  }
  return words;
}

function table(rows: Cell[][]): Table {
  const boxes = rows.flat().map((c) => c.bbox!);
  const bbox: BBox = [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
  return tableFixture(rows, { bbox });
}

const CASES = 300;

test("generated family: an OCR word glued across cells reads every cell it crosses", () => {
  let glued = 0;
  for (let seed = 1; seed <= CASES; seed++) {
    const rnd = random(seed);
    const gap = 1 + rnd() * 4;
    const rows = Array.from({ length: int(rnd, 1, 4) }, (_, r) => row(rnd, 100 + r * 20, int(rnd, 3, 6), gap));
    const words = rows.flatMap((cells) => ocrWords(rnd, cells));
    glued += words.filter((w) => w.text.includes("\uff09") || /\)\S/.test(w.text)).length;
    const out = reconcileTable(table(rows), "pdf-text", { "ocr-2": words });
    for (const cell of out.rows.flat()) {
      assert.equal(cell.confidence, "verified", `seed ${seed}: ${cell.value} -> ${JSON.stringify(cell)} from ${JSON.stringify(words)}`);
    }
  }
  assert.ok(glued > CASES / 2, `the family glued words across cells (${glued})`);
});

test("generated family: a lie in one cell's text layer is disputed even when the engine glued it to its neighbours", () => {
  let lies = 0;
  for (let seed = 1; seed <= CASES; seed++) {
    const rnd = random(seed * 7919);
    const rows = [row(rnd, 100, int(rnd, 3, 6), 1 + rnd() * 3)];
    const words = ocrWords(rnd, rows[0]!);
    // The text layer of one number cell says another digit than the page shows.
    const target = int(rnd, 1, rows[0]!.length - 1);
    const truth = rows[0]![target]!.value;
    const digits = [...truth].map((ch, i) => (/\d/.test(ch) ? i : -1)).filter((i) => i >= 0);
    const at = pick(rnd, digits);
    const told = truth.slice(0, at) + String((Number(truth[at]) + int(rnd, 1, 9)) % 10) + truth.slice(at + 1);
    rows[0]![target] = { ...rows[0]![target]!, value: told };
    const out = reconcileTable(table(rows), "pdf-text", { "ocr-2": words });
    const cell = out.rows[0]![target]!;
    assert.notEqual(cell.confidence, "verified", `seed ${seed}: ${told} over ${truth} -> ${JSON.stringify(cell)}`);
    lies++;
  }
  assert.equal(lies, CASES);
});

test("recut: a word whose characters are not the cells' stays whole", () => {
  const cells = [
    { value: "212 278", bbox: [0, 0, 30, 10] as BBox },
    { value: "(3.1)", bbox: [32, 0, 50, 10] as BBox },
    { value: "170 712", bbox: [52, 0, 80, 10] as BBox },
  ];
  const word = { text: "278(3.1\uff09170", bbox: [16, 0, 66, 10] as BBox };
  assert.deepEqual(
    recutSpanningWords([word], cells).map((w) => [w.text, w.bbox]),
    [
      ["278", [16, 0, 30, 10]],
      ["(3.1\uff09", [32, 0, 50, 10]],
      ["170", [52, 0, 66, 10]],
    ],
  );
  // One digit read differently: nothing is cut.
  const misread = { text: "278(3.7)170", bbox: [16, 0, 66, 10] as BBox };
  assert.deepEqual(recutSpanningWords([misread], cells), [misread]);
  // A word inside one cell is left alone.
  const inside = { text: "212", bbox: [0, 0, 12, 10] as BBox };
  assert.deepEqual(recutSpanningWords([inside], cells), [inside]);
});

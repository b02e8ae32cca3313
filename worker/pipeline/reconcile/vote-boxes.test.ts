// Where the vote looks for a scanned cell's other readings (vote-boxes.ts), as a generated family:
// tight ruled tables of short values repeated down their columns ("1", "10", "-", "0,1"), drawn with
// varied type sizes, row pitches and column counts, read by two OCR engines that agree on every
// cell. Some rows hold a word Tesseract boxed at twice the text's height or more, and the scan's
// line building gave every cell of such a row that height (scanned-page.ts), reaching into the rows
// above and below. Every agreed cell must come out verified; before, the other engine's words of
// the neighbouring rows landed in the stretched cells and disputed them. Then the lies: where the
// other engine read another value on the cell's own line, the cell is disputed; where it read
// nothing there, no neighbour's word stands in for it.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BBox, Cell, Table } from "../../../lib/result/schema";
import type { BoxedWord } from "./words-in-box";
import { reconcileTable } from "./reconcile-page";
import { RECONCILE_SETTINGS } from "./settings";
import { int, pick, seededRng } from "../../../tests/pdf/corpus/content";

const VALUES = ["1", "10", "1", "-", "0,1", "100", "1", "10"];
const LABELS = ["Aldrin", "Chlordane", "Dieldrin", "Endrin", "Isodrin", "Lindane", "Mirex", "Simazine"];
type Lie = "none" | "other-value" | "unread";

interface Drawn {
  table: Table;
  ocr1: BoxedWord[];
  ocr2: BoxedWord[];
  /** Rows whose cells the scan stretched over their neighbours. */
  stretched: Set<number>;
  lie: { row: number; col: number; kind: Lie } | null;
}

function draw(seed: number, lieKind: Lie): Drawn {
  const rnd = seededRng(seed * 2654435761);
  const size = 6 + rnd() * 4;
  const pitch = size * (1.15 + rnd() * 0.35);
  const textHeight = size * 0.75;
  const nRows = int(rnd, 6, 24);
  const nCols = int(rnd, 2, 5);
  const ocr1: BoxedWord[] = [];
  const ocr2: BoxedWord[] = [];
  const stretched = new Set<number>();
  const lie = lieKind === "none" ? null : { row: int(rnd, 1, nRows - 2), col: int(rnd, 1, nCols), kind: lieKind };
  const rows: Cell[][] = [];
  for (let r = 0; r < nRows; r++) {
    const top = 100 + r * pitch;
    const tall = rnd() < 0.3;
    // The line's band as the scan built it: the text's height, or a tall word's reaching up and
    // down by 0.4-0.9 of the pitch.
    const band: [number, number] = tall
      ? [top - pitch * (0.4 + rnd() * 0.5), top + textHeight + pitch * (0.4 + rnd() * 0.5)]
      : [top, top + textHeight];
    if (tall) stretched.add(r);
    const label = pick(rnd, LABELS);
    const cells: Cell[] = [];
    const labelBox: BBox = [50, top, 50 + label.length * size * 0.5, top + textHeight];
    ocr1.push({ text: label, bbox: labelBox, confidence: 0.9 });
    ocr2.push({ text: label, bbox: [labelBox[0] - 0.5, labelBox[1] - 0.8, labelBox[2] + 0.5, labelBox[3] + 0.8], confidence: 0.9 });
    cells.push({ value: label, confidence: "unverified", sources: ["ocr-1"], bbox: [labelBox[0], band[0], labelBox[2], band[1]] });
    if (tall) {
      // The tall word itself: a code in parentheses after the label, boxed over the band.
      const x = labelBox[2] + size * 0.4;
      ocr1.push({ text: "(XX)", bbox: [x, band[0], x + size * 2, band[1]], confidence: 0.5 });
      ocr2.push({ text: "(XX)", bbox: [x, top - 0.8, x + size * 2, top + textHeight + 0.8], confidence: 0.9 });
      cells[0] = { ...cells[0]!, value: `${label} (XX)`, bbox: [labelBox[0], band[0], x + size * 2, band[1]] };
    }
    for (let c = 1; c <= nCols; c++) {
      const value = VALUES[(r + c * 3) % VALUES.length]!;
      const x = 150 + c * 50;
      const own: BBox = [x, top, x + value.length * size * 0.55, top + textHeight];
      ocr1.push({ text: value, bbox: own, confidence: 0.9 });
      const isLie = lie && lie.row === r && lie.col === c;
      if (!(isLie && lie.kind === "unread")) {
        const read = isLie ? (value === "7" ? "1" : "7") : value;
        ocr2.push({ text: read, bbox: [own[0] - 0.4, own[1] - 0.8, own[2] + 0.4, own[3] + 0.8], confidence: 0.9 });
      }
      cells.push({ value, confidence: "unverified", sources: ["ocr-1"], bbox: [own[0], band[0], own[2], band[1]] });
    }
    rows.push(cells);
  }
  const table = {
    page: 1,
    index: 0,
    order: 0,
    kind: "ruled",
    column_major: false,
    header: [],
    header_cells: [],
    rows,
    bbox: [40, 80, 450, 100 + nRows * pitch + 20],
  } as unknown as Table;
  return { table, ocr1, ocr2, stretched, lie };
}

test("a row stretched over its neighbours is read in its own line: agreed cells are verified", () => {
  let stretchedCells = 0;
  let disputedBefore = 0;
  for (let seed = 1; seed <= 80; seed++) {
    const { table, ocr1, ocr2, stretched } = draw(seed, "none");
    const out = reconcileTable(table, "ocr-1", { "ocr-1": ocr1, "ocr-2": ocr2 });
    out.rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        assert.equal(cell.confidence, "verified", `seed ${seed} ${r},${c} ${JSON.stringify(cell)}`);
        assert.deepEqual(cell.bbox, table.rows[r]![c]!.bbox, "the cell keeps its box");
        if (stretched.has(r)) stretchedCells++;
      }),
    );
    // What the family tells apart: the same tables voted in the rows' whole bands.
    const before = withVoteBoxes(false, () => reconcileTable(table, "ocr-1", { "ocr-1": ocr1, "ocr-2": ocr2 }));
    disputedBefore += before.rows.flat().filter((cell) => cell.confidence === "disputed").length;
  }
  assert.ok(stretchedCells >= 300, `stretched cells drawn: ${stretchedCells}`);
  assert.ok(disputedBefore >= stretchedCells / 3, `disputed in the whole bands: ${disputedBefore}`);
});

test("in its own line, another value read by the other engine disputes, and a neighbour's word never stands in", () => {
  const seen = new Map<Lie, number>();
  for (let seed = 1; seed <= 120; seed++) {
    const kind: Lie = seed % 2 === 0 ? "other-value" : "unread";
    const { table, ocr1, ocr2, lie } = draw(seed + 1000, kind);
    const out = reconcileTable(table, "ocr-1", { "ocr-1": ocr1, "ocr-2": ocr2 });
    const cell = out.rows[lie!.row]![lie!.col]!;
    if (kind === "other-value") assert.equal(cell.confidence, "disputed", `seed ${seed}: ${JSON.stringify(cell)}`);
    else {
      assert.notEqual(cell.confidence, "verified", `seed ${seed}: ${JSON.stringify(cell)}`);
      assert.equal(cell.readings?.["ocr-2"], undefined, `seed ${seed}: no reading of the other engine's`);
    }
    seen.set(kind, (seen.get(kind) ?? 0) + 1);
  }
  assert.ok((seen.get("other-value") ?? 0) >= 50 && (seen.get("unread") ?? 0) >= 50);
});

function withVoteBoxes<T>(enabled: boolean, run: () => T): T {
  const settings = RECONCILE_SETTINGS.scanVoteBoxes as { enabled: boolean };
  const was = settings.enabled;
  settings.enabled = enabled;
  try {
    return run();
  } finally {
    settings.enabled = was;
  }
}

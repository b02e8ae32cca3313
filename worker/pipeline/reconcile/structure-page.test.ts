// The page's structure vote runs twice with OCR (the cascade asks which cells a reading is against,
// then the vote decides confidences), on the same words and readings, and the second run reuses
// the first one's prepared readings. Generated grids (sizes, which cell a reading merges) check
// that the reuse gives exactly what a fresh vote gives, and that a reading replaced by another on
// the same words is judged as itself, never as the one it replaced.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { ModelCell, TableModel, Word } from "../types";
import type { StructureReading } from "../structure/types";
import { modelToTable } from "../tables/assemble-table";
import { reconcileStructure } from "./structure-page";

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

interface Grid {
  words: Word[];
  right: TableModel;
  merged: TableModel;
}

/** A rows x cols grid of numbers, one word a cell; `merged` joins two neighbours of one body row. */
function grid(seed: number): Grid {
  const rnd = random(seed);
  const rows = 3 + Math.floor(rnd() * 6);
  const cols = 2 + Math.floor(rnd() * 4);
  const pitchX = 50 + rnd() * 30;
  const pitchY = 14 + rnd() * 8;
  const words: Word[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = 100 + c * pitchX;
      const y = 100 + r * pitchY;
      words.push({ text: String(Math.floor(rnd() * 9000) + 100), box: [x, y, x + 24, y + 9], size: 9, font: "F", bold: false, dir: 0 });
    }
  }
  const at = (r: number, c: number) => r * cols + c;
  const cell = (row: number, col: number, w: number[], colSpan = 1): ModelCell => ({
    row,
    col,
    rowSpan: 1,
    colSpan,
    text: w.map((i) => words[i]!.text).join(" "),
    box: [
      Math.min(...w.map((i) => words[i]!.box[0])),
      Math.min(...w.map((i) => words[i]!.box[1])),
      Math.max(...w.map((i) => words[i]!.box[2])),
      Math.max(...w.map((i) => words[i]!.box[3])),
    ],
  });
  const model = (cells: ModelCell[]): TableModel => ({
    box: [100, 100, 100 + (cols - 1) * pitchX + 24, 100 + (rows - 1) * pitchY + 9],
    nRows: rows,
    nCols: cols,
    cells,
    headerRows: 1,
    rowGroups: [],
    source: "pdf-grid",
    disputed: false,
  });
  const all: ModelCell[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) all.push(cell(r, c, [at(r, c)]));
  const mr = 1 + Math.floor(rnd() * (rows - 1));
  const mc = Math.floor(rnd() * (cols - 1));
  const merged = all.filter((m) => !(m.row === mr && (m.col === mc || m.col === mc + 1)));
  merged.push(cell(mr, mc, [at(mr, mc), at(mr, mc + 1)], 2));
  return { words, right: model(all), merged: model(merged) };
}

const tables = (source: StructureReading["source"], m: TableModel): StructureReading => ({ source, kind: "tables", tables: [m] });

test("the second vote on a page's words and readings gives what a fresh vote gives (generated grids)", () => {
  for (let seed = 1; seed <= 30; seed++) {
    const { words, right, merged } = grid(seed);
    const readings = [tables("pdf-grid", right), tables("pdf-layout", seed % 2 === 0 ? merged : right), tables("pdf-tags", right)];
    const first = reconcileStructure([modelToTable(right, 1, 0)], [right], words, readings);
    const second = reconcileStructure(first.tables, [right], words, readings);
    // A copy of the words and of every reading: nothing prepared before can be reused.
    const fresh = reconcileStructure(first.tables, [right], [...words], structuredClone(readings));
    assert.deepEqual(second, fresh, `seed ${seed}`);
  }
});

test("a reading replaced on the same words is judged as itself (generated grids)", () => {
  let disputedSomewhere = 0;
  for (let seed = 1; seed <= 30; seed++) {
    const { words, right, merged } = grid(seed);
    const table = modelToTable(right, 1, 0);
    const agreeing = [tables("pdf-grid", right), tables("pdf-layout", right)];
    reconcileStructure([table], [right], words, agreeing);
    const against = [agreeing[0]!, tables("pdf-layout", merged)];
    const reused = reconcileStructure([table], [right], words, against);
    const fresh = reconcileStructure([table], [right], [...words], structuredClone(against));
    assert.deepEqual(reused, fresh, `seed ${seed}`);
    if (reused.verdicts.flat().some(({ verdict }) => verdict.against.length > 0)) disputedSomewhere++;
  }
  // The merging reading objects somewhere on every grid: the replaced reading's support is not kept.
  assert.equal(disputedSomewhere, 30);
});

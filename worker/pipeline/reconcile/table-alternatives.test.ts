// The shapes losing readings proposed, recorded per table: generated grids of varied size, header
// depth and split points, each read again by another reading as two or three tables, with a
// header ending lower, with no header, or as one table with the next; a reading that agrees
// proposes nothing, and readings proposing the same shape are one alternative naming both.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Table } from "../../../lib/result/schema";
import type { Box, ModelCell, TableModel, Word } from "../types";
import type { StructureReading } from "../structure/types";
import { modelToTable } from "../tables/assemble-table";
import { withTableAlternatives, wordsInBoxes } from "./table-alternatives";
import { seededRng as random } from "../../../lib/seeded-rng";

const between = (next: () => number, lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));

interface Grid {
  /** The page's words, line by line. */
  words: Word[][];
}

/** Page lines from `top`, each holding `cols` words at a varied pitch. */
function grid(lines: number, cols: number, top: number, pitch: number, colPitch: number): Grid {
  return {
    words: Array.from({ length: lines }, (_, r) =>
      Array.from({ length: cols }, (_, c): Word => {
        const x = 60 + c * colPitch;
        const y = top + r * pitch;
        return { text: c === 0 ? `L${r}` : String(r * 10 + c), box: [x, y, x + 30, y + 9] as Box, size: 9, font: "F", bold: false, dir: 0 };
      }),
    ),
  };
}

/** A model over lines [from, to) of the grid, with `headerRows` header lines. */
function model(g: Grid, from: number, to: number, headerRows: number, source: TableModel["source"] = "pdf-layout"): TableModel {
  const lines = g.words.slice(from, to);
  const cells: ModelCell[] = lines.flatMap((line, r) =>
    line.map((w, c) => ({ row: r, col: c, rowSpan: 1, colSpan: 1, text: w.text, box: w.box })),
  );
  const boxes = lines.flat().map((w) => w.box);
  const box: Box = [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
  return { box, nRows: lines.length, nCols: lines[0]!.length, cells, headerRows, rowGroups: [], source, disputed: false };
}

const reading = (source: string, tables: TableModel[]): StructureReading => ({ source, kind: "tables", tables }) as StructureReading;

const deliver = (models: TableModel[]): Table[] => models.map((m, i) => modelToTable(m, 1, i));

interface Case {
  g: Grid;
  lines: number;
  header: number;
}

function draw(next: () => number): Case {
  const lines = between(next, 6, 16);
  const cols = between(next, 2, 6);
  const header = between(next, 0, 2);
  return { g: grid(lines, cols, between(next, 60, 300), between(next, 12, 24), between(next, 50, 90)), lines, header };
}

test("a reading of one table as two or three: a split at the body rows where its tables start (300 drawn tables)", () => {
  const next = random(11);
  for (let n = 0; n < 300; n++) {
    const { g, lines, header } = draw(next);
    // Cut points after the header, each part at least two lines (the part minimum is four words).
    const firstCut = between(next, header + 2, lines - 2);
    const cuts = [firstCut];
    if (lines - firstCut >= 4 && next() < 0.5) cuts.push(between(next, firstCut + 2, lines - 2));
    const bounds = [0, ...cuts, lines];
    const parts = bounds.slice(0, -1).map((from, k) => model(g, from, bounds[k + 1]!, k === 0 ? header : 0, "pdf-grid"));
    const [out] = withTableAlternatives(deliver([model(g, 0, lines, header)]), g.words.flat(), [reading("pdf-grid", parts)]);
    assert.deepEqual(
      out!.alternatives,
      [{ kind: "split", rows: cuts.map((cut) => cut - header), by: ["pdf-grid"] }],
      `case ${n}: ${lines} lines, header ${header}, cuts ${cuts.join(",")}`,
    );
  }
});

test("a reading whose header ends lower, or that has no header: header-down by the rows, or no-header (300 drawn tables)", () => {
  const next = random(23);
  for (let n = 0; n < 300; n++) {
    const { g, lines, header } = draw(next);
    const delivered = deliver([model(g, 0, lines, header)]);
    if (header > 0 && next() < 0.4) {
      const [out] = withTableAlternatives(delivered, g.words.flat(), [reading("pdf-tags", [model(g, 0, lines, 0)])]);
      assert.deepEqual(out!.alternatives, [{ kind: "no-header", by: ["pdf-tags"] }], `case ${n}`);
      continue;
    }
    const more = between(next, 1, Math.min(3, lines - header - 1));
    const [out] = withTableAlternatives(delivered, g.words.flat(), [reading("pdf-tags", [model(g, 0, lines, header + more)])]);
    assert.deepEqual(out!.alternatives, [{ kind: "header-down", rows: more, by: ["pdf-tags"] }], `case ${n}: header ${header} + ${more}`);
  }
});

test("two delivered tables a reading reads as one: merge-next on the first, nothing on the second (200 drawn pairs)", () => {
  const next = random(37);
  for (let n = 0; n < 200; n++) {
    const { g, lines, header } = draw(next);
    const cut = between(next, header + 2, lines - 2);
    const delivered = deliver([model(g, 0, cut, header), model(g, cut, lines, 0)]);
    const [first, second] = withTableAlternatives(delivered, g.words.flat(), [reading("ocr-layout", [model(g, 0, lines, header)])]);
    assert.deepEqual(first!.alternatives, [{ kind: "merge-next", by: ["ocr-layout"] }], `case ${n}`);
    assert.equal(second!.alternatives, undefined, `case ${n}`);
  }
});

test("a reading that agrees proposes nothing; two proposing the same shape are one alternative, most readings first", () => {
  const { g, lines, header } = { g: grid(10, 3, 100, 20, 70), lines: 10, header: 1 };
  const delivered = deliver([model(g, 0, lines, header)]);
  const words = g.words.flat();
  const same = withTableAlternatives(delivered, words, [reading("pdf-grid", [model(g, 0, lines, header, "pdf-grid")])]);
  assert.equal(same[0]!.alternatives, undefined);
  assert.equal(same[0], delivered[0], "an unchanged table is the same object");
  const split = [model(g, 0, 5, header), model(g, 5, lines, 0)];
  const out = withTableAlternatives(delivered, words, [
    reading("pdf-tags", [model(g, 0, lines, header + 1)]),
    reading("pdf-grid", split),
    reading("ocr-layout", split),
    { source: "ocr-2-lines", kind: "fragments", fragments: [] },
  ]);
  assert.deepEqual(out[0]!.alternatives, [
    { kind: "split", rows: [4], by: ["ocr-layout", "pdf-grid"] },
    { kind: "header-down", rows: 1, by: ["pdf-tags"] },
  ]);
});

test("a reading over too few of the table's words, or splitting off the header line alone, proposes nothing", () => {
  const g = grid(10, 3, 100, 20, 70);
  const words = g.words.flat();
  const delivered = deliver([model(g, 0, 10, 1)]);
  // One line of three words: under the part minimum.
  assert.equal(withTableAlternatives(delivered, words, [reading("pdf-grid", [model(g, 9, 10, 0)])])[0]!.alternatives, undefined);
  // Header line and body as two tables: no edit makes a table of a header line.
  const headerApart = withTableAlternatives(delivered, words, [reading("pdf-grid", [model(g, 0, 2, 1), model(g, 2, 10, 0)])]);
  assert.deepEqual(headerApart[0]!.alternatives, [{ kind: "split", rows: [1], by: ["pdf-grid"] }]);
  const oneLineHeader = withTableAlternatives(delivered, words, [reading("pdf-grid", [model(g, 0, 1, 1), model(g, 1, 10, 0)])]);
  assert.equal(oneLineHeader[0]!.alternatives, undefined);
});

test("a reading reported beside the vote (concursOnly) proposes nothing; one that may only object still proposes", () => {
  const g = grid(8, 3, 100, 20, 70);
  const words = g.words.flat();
  const delivered = deliver([model(g, 0, 8, 1)]);
  const headerless = model(g, 0, 8, 0);
  const beside = { ...reading("pdf-model", [headerless]), concursOnly: true } as StructureReading;
  assert.equal(withTableAlternatives(delivered, words, [beside])[0]!.alternatives, undefined);
  const objector = { ...reading("pdf-layout-alt", [headerless]), objectsOnly: true } as StructureReading;
  assert.deepEqual(withTableAlternatives(delivered, words, [objector])[0]!.alternatives, [{ kind: "no-header", by: ["pdf-layout-alt"] }]);
});

test("a reading with a column band over other columns: band-span with the reading's columns (200 drawn tables)", () => {
  const next = random(53);
  for (let n = 0; n < 200; n++) {
    const cols = between(next, 3, 7);
    const colPitch = between(next, 50, 90);
    const g = grid(between(next, 5, 12), cols, 120, between(next, 12, 24), colPitch);
    const start = between(next, 1, cols - 2);
    const end = between(next, start + 1, cols - 1);
    // The reading's band: one column more or less on one side, inside the table.
    const options = [
      [start - 1, end],
      [start + 1, end],
      [start, end - 1],
      [start, end + 1],
    ].filter(([s, e]) => s! >= 1 && e! <= cols - 1 && s! < e!);
    if (options.length === 0) continue;
    const [theirStart, theirEnd] = options[between(next, 0, options.length - 1)]!;
    const x = 60 + ((start + end) / 2) * colPitch;
    const label: Word = { text: "Band", box: [x, 100, x + 30, 109], size: 9, font: "F", bold: false, dir: 0 };
    const withBand = (s: number, e: number): TableModel => {
      const body = model(g, 0, g.words.length, 1);
      const cells: ModelCell[] = [
        { row: 0, col: s, rowSpan: 1, colSpan: e - s + 1, text: "Band", box: label.box },
        ...body.cells.map((cell) => ({ ...cell, row: cell.row + 1 })),
      ];
      return { ...body, box: [body.box[0], 100, body.box[2], body.box[3]], nRows: body.nRows + 1, cells, headerRows: 2 };
    };
    const delivered = deliver([withBand(start, end)]);
    assert.deepEqual(delivered[0]!.colbands, [{ label: "Band", start_col: start, end_col: end }]);
    const words = [label, ...g.words.flat()];
    const [out] = withTableAlternatives(delivered, words, [reading("pdf-stream", [withBand(theirStart!, theirEnd!)])]);
    assert.deepEqual(
      out!.alternatives,
      [{ kind: "band-span", band: 0, label: "Band", start_col: theirStart, end_col: theirEnd, by: ["pdf-stream"] }],
      `case ${n}: ${cols} columns, band ${start}-${end}, theirs ${theirStart}-${theirEnd}`,
    );
  }
});

test("wordsInBoxes holds exactly the words whose centre lies in one of the boxes (random pages, cells on the edges, boxes with a NaN side)", () => {
  for (let seed = 1; seed <= 40; seed++) {
    const next = random(seed);
    const coord = () => Math.round(next() * 600) / 2;
    const words: Word[] = Array.from({ length: between(next, 0, 80) }, () => {
      const [x, y] = [coord(), coord()];
      const box: Box = [x, y, x + between(next, 0, 40), y + between(next, 0, 12)];
      return { text: "w", box, size: 9, font: "F", bold: false, dir: 0 };
    });
    const boxes: Box[] = Array.from({ length: between(next, 0, 6) }, () => {
      if (next() < 0.5 && words.length > 0) {
        // A box whose sides pass exactly through a word's centre.
        const w = words[between(next, 0, words.length - 1)]!.box;
        const [cx, cy] = [(w[0] + w[2]) / 2, (w[1] + w[3]) / 2];
        return [cx, cy, cx + between(next, 0, 30), cy + between(next, 0, 30)];
      }
      const [x, y] = [coord(), coord()];
      const box: Box = [x, y, x + between(next, 0, 200), y + between(next, 0, 60)];
      if (next() < 0.1) box[between(next, 0, 3)] = NaN;
      return box;
    });
    const expected = new Set<number>();
    words.forEach((word, i) => {
      const [x, y] = [(word.box[0] + word.box[2]) / 2, (word.box[1] + word.box[3]) / 2];
      if (boxes.some((b) => x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3])) expected.add(i);
    });
    assert.deepEqual([...wordsInBoxes(words, boxes)], [...expected], `seed ${seed}`);
  }
});

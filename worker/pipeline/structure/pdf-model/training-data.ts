// Training examples for pdf-model's four questions, labelled from a table's ground truth: each word
// of the region goes to the ground-truth cell its centre lies in (top-left page coordinates), and
//   - two neighbouring words of a line share a cell when they went to the same cell;
//   - a line continues the row above when most of its words went to cells of the same row as most
//     of the words above;
//   - a whitespace valley is a column boundary when the single-column cells' words left of it and
//     right of it fall in columns on either side of one column line (at most one word in a
//     hundred off: a ground-truth box that overhangs its neighbour);
//   - a row is a header row when most of its words went to the table's header rows (known for
//     generated tables only; the ICDAR files do not say).
// Words in no ground-truth cell ask no question. Later questions are asked of the earlier answers
// the model gives (the deciders passed in), so training sees the inputs reading will see.
import type { Box, Word } from "../../types";
import {
  GAP_FEATURES,
  LINE_PAIR_FEATURES,
  ROW_FEATURES,
  WORD_PAIR_FEATURES,
  gapFeatures,
  linePairFeatures,
  rowFeatures,
  wordPairFeatures,
} from "./features";
import { analyseRegion, wordsInRegion, type Deciders } from "./read-region";

export interface TruthCellBox {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  /** Top-left page coordinates. */
  box: Box;
}

export interface LabelledRegion {
  /** Where it comes from (a generated family or a shared set), for figures by family. */
  group: string;
  words: Word[];
  region: Box;
  cells: TruthCellBox[];
  /** Header rows when known. */
  headerRows?: number;
}

export interface Examples {
  names: string[];
  x: number[][];
  y: number[];
}

export interface ExampleSets {
  wordPair: Examples;
  linePair: Examples;
  gap: Examples;
  header: Examples;
}

const empty = (names: string[]): Examples => ({ names, x: [], y: [] });

/** The ground-truth cell of each word (-1: none). */
function cellOfWords(words: readonly Word[], cells: readonly TruthCellBox[]): Map<Word, number> {
  const out = new Map<Word, number>();
  for (const w of words) {
    const cx = (w.box[0] + w.box[2]) / 2;
    const cy = (w.box[1] + w.box[3]) / 2;
    let best = -1;
    let bestArea = Infinity;
    cells.forEach((c, k) => {
      if (cx < c.box[0] - 1 || cx > c.box[2] + 1 || cy < c.box[1] - 1 || cy > c.box[3] + 1) return;
      const area = (c.box[2] - c.box[0]) * (c.box[3] - c.box[1]);
      if (area < bestArea) {
        best = k;
        bestArea = area;
      }
    });
    out.set(w, best);
  }
  return out;
}

function majority(values: number[]): number | null {
  if (values.length === 0) return null;
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: number | null = null;
  let n = 0;
  for (const [v, c] of counts) if (c > n) [best, n] = [v, c];
  return n * 2 > values.length ? best : null;
}

/** Examples of every question from the regions, asked of `deciders`' earlier answers. */
export function buildExamples(regions: readonly LabelledRegion[], deciders: Deciders): ExampleSets {
  const sets: ExampleSets = {
    wordPair: empty(WORD_PAIR_FEATURES),
    linePair: empty(LINE_PAIR_FEATURES),
    gap: empty(GAP_FEATURES),
    header: empty(ROW_FEATURES),
  };
  for (const region of regions) {
    const words = wordsInRegion(region.words, region.region);
    const analysis = analyseRegion(words, region.region, deciders);
    if (!analysis) continue;
    const cellOf = cellOfWords(words, region.cells);
    const { em, lines, segments, rows, candidates } = analysis;
    lines.forEach((line, i) => {
      for (let k = 0; k + 1 < line.words.length; k++) {
        const a = cellOf.get(line.words[k]!)!;
        const b = cellOf.get(line.words[k + 1]!)!;
        if (a < 0 || b < 0) continue;
        sets.wordPair.x.push(wordPairFeatures(lines, i, k, em));
        sets.wordPair.y.push(a === b ? 1 : 0);
      }
    });
    const lineRow = lines.map((line) =>
      majority(
        line.words
          .map((w) => cellOf.get(w)!)
          .filter((c) => c >= 0)
          .map((c) => region.cells[c]!.row),
      ),
    );
    for (let k = 0; k + 1 < lines.length; k++) {
      if (lineRow[k] === null || lineRow[k + 1] === null) continue;
      sets.linePair.x.push(linePairFeatures(lines, segments, k, em, region.region));
      sets.linePair.y.push(lineRow[k] === lineRow[k + 1] ? 1 : 0);
    }
    // Single-column cells by the extent of their words in the region: a cell on one side of a
    // valley must be in a column on that side; a cell across it (a long stub label, a section
    // label in the stub column running on over the values) says nothing about it.
    // A row's lone cell is left out too: the ground truth puts a section or panel label in the
    // stub column wherever it is printed (centred over the values, say).
    const cellsInRow = new Map<number, number>();
    for (const c of region.cells) cellsInRow.set(c.row, (cellsInRow.get(c.row) ?? 0) + 1);
    const extents = new Map<number, [number, number]>();
    for (const w of words) {
      const c = cellOf.get(w)!;
      if (c < 0 || region.cells[c]!.colSpan !== 1 || cellsInRow.get(region.cells[c]!.row)! < 2) continue;
      const e = extents.get(c);
      extents.set(c, e ? [Math.min(e[0], w.box[0]), Math.max(e[1], w.box[2])] : [w.box[0], w.box[2]]);
    }
    const placed = [...extents].map(([c, [x0, x1]]) => ({ x0, x1, col: region.cells[c]!.col }));
    const maxCol = Math.max(0, ...region.cells.map((c) => c.col + c.colSpan - 1));
    for (const gap of candidates) {
      const mid = (gap.x0 + gap.x1) / 2;
      const left = placed.filter((p) => p.x1 <= mid);
      const right = placed.filter((p) => p.x0 >= mid);
      if (left.length === 0 || right.length === 0) continue;
      let bestError = Infinity;
      for (let line = 0; line < maxCol; line++) {
        const error = left.filter((p) => p.col > line).length + right.filter((p) => p.col <= line).length;
        bestError = Math.min(bestError, error);
      }
      sets.gap.x.push(gapFeatures(rows, gap, em, region.region, candidates));
      sets.gap.y.push(bestError <= Math.floor((left.length + right.length) / 100) ? 1 : 0);
    }
    if (region.headerRows !== undefined) {
      const headerRows = region.headerRows;
      rows.forEach((row, r) => {
        const rowWords = row.segments.flatMap((s) => s.words);
        const inHeader = majority(
          rowWords
            .map((w) => cellOf.get(w)!)
            .filter((c) => c >= 0)
            .map((c) => (region.cells[c]!.row < headerRows ? 1 : 0)),
        );
        if (inHeader === null) return;
        sets.header.x.push(rowFeatures(rows, r, em));
        sets.header.y.push(inHeader);
      });
    }
  }
  return sets;
}

// pdf-model's reading of one table region: the words' lines, then the model's four answers in turn
// (which neighbouring words share a cell, which lines continue a row, which whitespace valleys are
// column boundaries, which top rows are the header), then the grid assembled from them: columns
// between the boundaries, a piece of text over a boundary spans those columns, pieces of one row
// over the same columns are one cell (a wrapped label), lines top to bottom, words left to right.
import type { Box, ModelCell, TableModel, Word } from "../../types";
import { treesProbability } from "./gbdt";
import {
  firstValueRow,
  gapCandidates,
  gapFeatures,
  lineSegments,
  linePairFeatures,
  linesToRows,
  regionEm,
  rowFeatures,
  unionBox,
  wordPairFeatures,
  wordsToLines,
  type GapCandidate,
  type Line,
  type Row,
  type Segment,
} from "./features";
import type { PdfModel } from "./model-file";

/** The model's answers as decisions; training swaps in its own to build the later stages' inputs. */
export interface Deciders {
  sameCell(lines: readonly Line[], line: number, k: number, em: number): boolean;
  sameRow(lines: readonly Line[], segments: readonly Segment[][], k: number, em: number, region: Box): boolean;
  isBoundary(rows: readonly Row[], gap: GapCandidate, em: number, region: Box, all: readonly GapCandidate[]): boolean;
  isHeader(rows: readonly Row[], r: number, em: number): boolean;
}

export function modelDeciders(model: PdfModel): Deciders {
  return {
    sameCell: (lines, line, k, em) => treesProbability(model.wordPair, wordPairFeatures(lines, line, k, em)) >= 0.5,
    sameRow: (lines, segments, k, em, region) => treesProbability(model.linePair, linePairFeatures(lines, segments, k, em, region)) >= 0.5,
    isBoundary: (rows, gap, em, region, all) => treesProbability(model.gap, gapFeatures(rows, gap, em, region, all)) >= 0.5,
    isHeader: (rows, r, em) => treesProbability(model.header, rowFeatures(rows, r, em)) >= 0.5,
  };
}

export interface RegionAnalysis {
  em: number;
  lines: Line[];
  segments: Segment[][];
  rows: Row[];
  candidates: GapCandidate[];
}

/** The words whose centre lies in the region (grown by `margin` points). */
export function wordsInRegion(words: readonly Word[], region: Box, margin = 1): Word[] {
  return words.filter((w) => {
    const cx = (w.box[0] + w.box[2]) / 2;
    const cy = (w.box[1] + w.box[3]) / 2;
    return (
      cx >= region[0] - margin &&
      cx <= region[2] + margin &&
      cy >= region[1] - margin &&
      cy <= region[3] + margin &&
      w.dir === 0 &&
      w.text.trim() !== ""
    );
  });
}

/** Lines, segments and rows of a region under the given decisions (up to the column question). */
export function analyseRegion(words: readonly Word[], region: Box, deciders: Deciders): RegionAnalysis | null {
  if (words.length === 0) return null;
  const em = regionEm(words);
  const lines = wordsToLines(words);
  const segments = lineSegments(lines, (line, k) => deciders.sameCell(lines, line, k, em));
  const rows = linesToRows(lines, segments, (k) => deciders.sameRow(lines, segments, k, em, region));
  return { em, lines, segments, rows, candidates: gapCandidates(rows, region) };
}

/** The table the decisions make of a region, or null when it holds no words. */
export function readRegion(words: readonly Word[], region: Box, deciders: Deciders): TableModel | null {
  const inside = wordsInRegion(words, region);
  const analysis = analyseRegion(inside, region, deciders);
  if (!analysis) return null;
  const { em, rows, candidates } = analysis;
  const boundaries = candidates.filter((g) => deciders.isBoundary(rows, g, em, region, candidates)).map((g) => (g.x0 + g.x1) / 2);
  const slot = (x: number) => boundaries.filter((b) => b < x).length;
  const cells: ModelCell[] = [];
  // The header is read top down and ends by the first row of values at the latest; a table with
  // no value (text in columns) has at most its first row as a header: the header question was
  // learned on tables of values, and on text it took four rows of five for the header.
  const lastHeader = firstValueRow(rows);
  const maxHeader = lastHeader < 0 ? Math.min(1, rows.length - 1) : Math.min(lastHeader, rows.length - 1);
  let nHeader = 0;
  while (nHeader < maxHeader && deciders.isHeader(rows, nHeader, em)) nHeader++;
  rows.forEach((row, r) => {
    // Each piece's columns; pieces of the row on overlapping columns become one cell.
    const pieces = row.segments
      .map((s) => ({ words: [...s.words], first: slot(s.box[0] + 0.25), last: slot(s.box[2] - 0.25), lines: [s.line] }))
      .sort((a, b) => a.first - b.first || a.last - b.last);
    const merged: typeof pieces = [];
    for (const p of pieces) {
      const prev = merged[merged.length - 1];
      if (prev && p.first <= prev.last) {
        prev.words.push(...p.words);
        prev.last = Math.max(prev.last, p.last);
      } else merged.push({ ...p, last: Math.max(p.first, p.last) });
    }
    for (const p of merged) {
      const ordered = orderWords(p.words);
      cells.push({
        row: r,
        col: p.first,
        rowSpan: 1,
        colSpan: p.last - p.first + 1,
        text: ordered.map((w) => w.text).join(" "),
        box: unionBox(ordered.map((w) => w.box)),
      });
    }
  });
  const box = unionBox(cells.map((c) => c.box!));
  return {
    box,
    nRows: rows.length,
    nCols: boundaries.length + 1,
    cells,
    headerRows: nHeader,
    rowGroups: [],
    source: "pdf-layout",
    disputed: false,
  };
}

/** A cell's words in reading order: its lines top to bottom, each left to right. */
function orderWords(words: Word[]): Word[] {
  return wordsToLines(words).flatMap((l) => l.words);
}

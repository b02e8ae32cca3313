// Structure reader pdf-stream: a second, independent reading of an unruled table's text geometry,
// by another method than pdf-layout's (in the spirit of Tabula's "stream" mode and Nurminen's
// whitespace analysis). On a borderless table pdf-layout is the only full segmentation; the OCR
// detector's lines (ocr-2-lines) can only say that no line is cut or joined, not whether a cell
// sits in the right column or a header spans the right columns. So this reading does not reuse
// pdf-layout's chunking, column finding or wrap rule:
//   - rows: words clustered by their vertical extent (a word joins a line it overlaps by half its
//     height), not by centre tolerance; marks set smaller than the text (a superscript footnote
//     digit, a raised "r"/"p"/"e" after a value) join the line they sit on after the full-size
//     words have made the lines, so they stay in the cell they are attached to;
//   - columns: a projection profile of the x-extents of the words of the VALUE lines only (lines
//     holding a number or a placeholder mark: "–", "—", "...", "(NA)", "(X)", "(D)"), a column
//     boundary wherever a gap at least streamMinGutterEm wide runs through (nearly) all of them;
//     text-only lines (wrapped labels, section labels, the header) never make or break a column;
//     a year with a mark ("2023p", "2020 (r)") is a name, not a value;
//   - a column that no cell of a value line starts in (inner words of long stub labels) is part
//     of the column on its left;
//   - header: the lines above the first line of values (years and ranges are names), read bottom
//     up: a name with nothing under it takes its column; a label over names is a band over the
//     smallest group of columns whose names it is centred on (layout programs centre bands);
//     a label alone on its line over a line of two or more bands, centred on their whole run
//     (and so also on the middle one of symmetric bands), spans them all; a lone label centred
//     on nested groups (the middle columns and a wider run share a centre) spans every value
//     column when that is one of the groups, else the header gets no opinion;
//     a line stacked over a name is that name's first line only when a word says so (below);
//   - wrapped lines: joined by their words, not their geometry: a line without numbers continues
//     the row above when each of its pieces starts in lower case or the text it continues ends
//     in a hyphen, comma or joining word ("of", "and"); a label line with no values continues
//     into the line below on the same cue, and so does a row of text cells (a code and its
//     description) into a line of values whose pieces under its cells carry them on;
//   - section and panel labels: a label line without values in the body is a row of its own in
//     the stub column; so is one just above the first values, right under the line of column
//     names, even where it runs on or is centred over the value columns (the first panel's label);
//   - a label line (no value after its first run) keeps a number standing close to its words
//     ("with children under 18"): only in a line of values is a number its column's own;
//   - stacked tables: a line of column names under the values (no number, names over at least
//     half the value columns) with values further down starts a table of its own, read afresh.
// It reads only the regions table detection delivers from text geometry (ruled tables have
// pdf-grid as their second reading), and says nothing where it is not sure: a region whose value
// lines do not give two columns, a header run it cannot place over whole columns (its header is
// then left out: the table's box covers the body only; but a lone run from the stub out over the
// value columns, a title or note above the header, is left out with the lines above it, and the
// lines under it are the header), dot leaders (which fill gutters; a lone "..." standing for a
// value is a placeholder, not a leader).
// Nor on a scan: there the words both text-geometry readings lay out are one OCR reading, so a
// second layout of them is no check on what OCR missed or merged (a mark it did not read makes a
// hole both layouts agree on). With it, realistic EU scans had 68.7% of relations verified and
// 98.5% of those right, against 54.4% and 99.64% without.
import type { Box, ModelCell, TableModel, Word } from "../types";
import { boxUnion, median } from "../geometry/box";
import { isNumeric } from "../tables/build-table";
import { isLeadingSign, isTrailingSign } from "../tables/sign-columns";
import type { StructureReader } from "./types";
import { isSegmentation } from "./is-segmentation";
import { holdsNumbers } from "./pdf-layout";
import { STRUCTURE_SETTINGS } from "./settings";

type StreamSettings = typeof STRUCTURE_SETTINGS;

// A year with a mark ("2023p" or "2020 p" preliminary, "2019*", "2020 (r)") is still a name, not a value.
const YEAR = /^(19|20)\d\d(?:\s?\*|\s?[a-z]|\s?\([a-z]\))?$/;
const RANGE = /^\d+\s?[-–]\s?\d+$/;
const LEADERS = /\.{3,}|(\. ){2,}\./;
// Statistical tables print a mark where a value is missing or withheld: a dash, an ellipsis, or a
// parenthesised code ("(NA)", "(X)", "(D)", "(S)", "(Z)"). Such a mark holds its column's place
// as a number does (a row of marks is a row of values, not a line of names), and a lone ellipsis
// is such a mark, not a dot leader (leaders run on, or stand against text).
const PLACEHOLDER = /^(?:[-\u2013\u2014]{1,2}|\.\.\.|\u2026|\([A-Z]{1,2}\)|n\.a\.|N\/A)$/;
const JOINING_WORDS = new Set(["of", "and", "or", "the", "for", "in", "to", "with", "by", "on", "at", "from", "&"]);

export const pdfStreamReader: StructureReader = {
  name: "pdf-stream",
  read({ detected, words, tableRegions, wordsFromOcr }) {
    if (wordsFromOcr) return null;
    const tables = tableRegions
      .filter((region) => !isRuled(region, detected.tables))
      .flatMap((region) => streamTables(region, words) ?? [])
      .filter((model) => isSegmentation(model) && holdsNumbers(model));
    return tables.length > 0 ? { source: "pdf-stream", kind: "tables", tables } : null;
  },
};

/** Whether the delivered table in this region was read from rulings (pdf-grid has its say there). */
function isRuled(region: Box, tables: readonly TableModel[]): boolean {
  return tables.some((t) => t.source === "pdf-grid" && t.box.every((v, k) => Math.abs(v - region[k]!) < 0.5));
}

interface Line {
  words: Word[];
  top: number;
  bottom: number;
}

/** A run of words of one line read as one cell: its first and last column. */
interface Piece {
  words: Word[];
  first: number;
  last: number;
}

const textOf = (words: readonly Word[]) => words.map((w) => w.text).join(" ").trim();
const isValue = (text: string) => (isNumeric(text) && !YEAR.test(text) && !RANGE.test(text)) || PLACEHOLDER.test(text);

/** Whether a region holds dot leaders: a word of dots that is not a lone placeholder ellipsis, or
 * two ellipses in a row closer than a gutter (a leader broken into words). */
function hasLeaders(lines: readonly Line[], minGap: number): boolean {
  return lines.some((line) =>
    line.words.some((w, k) => {
      if (!LEADERS.test(w.text)) return false;
      if (!PLACEHOLDER.test(w.text)) return true;
      const next = line.words[k + 1];
      return next !== undefined && PLACEHOLDER.test(next.text) && LEADERS.test(next.text) && next.box[0] - w.box[2] < minGap;
    }),
  );
}

/** The words' lines, top to bottom, each left to right: a word joins the line whose vertical
 * extent covers at least half of its own height. */
export function streamLines(words: readonly Word[], settings: StreamSettings = STRUCTURE_SETTINGS): Line[] {
  const lines: Line[] = [];
  // Marks set smaller than the text (a superscript footnote digit, a raised "r" or "e" after a
  // value) are placed after the lines of full-size text: a raised mark met first would start a
  // line of its own that the text it sits on then misses by more than half its height.
  const size = median(words.map((w) => w.size), 10);
  const isMark = (w: Word) => w.size < size * settings.streamMarkSizeShare;
  const byTop = (a: Word, b: Word) => a.box[1] - b.box[1] || a.box[0] - b.box[0];
  for (const word of [...words.filter((w) => !isMark(w)).sort(byTop), ...words.filter(isMark).sort(byTop)]) {
    const height = Math.max(0.1, word.box[3] - word.box[1]);
    const line = lines.find((l) => Math.min(l.bottom, word.box[3]) - Math.max(l.top, word.box[1]) >= height * settings.streamLineOverlap);
    if (line) {
      line.words.push(word);
      line.top = Math.min(line.top, word.box[1]);
      line.bottom = Math.max(line.bottom, word.box[3]);
    } else lines.push({ words: [word], top: word.box[1], bottom: word.box[3] });
  }
  for (const line of lines) line.words.sort((a, b) => a.box[0] - b.box[0]);
  return lines.sort((a, b) => a.top - b.top);
}

/** Column x-ranges from the value lines' projection profile: a gutter is an x-range at least
 * `minGap` wide that at most `allowed` of the lines cover. */
export function profileColumns(lines: readonly Line[], minGap: number, allowed: number): Array<[number, number]> {
  const edges: Array<[number, number]> = [];
  for (const line of lines) for (const w of line.words) edges.push([w.box[0], 1], [w.box[2], -1]);
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  // Sweep: spans where the count of covering words (counted once per line would need per-line
  // sweeps; a line's words do not overlap, so words and lines count alike) is <= allowed.
  const columns: Array<[number, number]> = [];
  let depth = 0;
  let start = edges[0]?.[0] ?? 0;
  let gapStart: number | null = null;
  for (const [x, delta] of edges) {
    const before = depth;
    depth += delta;
    if (before <= allowed && depth > allowed && gapStart !== null) {
      if (x - gapStart >= minGap) {
        columns.push([start, gapStart]);
        start = x;
      }
      gapStart = null;
    } else if (before > allowed && depth <= allowed) gapStart = x;
  }
  const end = edges[edges.length - 1]?.[0] ?? start;
  columns.push([start, end]);
  return columns;
}

/** Which column a word's centre lies in (the nearest one when it lies in a gutter). */
function columnOf(x: number, columns: ReadonlyArray<[number, number]>): number {
  let best = 0;
  let bestDistance = Infinity;
  columns.forEach(([x0, x1], c) => {
    const d = x < x0 ? x0 - x : x > x1 ? x - x1 : 0;
    if (d < bestDistance) [best, bestDistance] = [c, d];
  });
  return best;
}

/** A line's runs of words: the words of one column are one run; a run reaches into the next
 * column only across less than a gutter's width (a label set over a gutter), and in a line of
 * values never to or from a number other than a year (a value is its column's own). In a label
 * line (no value after its first run) a number closer than a gutter is the label's own ("with
 * children under 18"). */
function pieces(line: Line, columns: ReadonlyArray<[number, number]>, minGap: number, labelLine = false): Piece[] {
  const out: Piece[] = [];
  for (const w of line.words) {
    const col = columnOf((w.box[0] + w.box[2]) / 2, columns);
    const prev = out[out.length - 1];
    const gap = prev ? w.box[0] - prev.words[prev.words.length - 1]!.box[2] : Infinity;
    const prevWord = prev?.words[prev.words.length - 1];
    if (prev && (col === prev.last || (gap < minGap && (labelLine || (!isValue(w.text) && !isValue(prevWord!.text)))))) {
      prev.words.push(w);
      prev.last = Math.max(prev.last, col);
    } else out.push({ words: [w], first: col, last: col });
  }
  return out;
}

/** A column holding only currency signs ("$" set apart at the left of a money column) belongs to
 * the column on its right, one holding only "%" to the column on its left: a sign is part of its
 * number's cell, however wide the space between them. */
function mergeSignColumns(columns: Array<[number, number]>, lines: readonly Line[]): Array<[number, number]> {
  const out = columns.map((c) => [...c] as [number, number]);
  const texts = (col: [number, number]) => lines.flatMap((l) => l.words.filter((w) => (w.box[0] + w.box[2]) / 2 >= col[0] && (w.box[0] + w.box[2]) / 2 <= col[1]).map((w) => w.text));
  for (let c = 0; c < out.length; c++) {
    const inside = texts(out[c]!);
    if (inside.length === 0) continue;
    if (c + 1 < out.length && inside.every(isLeadingSign)) {
      out[c + 1]![0] = out[c]![0];
      out.splice(c--, 1);
    } else if (c > 0 && inside.every(isTrailingSign)) {
      out[c - 1]![1] = out[c]![1];
      out.splice(c--, 1);
    }
  }
  return out;
}

/** The columns without those no cell of a value line starts in: a column that only the labels of
 * the column on its left run into (the inner words of long stub labels whose first word crossed
 * the gutter and was left out of the profile) is part of that column. */
function withoutEmptyColumns(columns: Array<[number, number]>, valueLines: readonly Line[], minGap: number): Array<[number, number]> {
  const out = columns.map((c) => [...c] as [number, number]);
  for (let c = out.length - 1; c > 0; c--) {
    if (valueLines.some((line) => pieces(line, out, minGap).some((p) => p.first === c))) continue;
    out[c - 1]![1] = out[c]![1];
    out.splice(c, 1);
  }
  return out;
}

/** Whether `next` carries on `text` (the cell above it): a lower-case or parenthesised start
 * ("(Thousands)"), or `text` ends in a hyphen, a comma or a joining word. */
function carriesOn(text: string, next: string): boolean {
  if (/^[a-z(]/.test(next)) return true;
  if (/[-,&(/]$/.test(text)) return true;
  const last = text.split(/\s+/).pop()?.toLowerCase() ?? "";
  return JOINING_WORDS.has(last);
}

interface Row {
  cells: Map<number, Piece>;
  /** Whether a line of values made or joined the row (a row of words only may still take one). */
  values?: boolean;
}

/** The table pdf-stream reads in one region (the first when it reads two stacked ones), or null
 * where it has no opinion. */
export function streamTable(region: Box, allWords: readonly Word[], settings: StreamSettings = STRUCTURE_SETTINGS): TableModel | null {
  return streamTables(region, allWords, settings)?.[0] ?? null;
}

/** The tables pdf-stream reads in one region: one, or two or more stacked (a line of column names
 * under the values starts a table of its own), or null where it has no opinion. */
export function streamTables(region: Box, allWords: readonly Word[], settings: StreamSettings = STRUCTURE_SETTINGS): TableModel[] | null {
  const words = allWords.filter((w) => w.dir === 0 && inRegion(w, region));
  if (words.length === 0) return null;
  const size = median(words.map((w) => w.size), 10);
  const lines = streamLines(words, settings);
  const minGap = size * settings.streamMinGutterEm;
  if (hasLeaders(lines, minGap)) return null;
  return readLines(lines, minGap, settings);
}

function readLines(lines: readonly Line[], minGap: number, settings: StreamSettings): TableModel[] | null {
  // Value lines: after the line's first run of words (a row label, which may be "2010" or "1."),
  // a run that is a number, not a year or a range ("65 and over" is a name).
  const isValueLine = (l: Line) => headerRuns(l, minGap).slice(1).some((run) => isValue(textOf(run)));
  const firstValue = lines.findIndex(isValueLine);
  const valueLines = lines.filter(isValueLine);
  if (firstValue < 0 || valueLines.length < settings.streamMinValueLines) return null;
  // A gutter may be crossed by a few lines (a long label running over it). The words reaching
  // into such a gutter from a column are the crossings; a word standing wholly inside it is a
  // sparse column's value. The columns: the profile without the crossings, nothing crossing.
  const allowed = Math.floor(valueLines.length * settings.streamGutterCrossingShare);
  const loose = profileColumns(valueLines, minGap, allowed);
  const gutters = loose.slice(1).map((col, c) => [loose[c]![1], col[0]] as const);
  const crosses = (w: Word) => gutters.some(([g0, g1]) => w.box[0] < g1 && w.box[2] > g0 && !(w.box[0] >= g0 && w.box[2] <= g1));
  const strict = valueLines.map((l) => ({ ...l, words: l.words.filter((w) => !crosses(w)) }));
  const columns = withoutEmptyColumns(mergeSignColumns(profileColumns(strict, minGap, 0), valueLines), valueLines, minGap);
  if (columns.length < 2) return null;
  // Label-only lines just above the first values (a section label, a stub label wrapped onto the
  // first row of values) belong to the body, not the header. So does a lone label starting in the
  // stub and running on over the value columns, or centred over two or more ("Number (thousands)",
  // the first panel's label), right under a line naming columns: names stand over their columns
  // on one line; a band over those names would stand above them, not under. (With no such line
  // above, a lone run may be a title or a band: left to the header.)
  let bodyStart = firstValue;
  const isLabelLine = (k: number) => {
    const parts = pieces(lines[k]!, columns, minGap, true);
    if (parts.every((p) => p.last === 0)) return true;
    const only = parts.length === 1 ? parts[0]! : undefined;
    return only !== undefined && (only.first === 0 || only.last > only.first) && k > 0 && pieces(lines[k - 1]!, columns, minGap, true).length >= 2;
  };
  while (bodyStart > 0 && isLabelLine(bodyStart - 1)) bodyStart--;

  // Body rows, top to bottom, text-only lines joined by the wrap rule. A line of names under the
  // values (no number, words over at least half the value columns, not carrying on the row
  // above) with values further down heads a table of its own: two stacked tables.
  const bodyRows: Row[] = [];
  let seenValues = false;
  for (const [k, line] of lines.slice(bodyStart).entries()) {
    const valueLine = isValueLine(line);
    const parts = pieces(line, columns, minGap, !valueLine);
    const prevRow = bodyRows[bodyRows.length - 1];
    const named = new Set(parts.filter((p) => p.first >= 1).map((p) => p.first));
    if (seenValues && !valueLine && named.size >= Math.max(2, (columns.length - 1) * settings.streamRestartNamedShare) && prevRow && !continues(prevRow, parts, false)) {
      const rest = lines.slice(bodyStart + k);
      if (rest.some(isValueLine)) {
        const above = readLines(lines.slice(0, bodyStart + k), minGap, settings);
        const below = readLines(rest, minGap, settings);
        return above && below ? [...above, ...below] : null;
      }
    }
    seenValues ||= valueLine;
    // Two runs of one line in one column (a word nearer another column than its own): not sure.
    if (new Set(parts.map((p) => p.first)).size < parts.length) return null;
    const cells = new Map(parts.map((p) => [p.first, p]));
    if (prevRow && continues(prevRow, parts, valueLine)) {
      for (const p of parts) {
        const target = prevRow.cells.get(p.first);
        if (target) {
          target.words.push(...p.words);
          target.last = Math.max(target.last, p.last);
        } else prevRow.cells.set(p.first, p);
      }
      prevRow.values ||= valueLine;
    } else bodyRows.push({ cells, values: valueLine });
  }
  // A lone label of the body starting in the stub or running over two or more columns (a section
  // label, set from the stub or centred on the table) stands in the stub column, as the ICDAR
  // ground truth keeps body section labels: the cell's neighbours are then the ones the scorer
  // sees. A lone label in one value column (a note wrapped in its column) stays there.
  for (const [k, row] of bodyRows.entries()) {
    const only = row.cells.size === 1 ? [...row.cells.values()][0]! : undefined;
    if (!only || (only.first !== 0 && only.last === only.first)) continue;
    bodyRows[k] = { cells: new Map([[0, { ...only, first: 0, last: 0 }]]) };
  }
  const headerLines = lines.slice(0, bodyStart);
  const headerRows = readHeader(headerLines, columns, minGap, bodyRows, settings);
  const rows = headerRows === null ? bodyRows : [...headerRows, ...bodyRows];
  const nHeader = headerRows?.length ?? 0;
  const cells: ModelCell[] = [];
  rows.forEach((row, r) => {
    for (const p of row.cells.values()) cells.push({ row: r, col: p.first, rowSpan: 1, colSpan: p.last - p.first + 1, text: textOf(orderWords(p.words, settings)), box: boxUnion(p.words.map((w) => w.box)) });
  });
  // Two pieces on one slot (a spanning run over a column another run starts in): not sure.
  for (const row of rows) {
    const taken = new Set<number>();
    for (const p of row.cells.values()) for (let c = p.first; c <= p.last; c++) {
      if (taken.has(c)) return null;
      taken.add(c);
    }
  }
  // Without a header reading the box covers the body only: no opinion on the header's cells.
  const box = boxUnion(cells.map((c) => c.box!));
  if (!box) return null;
  // `source` says which kind of table the model is (an unruled one), not which reader made it.
  return [{ box, nRows: rows.length, nCols: columns.length, cells, headerRows: nHeader, rowGroups: [], source: "pdf-layout", disputed: false }];
}

/** Whether a body line (its pieces) carries on the row above it. */
function continues(prev: Row, parts: readonly Piece[], hasValues: boolean): boolean {
  const above = [...prev.cells.values()];
  const labelOnly = above.every((p) => p.first === 0);
  const carried = parts.filter((p) => {
    const target = prev.cells.get(p.first);
    return target !== undefined && target.last === p.last && carriesOn(textOf(target.words), textOf(p.words));
  });
  if (carried.length === 0) return false;
  // A line with numbers carries on only a line of words without values (values at the label's
  // last line): a label line, or a row of text cells ("481 | Air transportation," / "and
  // nonscheduled | 660.7") when every piece of this line under one of its cells carries it on.
  if (hasValues) {
    if (labelOnly && carried.some((p) => p.first === 0)) return true;
    return !prev.values && parts.every((p) => !prev.cells.has(p.first) || carried.includes(p));
  }
  // A line of words: every piece carries on the cell above it.
  return carried.length === parts.length;
}

/** The header rows over `columns`, one per header line, or null when a run cannot be placed over
 * whole columns (a run in the last header line over several columns: a band or a wide name?). */
function readHeader(lines: readonly Line[], columns: ReadonlyArray<[number, number]>, minGap: number, body: readonly Row[], settings: StreamSettings): Row[] | null {
  if (lines.length === 0) return [];
  // Each column's value centre: the middle of its body words, lone labels left out (a section or
  // panel label stands in the stub column however far it runs or wherever it is centred).
  const centres = columns.map((_, c) => {
    const boxes = body.filter((row) => row.cells.size > 1).flatMap((row) => [...row.cells.values()].filter((p) => p.first === c && p.last === c).flatMap((p) => p.words.map((w) => w.box)));
    const u = boxUnion(boxes);
    return u ? (u[0] + u[2]) / 2 : (columns[c]![0] + columns[c]![1]) / 2;
  });
  type Run = { words: Word[]; x0: number; x1: number; cols: number[] };
  const runsOf: Run[][] = lines.map((line) => headerRuns(line, minGap).map((words) => ({ words, x0: Math.min(...words.map((w) => w.box[0])), x1: Math.max(...words.map((w) => w.box[2])), cols: [] })));
  // Bottom up: a run's place depends on the names under it.
  // A line that cannot be placed but is a lone run from the stub out over two or more value
  // columns is a title or a note set above the table (a band never starts in the stub): the
  // header is the lines under it, and it and the lines above it are left out (no opinion).
  let top = 0;
  const isTitle = (k: number, run: { x0: number; x1: number }) =>
    runsOf[k]!.length === 1 && k < runsOf.length - 1 && run.x0 <= columns[0]![1] && centres.slice(1).filter((cx) => cx >= run.x0 && cx <= run.x1).length >= 2;
  placing: for (let k = runsOf.length - 1; k >= 0; k--) {
    for (const run of runsOf[k]!) {
      const { x0, x1 } = run;
      // Where a header run stands, from what stands under it:
      //   - a run stacked over a name below it (overlapping by at least half the shorter) is that
      //     name's first line when a word says the name carries on ("Total" / "population",
      //     "Fraction of" / "Wealth Lost"): it takes that name's columns;
      //   - a run over names below it (stacked without such a word, reaching partly over them, or
      //     standing over a column whose name lies lower) is a band over the smallest group of two
      //     or more neighbouring columns whose names below it is centred on ("2007" over
      //     "n | % Pos", "Domestic" over "2000 2001 2002"); centred on no group, not sure;
      //   - a run with nothing under it is its column's name (its lowest line): the column whose
      //     value centre it covers, else the column its middle stands in; covering two columns'
      //     centres it is a name over two columns: not sure.
      const mid = (x0 + x1) / 2;
      const overlap = (r: { x0: number; x1: number }) => Math.min(r.x1, x1) - Math.max(r.x0, x0);
      const stacked = (r: { x0: number; x1: number }) => overlap(r) >= Math.min(r.x1 - r.x0, x1 - x0) * settings.streamStackedOverlap;
      const lower = runsOf.slice(k + 1).flat();
      const below = lower.find(stacked);
      const ownColumn = columnOf(mid, columns);
      if (below && carriesOn(textOf(run.words), textOf(below.words))) run.cols = below.cols;
      else if (below || lower.some((r) => overlap(r) > 0 || r.cols.includes(ownColumn))) {
        const groups = centredGroups(mid, lower, settings);
        let group: number[] | null = groups[0] ?? null;
        // Centred on exactly the band it stands over (a label of a level above spanning the same
        // columns, or the band's own first line?): not sure; unless it stands alone on its line
        // over a line of two or more bands and is centred on their whole run as well: a spanner
        // over all of them (symmetric bands put the middle one's centre at the whole run's).
        if (group && below && below.cols.join() === group.join()) {
          const belowLine = runsOf.find((runs) => runs.includes(below as Run)) ?? [];
          const bands = belowLine.filter((r) => r.cols.length > 1);
          const whole = bands.flatMap((r) => r.cols).sort((a, b) => a - b);
          const contiguous = whole.every((c, i) => i === 0 || c === whole[i - 1]! + 1);
          group = runsOf[k]!.length === 1 && bands.length >= 2 && contiguous ? (groups.find((g) => g.join() === whole.join()) ?? null) : null;
        } else if (group && runsOf[k]!.length === 1 && groups.some((g) => g.length > group!.length && g[0]! <= group![0]! && g[g.length - 1]! >= group![group!.length - 1]!)) {
          // A lone label centred on a group and on a wider one around it (the middle columns and
          // the whole run share their centre): a spanner over every value column when that is one
          // of them (as over symmetric bands above); otherwise which it spans, its centre cannot
          // tell: not sure.
          const valueSpan = columns.slice(1).map((_, c) => c + 1).join();
          group = groups.find((g) => g.join() === valueSpan) ?? null;
        }
        // Centred on no group: not sure.
        if (!group && isTitle(k, run)) {
          top = k + 1;
          break placing;
        }
        if (!group) return null;
        run.cols = group;
      } else {
        const covered = centres.map((cx, c) => (cx >= x0 && cx <= x1 ? c : -1)).filter((c) => c >= 0);
        if (covered.length >= 2 && isTitle(k, run)) {
          top = k + 1;
          break placing;
        }
        if (covered.length >= 2) return null;
        run.cols = covered.length === 1 ? covered : [ownColumn];
      }
    }
  }
  const rows: Row[] = runsOf.slice(top).map((runs) => {
    const cells = new Map<number, Piece>();
    for (const run of runs) {
      const [first, last] = [run.cols[0]!, run.cols[run.cols.length - 1]!];
      const existing = cells.get(first);
      if (existing && existing.last !== last) return null;
      if (existing) existing.words.push(...run.words);
      else cells.set(first, { words: [...run.words], first, last });
    }
    return { cells };
  }) as Row[];
  if (rows.some((r) => r === null)) return null;
  // A band in the last header line is a name over several columns or a band with no names under it.
  if ([...rows[rows.length - 1]!.cells.values()].some((p) => p.last > p.first)) return null;
  // A band label wrapped onto two lines over the same columns is one band (its lines carry on,
  // as above: only those make a band the same span as the band below).
  for (let k = rows.length - 1; k > 0; k--) {
    for (const [first, band] of rows[k]!.cells) {
      const upper = rows[k - 1]!.cells.get(first);
      if (band.last === first || !upper || upper.last !== band.last || !carriesOn(textOf(upper.words), textOf(band.words))) continue;
      upper.words.push(...band.words);
      rows[k]!.cells.delete(first);
    }
  }
  return rows.filter((r) => r.cells.size > 0);
}

/** The groups of two or more neighbouring columns, each named below, whose names' extent is
 * centred on `mid` (within streamBandCentreShare of the group's width) and that cuts no band
 * below it, smallest first: the smallest is the columns a band label centred over them spans. */
function centredGroups(mid: number, lower: ReadonlyArray<{ x0: number; x1: number; cols: number[] }>, settings: StreamSettings): number[][] {
  // The extent of each column's names below (names over one column only).
  const extent = new Map<number, [number, number]>();
  for (const r of lower) {
    if (r.cols.length !== 1) continue;
    const c = r.cols[0]!;
    const e = extent.get(c);
    extent.set(c, e ? [Math.min(e[0], r.x0), Math.max(e[1], r.x1)] : [r.x0, r.x1]);
  }
  const nCols = Math.max(-1, ...extent.keys()) + 1;
  const groups: number[][] = [];
  for (let c = 0; c < nCols; c++) {
    for (let d = c + 1; d < nCols; d++) {
      const parts = Array.from({ length: d - c + 1 }, (_, k) => extent.get(c + k));
      if (parts.some((e) => e === undefined)) break;
      const g0 = parts[0]![0];
      const g1 = parts[parts.length - 1]![1];
      // A band over bands holds each band below it whole: it cuts none.
      const cuts = lower.some((r) => r.cols.length > 1 && r.cols.some((x) => x >= c && x <= d) && r.cols.some((x) => x < c || x > d));
      if (!cuts && Math.abs(mid - (g0 + g1) / 2) <= (g1 - g0) * settings.streamBandCentreShare) groups.push(Array.from({ length: d - c + 1 }, (_, k) => c + k));
    }
  }
  // Smallest first (a stable sort keeps the leftmost of equal size first, as before).
  return groups.sort((a, b) => a.length - b.length);
}

/** A header line's runs: words closer than a gutter's width are one name. */
function headerRuns(line: Line, minGap: number): Word[][] {
  const runs: Word[][] = [];
  for (const w of line.words) {
    const prev = runs[runs.length - 1];
    if (prev && w.box[0] - prev[prev.length - 1]!.box[2] < minGap) prev.push(w);
    else runs.push([w]);
  }
  return runs;
}

function inRegion(w: Word, region: Box): boolean {
  const cx = (w.box[0] + w.box[2]) / 2;
  const cy = (w.box[1] + w.box[3]) / 2;
  return cx >= region[0] - 1 && cx <= region[2] + 1 && cy >= region[1] - 1 && cy <= region[3] + 1;
}

/** A cell's words in reading order: lines top to bottom, left to right. */
function orderWords(words: readonly Word[], settings: StreamSettings): Word[] {
  return streamLines(words, settings).flatMap((l) => l.words);
}


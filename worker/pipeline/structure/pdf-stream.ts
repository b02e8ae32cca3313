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
//     a run with a rule drawn right under it (short of the table's width) is a band over the
//     value columns along the rule, however it is aligned (a band set flush left);
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
//     half the value columns) with values further down starts a table of its own, read afresh;
//     a part it is not sure of gets no opinion while the other keeps its reading;
//   - a table of one row of values (a part of stacked tables, a block under a table): one line
//     has no profile, so its gaps are its columns only when the line of names over it names them
//     one to one (isOneRowTable, namesOverColumns).
// It reads only the regions table detection delivers from text geometry (ruled tables have
// pdf-grid as their second reading), and says nothing where it is not sure: a region whose value
// lines do not give two columns, a header run it cannot place over whole columns (its header is
// then left out: the table's box covers the body only; so is a header with two runs on one slot,
// such as a band set flush left that seems centred on a group reaching into the stub; but a lone run from the stub out over the
// value columns, a title or note above the header, is left out with the lines above it, and the
// lines under it are the header), dot leaders (which fill gutters; a lone "..." standing for a
// value is a placeholder, not a leader). streamRegion says why it declines a region (the
// StreamDecline reasons), which structure-report counts over a set.
// Nor on a scan: there the words both text-geometry readings lay out are one OCR reading, so a
// second layout of them is no check on what OCR missed or merged (a mark it did not read makes a
// hole both layouts agree on). With it, realistic EU scans had 68.7% of relations verified and
// 98.5% of those right, against 54.4% and 99.64% without.
// The header is read in stream-header.ts; the lines, pieces and rows both share in stream-lines.ts.
import type { Box, ModelCell, Ruling, TableModel, Word } from "../types";
import { boxUnion, median } from "../geometry/box";
import { isNumeric } from "../tables/build-table";
import { isLeadingSign, isTrailingSign } from "../tables/sign-columns";
import type { StructureReader } from "./types";
import { isSegmentation } from "./is-segmentation";
import { holdsNumbers } from "./pdf-layout";
import { STRUCTURE_SETTINGS } from "./settings";
import { carriesOn, columnOf, inRegion, textOf, type Line, type Piece, type Row, type StreamSettings } from "./stream-lines";
import { headerRuns, readHeader } from "./stream-header";

// A year with a mark ("2023p" or "2020 p" preliminary, "2019*", "2020 (r)") is still a name, not a value.
const YEAR = /^(19|20)\d\d(?:\s?\*|\s?[a-z]|\s?\([a-z]\))?$/;
const RANGE = /^\d+\s?[-–]\s?\d+$/;
const LEADERS = /\.{3,}|(\. ){2,}\./;
// Statistical tables print a mark where a value is missing or withheld: a dash, an ellipsis, or a
// parenthesised code ("(NA)", "(X)", "(D)", "(S)", "(Z)"), or the bare "NA" and "Z" the table
// reader knows too (tables/placeholders.ts). Such a mark holds its column's place as a number
// does (a row of marks is a row of values, not a line of names starting a second table: family
// mark-rows), and a lone ellipsis is such a mark, not a dot leader (leaders run on, or stand
// against text).
const PLACEHOLDER = /^(?:[-\u2013\u2014]{1,2}|\.\.\.|\u2026|\([A-Z]{1,2}\)|n\.a\.|N\/A|NA|Z)$/;

export const pdfStreamReader: StructureReader = {
  name: "pdf-stream",
  inputs: ["text-geometry", "detected-regions"],
  read({ detected, words, tableRegions, wordsFromOcr }) {
    if (wordsFromOcr) return null;
    const tables = tableRegions.flatMap((region) => {
      const outcome = streamRegion(region, words, detected.tables, STRUCTURE_SETTINGS, detected.rulings);
      return typeof outcome === "string" ? [] : outcome;
    });
    return tables.length > 0 ? { source: "pdf-stream", kind: "tables", tables } : null;
  },
};

/** Why pdf-stream gives no opinion on a delivered table region (structure-report counts the cells
 * of each reason, to show which layouts the reader leaves to one segmentation). */
export type StreamDecline =
  | "ruled"
  | "no words"
  | "leaders"
  | "under two value lines"
  | "under two columns"
  | "two runs in one column"
  | "runs overlap"
  | "stacked parts declined"
  | "not a segmentation"
  | "no numbers";

/** pdf-stream's reading of one delivered table region: its tables, or why it has no opinion.
 * `declinedParts` collects why it declined a part of stacked tables it read the rest of. */
export function streamRegion(
  region: Box,
  words: readonly Word[],
  delivered: readonly TableModel[],
  settings: StreamSettings = STRUCTURE_SETTINGS,
  rulings: readonly Ruling[] = [],
  declinedParts: StreamDecline[] = [],
): TableModel[] | StreamDecline {
  if (isRuled(region, delivered)) return "ruled";
  const read = readRegion(region, words, settings, rulings, declinedParts);
  if (typeof read === "string") return read;
  const kept = read.filter((model) => isSegmentation(model) && holdsNumbers(model));
  if (kept.length > 0) return kept;
  return read.some((model) => isSegmentation(model)) ? "no numbers" : "not a segmentation";
}

/** Whether the delivered table in this region was read from rulings (pdf-grid has its say there). */
function isRuled(region: Box, tables: readonly TableModel[]): boolean {
  return tables.some((t) => t.source === "pdf-grid" && t.box.every((v, k) => Math.abs(v - region[k]!) < 0.5));
}

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
  const size = median(
    words.map((w) => w.size),
    10,
  );
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
  const texts = (col: [number, number]) =>
    lines.flatMap((l) =>
      l.words.filter((w) => (w.box[0] + w.box[2]) / 2 >= col[0] && (w.box[0] + w.box[2]) / 2 <= col[1]).map((w) => w.text),
    );
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

/** The table pdf-stream reads in one region (the first when it reads two stacked ones), or null
 * where it has no opinion. */
export function streamTable(region: Box, allWords: readonly Word[], settings: StreamSettings = STRUCTURE_SETTINGS): TableModel | null {
  return streamTables(region, allWords, settings)?.[0] ?? null;
}

/** The tables pdf-stream reads in one region: one, or two or more stacked (a line of column names
 * under the values starts a table of its own), or null where it has no opinion. */
export function streamTables(
  region: Box,
  allWords: readonly Word[],
  settings: StreamSettings = STRUCTURE_SETTINGS,
  rulings: readonly Ruling[] = [],
): TableModel[] | null {
  const read = readRegion(region, allWords, settings, rulings, []);
  return typeof read === "string" ? null : read;
}

function readRegion(
  region: Box,
  allWords: readonly Word[],
  settings: StreamSettings,
  rulings: readonly Ruling[],
  declinedParts: StreamDecline[],
): TableModel[] | StreamDecline {
  const words = allWords.filter((w) => w.dir === 0 && inRegion(w, region));
  if (words.length === 0) return "no words";
  const size = median(
    words.map((w) => w.size),
    10,
  );
  const lines = streamLines(words, settings);
  const minGap = size * settings.streamMinGutterEm;
  if (hasLeaders(lines, minGap)) return "leaders";
  return readLines(lines, minGap, settings, rulings, declinedParts);
}

function readLines(
  lines: readonly Line[],
  minGap: number,
  settings: StreamSettings,
  rulings: readonly Ruling[],
  declinedParts: StreamDecline[],
): TableModel[] | StreamDecline {
  // Value lines: after the line's first run of words (a row label, which may be "2010" or "1."),
  // a run that is a number, not a year or a range ("65 and over" is a name).
  const isValueLine = (l: Line) =>
    headerRuns(l, minGap)
      .slice(1)
      .some((run) => isValue(textOf(run)));
  const firstValue = lines.findIndex(isValueLine);
  const valueLines = lines.filter(isValueLine);
  if (firstValue < 0) return "under two value lines";
  // A short table of one row of values (a part of stacked tables, a block under a table) has no
  // profile to check its columns against: the one line's gaps are read as columns only when the
  // line of names right above it names them, one name over each (oneLineColumns).
  const oneLine = valueLines.length === 1 && isOneRowTable(lines, firstValue, settings);
  if (valueLines.length < settings.streamMinValueLines && !oneLine) return "under two value lines";
  // A gutter may be crossed by a few lines (a long label running over it). The words reaching
  // into such a gutter from a column are the crossings; a word standing wholly inside it is a
  // sparse column's value. The columns: the profile without the crossings, nothing crossing.
  const allowed = Math.floor(valueLines.length * settings.streamGutterCrossingShare);
  const loose = profileColumns(valueLines, minGap, allowed);
  const gutters = loose.slice(1).map((col, c) => [loose[c]![1], col[0]] as const);
  const crosses = (w: Word) => gutters.some(([g0, g1]) => w.box[0] < g1 && w.box[2] > g0 && !(w.box[0] >= g0 && w.box[2] <= g1));
  const strict = valueLines.map((l) => ({ ...l, words: l.words.filter((w) => !crosses(w)) }));
  const columns = withoutEmptyColumns(mergeSignColumns(profileColumns(strict, minGap, 0), valueLines), valueLines, minGap);
  if (columns.length < 2) return "under two columns";
  if (oneLine && !namesOverColumns(lines[firstValue - 1]!, columns, minGap)) return "under two value lines";
  // ...and a line after the row is a label in the stub (a caption of the part below, a section
  // label), never text over the value columns that one row cannot place.
  if (oneLine && lines.slice(firstValue + 1).some((l) => pieces(l, columns, minGap, true).some((p) => p.last > 0)))
    return "under two value lines";
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
    return (
      only !== undefined &&
      (only.first === 0 || only.last > only.first) &&
      k > 0 &&
      pieces(lines[k - 1]!, columns, minGap, true).length >= 2
    );
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
    if (
      seenValues &&
      !valueLine &&
      named.size >= Math.max(2, (columns.length - 1) * settings.streamRestartNamedShare) &&
      prevRow &&
      !continues(prevRow, parts, false)
    ) {
      const rest = lines.slice(bodyStart + k);
      if (rest.some(isValueLine)) {
        // Each part is read on its own; a part it is not sure of gets no opinion, the other keeps
        // its reading. The relations across the join then stay unchecked: a relation takes the
        // weaker confidence of its two cells, and the declined part's cells have one
        // segmentation behind them.
        const parts = [
          readLines(lines.slice(0, bodyStart + k), minGap, settings, rulings, declinedParts),
          readLines(rest, minGap, settings, rulings, declinedParts),
        ];
        const read = parts.flatMap((part) => (typeof part === "string" ? [] : part));
        if (read.length > 0) declinedParts.push(...parts.filter((part): part is StreamDecline => typeof part === "string"));
        return read.length > 0 ? read : "stacked parts declined";
      }
    }
    seenValues ||= valueLine;
    // Two runs of one line in one column (a word nearer another column than its own): not sure.
    if (new Set(parts.map((p) => p.first)).size < parts.length) return "two runs in one column";
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
  const read = readHeader(headerLines, columns, minGap, bodyRows, settings, rulings);
  // A header with two runs on one slot (a label centred on a group that takes in a name's column
  // on its own line: a band set flush left over its columns is centred on no group of them, but
  // may be on one reaching into the stub) is one the reader could not place: no opinion on it,
  // as on any header it cannot place; the body keeps its reading.
  const headerRows = read !== null && read.every(isPlaced) ? read : null;
  const rows = headerRows === null ? bodyRows : [...headerRows, ...bodyRows];
  const nHeader = headerRows?.length ?? 0;
  const cells: ModelCell[] = [];
  rows.forEach((row, r) => {
    for (const p of row.cells.values())
      cells.push({
        row: r,
        col: p.first,
        rowSpan: 1,
        colSpan: p.last - p.first + 1,
        text: textOf(orderWords(p.words, settings)),
        box: boxUnion(p.words.map((w) => w.box)),
      });
  });
  // Two pieces of the body on one slot (a spanning run over a column another run starts in): not sure.
  if (!bodyRows.every(isPlaced)) return "runs overlap";
  // Without a header reading the box covers the body only: no opinion on the header's cells.
  const box = boxUnion(cells.map((c) => c.box!));
  if (!box) return "no words";
  // `source` says which kind of table the model is (an unruled one), not which reader made it.
  return [
    { box, nRows: rows.length, nCols: columns.length, cells, headerRows: nHeader, rowGroups: [], source: "pdf-layout", disputed: false },
  ];
}

/** Whether the lines may be a table of one row of values under its header: a line (of names,
 * checked by namesOverColumns) stands right above the value line, and there are at most
 * `streamOneRowMaxLines` lines in all (a caption or a band, the names, the row, a label under it).
 * A longer run of lines around a single value line holds text whose columns one line cannot
 * place. */
function isOneRowTable(lines: readonly Line[], firstValue: number, settings: StreamSettings): boolean {
  return settings.streamOneRowTables && firstValue >= 1 && lines.length <= settings.streamOneRowMaxLines;
}

/** Whether a line of names names the value columns one to one: apart from a stub head starting
 * in the stub column, one run of words over each value column, reaching over no other column.
 * Names stand over their columns independently of the values' gaps: a label of the row whose
 * words stand wider apart than a gutter, or two values set closer than one, gives columns that
 * no line of names matches. */
function namesOverColumns(names: Line, columns: ReadonlyArray<[number, number]>, minGap: number): boolean {
  const runs = headerRuns(names, minGap);
  const stub = columns[0]!;
  const over = runs[0] && runs[0][0]!.box[0] <= stub[1] ? runs.slice(1) : runs;
  if (over.length !== columns.length - 1) return false;
  return over.every((run, k) => {
    const x0 = run[0]!.box[0];
    const x1 = run[run.length - 1]!.box[2];
    const touched = columns.flatMap((col, c) => (x0 < col[1] && x1 > col[0] ? [c] : []));
    return touched.length === 1 && touched[0] === k + 1;
  });
}

/** Whether a row's pieces each have their slots to themselves (no two on one column). */
function isPlaced(row: Row): boolean {
  const taken = new Set<number>();
  for (const p of row.cells.values()) {
    for (let c = p.first; c <= p.last; c++) {
      if (taken.has(c)) return false;
      taken.add(c);
    }
  }
  return true;
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

/** A cell's words in reading order: lines top to bottom, left to right. */
function orderWords(words: readonly Word[], settings: StreamSettings): Word[] {
  return streamLines(words, settings).flatMap((l) => l.words);
}

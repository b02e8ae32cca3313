// Table structure from whitespace columns and text lines (pdf-layout): the region's lines cut into
// chunks at the gutters, chunks placed in columns, wrapped lines joined to their row
// (row-continuation.ts), header bands widened over the columns they name (header-bands.ts).
import type { Box, Ruling, TableModel, TextLine, Word } from "../types";
import { boxUnion, median } from "../geometry/box";
import { lineToChunks, makeLine, wordsToLines } from "../geometry/words-to-lines";
import { chunksToColumns, chunkToColumns, type ColumnSpan } from "../geometry/chunks-to-columns";
import { columnsOfWords, wordsSetApart } from "./words-over-columns";
import type { Settings } from "../settings";
import { mergeSignColumns, splitBeforeSigns } from "./sign-columns";
import { splitBracketColumns } from "./bracket-columns";
import { restoreBandGutters } from "./band-gutters";
import { joinUnitLines } from "./unit-lines";
import { attachRotatedNames, findRotatedNames, withoutNames } from "./rotated-names";
import { isNumeric, wordCenterIn } from "./cell-text";
import { takeSideLabels, rawToModel, type RawCell } from "./raw-model";
import { applyRuledBands, extendHeaderBands } from "./header-bands";
import { bandsOverRepeatedGroups, headerDisagreesWithRepeatedGroups } from "./header-pattern";
import { offCentreLoneLabel } from "./off-centre-label";
import { namesMeetInGutter } from "./gutter-names";
import { isContinuation, LEADER_DOTS } from "./row-continuation";
import type { LineCell, LineCells } from "./line-cells";

/** Builds a table from text geometry alone: whitespace columns, one row per line, wrapped lines
 * joined back into their cell. */
export function layoutToModel(region: Box, words: Word[], settings: Settings, rulings: Ruling[] = []): TableModel | null {
  // Rotated column names over the first row (they may stand above a detected region, which
  // starts at its first line of cells) are the header, not side labels (rotated-names.ts).
  const names = findRotatedNames(words, region, settings);
  const inside = withoutNames(
    words.filter((w) => wordCenterIn(w, region, 1)),
    names,
  );
  const { content, labels } = takeSideLabels(inside, settings);
  const lines = wordsToLines(content, settings.lineCenterToleranceEm);
  if (lines.length === 0) return null;
  const chunkRows = lines.map((l) => lineToChunks(l, settings.columnGapEm, settings.numberGapEm));
  const size = median(
    lines.map((l) => l.size),
    10,
  );
  const multiRows = chunkRows.filter((r) => r.length >= 2).length;
  const maxCrossing = Math.max(1, Math.floor(multiRows * settings.columnCrossingShare));
  // Gutters come from the lines that have several cells; a one-chunk line (a row label, a label
  // centred over the table) is placed afterwards and may span columns.
  const gutterRows = multiRows >= 2 ? chunkRows.filter((r) => r.length >= 2) : chunkRows;
  // A table of two lines of cells: a blank band between them is a gutter even where one line
  // alone has text on each side of it (settings.twoLineGutters).
  const read = chunksToColumns(gutterRows, size * settings.minColumnGapEm, maxCrossing, settings.twoLineGutters && multiRows <= 2);
  const restored = settings.restoreBandGutters
    ? restoreBandGutters(read, chunkRows, {
        minGap: size * settings.minColumnGapEm,
        crossingShare: settings.columnCrossingShare,
        isNumeric,
      })
    : read;
  const signed = mergeSignColumns(mergeHeaderOnlyColumns(restored, chunkRows), chunkRows);
  // A narrow bracketed column set close after its values (bracket-columns.ts).
  const { columns, chunkRows: cellRows, ambiguous: bracketsInDoubt } = splitBracketColumns(signed, chunkRows, size, settings);
  if (columns.length < 2) return null;
  // Cells per line.
  const perLine: LineCells[] = [];
  // The last line of names, right above the values: one word per value column.
  const namesOverValues = (i: number) =>
    settings.namesApartEm > 0 && isOneWordNamesLine(cellRows[i]!, columns, true) && (cellRows[i + 1] ?? []).some((c) => isNumeric(c.text));
  cellRows.forEach((lineChunks, i) => {
    const cells: LineCells = new Map();
    const above =
      i > 0 && lines[i]!.box[1] - lines[i - 1]!.box[3] <= lines[i]!.size * settings.wrapGapEm ? perLine[i - 1]! : (new Map() as LineCells);
    const oneWordNames = isOneWordNamesLine(lineChunks, columns);
    const namesLine = namesOverValues(i);
    const pieces = lineChunks
      .flatMap((c) => (namesLine ? wordsOverOwnColumns(c, columns, settings) : [c]))
      .flatMap((c) => splitAtGutters(c, columns, settings, { inRow: lineChunks.length > 1, oneWordNames }))
      .flatMap((c) => splitBeforeSigns(c, columns, settings))
      .flatMap((c) =>
        splitUnderNames(
          c,
          [...above.values()].map((a) => a.words),
          settings,
        ),
      );
    for (const chunk of pieces) {
      const [first, last] = chunkToColumns(chunk.box, columns);
      const existing = cells.get(first);
      if (existing) {
        existing.words.push(...chunk.words);
        existing.last = Math.max(existing.last, last);
      } else cells.set(first, { last, words: [...chunk.words] });
    }
    perLine.push(cells);
  });
  // Join wrapped lines into the row above. The stub's right edge: where a wrapped label ran out
  // of room (its widest one-column text).
  // Leader dots run on to the values and fill no line: they do not count.
  const stubRight = Math.max(
    -Infinity,
    ...perLine.flatMap((cells) =>
      cells.get(0)?.last === 0
        ? cells
            .get(0)!
            .words.filter((w) => !LEADER_DOTS.test(w.text))
            .map((w) => w.box[2])
        : [],
    ),
  );
  const rows: Array<{ lines: number[]; cells: LineCells }> = [];
  // A spanner (see isSpanner) below the first line of cells starts a row of its own, however close
  // it stands to the line above (numbers do not wrap onto a centred word).
  const firstMultiLine = perLine.findIndex((cells) => cells.size >= 2);
  const isSpannerLine = (cells: LineCells, i: number) => {
    if (!settings.bodySpanners || cells.size !== 1 || firstMultiLine < 0 || i <= firstMultiLine) return false;
    const [col, cell] = [...cells][0]!;
    return !isNumeric(cell.words.map((w) => w.text).join(" ")) && isSpanner(cell, col, columns, settings);
  };
  perLine.forEach((cells, i) => {
    const prev = rows[rows.length - 1];
    if (
      prev &&
      !isSpannerLine(cells, i) &&
      isContinuation(cells, prev.cells, lines[i]!, lines[prev.lines[prev.lines.length - 1]!]!, stubRight, settings, lines[i + 1])
    ) {
      for (const [col, cell] of cells) {
        const target = prev.cells.get(col);
        if (target) {
          target.words.push(...cell.words);
          target.last = Math.max(target.last, cell.last);
        } else prev.cells.set(col, cell);
      }
      prev.lines.push(i);
    } else rows.push({ lines: [i], cells: new Map([...cells].map(([k, v]) => [k, { last: v.last, words: [...v.words] }])) });
  });
  // A lone label centred over the value columns ("Enrollment, in thousands") spans them.
  const valuesLeft = columns[1]?.x0 ?? 0;
  const valuesRight = columns[columns.length - 1]!.x1;
  const firstMulti = rows.findIndex((row) => row.cells.size >= 2);
  rows.forEach((row, r) => {
    if (row.cells.size !== 1) return;
    const [col, cell] = [...row.cells][0]!;
    const text = cell.words.map((w) => w.text).join(" ");
    if (isNumeric(text)) return;
    // Below the table's first line of cells, a lone label across the whole table (centred on it,
    // stub included, or starting in the stub and running over the value columns) is a spanner
    // cutting the body into panels ("Number (thousands)", "WOMEN"): a row of its own, its label
    // in the first column, as the ICDAR ground truth keeps body section labels.
    if (settings.bodySpanners && firstMulti >= 0 && r > firstMulti && isSpanner(cell, col, columns, settings)) {
      row.cells.delete(col);
      row.cells.set(0, { last: 0, words: cell.words });
      return;
    }
    if (col === 0) return;
    const box = boxUnion(cell.words.map((w) => w.box))!;
    const centre = (box[0] + box[2]) / 2;
    const middle = (valuesLeft + valuesRight) / 2;
    if (cell.words.length < 2 || Math.abs(centre - middle) > (valuesRight - valuesLeft) * settings.centredLabelTolerance) return;
    row.cells.delete(col);
    row.cells.set(1, { last: columns.length - 1, words: cell.words });
  });
  const raw: RawCell[] = [];
  rows.forEach((row, r) => {
    for (const [col, cell] of row.cells) raw.push({ row: r, col, rowSpan: 1, colSpan: cell.last - col + 1, words: cell.words });
  });
  const rowBands = rows.map((row) => {
    const first = lines[row.lines[0]!]!;
    const last = lines[row.lines[row.lines.length - 1]!]!;
    return [first.box[1], last.box[3]] as const;
  });
  const model = rawToModel(raw, rows.length, columns.length, rowBands, labels, "pdf-layout", settings);
  if (model) {
    // Rotated names first: bands above them then widen over their columns like any band.
    attachRotatedNames(model, names, words, settings);
    extendHeaderBands(model, settings, rulings);
    applyRuledBands(model, rulings, settings);
    if (settings.joinUnitLines) joinUnitLines(model);
    // One column or two: the readings agree by construction, so the table carries the doubt.
    if (bracketsInDoubt) {
      model.disputed = true;
      model.structureDoubt = "bracket";
    }
    // Leaf names repeating in groups propose bands over those groups: a label flush left over
    // each group's first column is its band; a header read otherwise is in doubt.
    if (settings.repeatedGroupsBandLine && settings.repeatedGroupsMinGroups > 0) bandsOverRepeatedGroups(model, settings);
    if (settings.repeatedGroupsMinGroups > 0 && headerDisagreesWithRepeatedGroups(model, words, settings.repeatedGroupsMinGroups)) {
      model.disputed = true;
      model.structureDoubt ??= "header-pattern";
    }
    if (settings.offCentreLabelDoubt && offCentreLoneLabel(model, settings)) {
      model.disputed = true;
      model.structureDoubt ??= "off-centre-label";
    }
  }
  return model;
}

/** A lone label of the body across the whole table, not starting in lower case: starting in the
 * stub and running over value columns, or centred on the table's full width (nearer its middle than the value columns'
 * middle, which a label over the values alone is centred on). */
function isSpanner(cell: LineCell, col: number, columns: Array<{ x0: number; x1: number }>, settings: Settings): boolean {
  // A lower-case start carries on a name or a label (wrapped), it does not head a panel.
  if (/^[a-z]/.test(cell.words[0]?.text ?? "")) return false;
  if (col === 0) return cell.last > 0;
  const box = boxUnion(cell.words.map((w) => w.box))!;
  const centre = (box[0] + box[2]) / 2;
  const left = columns[0]!.x0;
  const right = columns[columns.length - 1]!.x1;
  const tableMiddle = (left + right) / 2;
  const valuesMiddle = (columns[1]!.x0 + right) / 2;
  return (
    Math.abs(centre - tableMiddle) <= (right - left) * settings.centredLabelTolerance &&
    Math.abs(centre - tableMiddle) < Math.abs(centre - valuesMiddle)
  );
}

/** The words of `words` from `k` on, up to the next gap wider than an ordinary space. */
function wordRun(words: readonly Word[], k: number, settings: Settings): Word[] {
  const run = [words[k]!];
  for (let j = k + 1; j < words.length; j++) {
    const gap = words[j]!.box[0] - words[j - 1]!.box[2];
    if (gap >= Math.max(words[j]!.size, words[j - 1]!.size) * settings.gutterSplitGapEm) break;
    run.push(words[j]!);
  }
  return run;
}

/** What splitAtGutters knows of the chunk's line. */
export interface GutterLine {
  /** The chunk shares its line with other chunks (a row of cells). */
  inRow?: boolean;
  /** The line is one word per column (isOneWordNamesLine). */
  oneWordNames?: boolean;
}

/** A chunk running over a column gutter is cut there when a word gap wider than an ordinary space
 * falls in the gutter (two header cells set close together); a label whose words are only
 * space-separated stays whole (it spans the columns). */

export function splitAtGutters(
  chunk: TextLine,
  columns: ColumnSpan[],
  settings: Settings,
  { inRow = true, oneWordNames = false }: GutterLine = {},
): TextLine[] {
  if (chunk.words.length < 2) return [chunk];
  const parts: Word[][] = [[chunk.words[0]!]];
  for (let k = 1; k < chunk.words.length; k++) {
    const prev = chunk.words[k - 1]!;
    const word = chunk.words[k]!;
    const gap = word.box[0] - prev.box[2];
    // The gap lies in the gutter: from column c's right edge (or, for the column's widest text,
    // which ran into the gutter and so did not set that edge, from inside the gutter) to the next
    // column's left edge (generated family vertical-header: the widest stub label 0.9 em from its
    // first value, settings.gutterFromWidest).
    const inGutter = columns.some((col, c) => {
      const next = columns[c + 1];
      if (!next) return false;
      const tol = settings.gutterTolerance;
      if (prev.box[2] <= col.x1 + tol && word.box[0] >= next.x0 - tol) return true;
      // (Only in a line of several cells: a line that is one chunk is a label, a spanner or a
      // title, whose word gaps may fall anywhere.)
      if (!settings.gutterFromWidest || !inRow) return false;
      // The widest text of column c runs into the gutter: the text before the gap starts in
      // column c (a label running on from the stub over the value columns is one cell, cut
      // nowhere) and the word after it starts the next column, aligned on its left or right
      // edge like the column's other text (a label centred across the table is not).
      const start = parts[parts.length - 1]![0]!.box[0];
      const aligned = Math.abs(word.box[0] - next.x0) <= tol || Math.abs(word.box[2] - next.x1) <= tol;
      // (The column's widest label, running on past the edge its other labels set, ends before a
      // number that stands on the next column's edge: a value, which carries on no label.)
      const ranOn = settings.gutterWidestRunOn && c === 0 && isNumeric(word.text);
      if (word.box[0] >= next.x0 - tol)
        return aligned && start >= col.x0 - tol && (prev.box[0] <= col.x1 || ranOn) && prev.box[2] < next.x0;
      // ...or names run into the gutter from both sides (gutter-names.ts).
      if (namesMeetInGutter(parts[parts.length - 1]!, wordRun(chunk.words, k, settings), columns, c, settings, oneWordNames)) return true;
      // ...or the widest text of the next column runs back into it (a right-aligned name wider
      // than its numbers, set a narrow gap after the name before it): the text before the gap
      // lies in column c (starting after the previous column's text), the word after it starts
      // in the gutter, and both end on their columns' right edges, aligned with their numbers (a
      // label centred across the table ends anywhere) (generated family blank-every-five).
      const after = c === 0 ? start >= col.x0 - tol : start > columns[c - 1]!.x1 + tol;
      return after && Math.abs(prev.box[2] - col.x1) <= tol && word.box[0] > col.x1 + tol && Math.abs(word.box[2] - next.x1) <= tol;
    });
    if (inGutter && gap >= Math.max(prev.size, word.size) * settings.gutterSplitGapEm) parts.push([word]);
    else parts[parts.length - 1]!.push(word);
  }
  return parts.length === 1 ? [chunk] : parts.map(makeLine);
}

/** A value column whose name's last line is narrower than its numbers and centred over them
 * leaves a gutter between the name and the numbers ("time" over right-aligned "+96.2"): the name
 * alone makes a column of its own, with nothing below it, next to a column of values with no name.
 * Two such columns side by side are one column: a column's text stands above the other's first
 * line. Only value columns (not the first one, the row labels) are joined. */
function mergeHeaderOnlyColumns(columns: ColumnSpan[], chunkRows: TextLine[][]): ColumnSpan[] {
  const out = columns.map((c) => ({ ...c }));
  for (let k = out.length - 2; k >= 1; k--) {
    const linesOf = (col: ColumnSpan) =>
      chunkRows.flatMap((chunks, i) =>
        chunks.some((c) => {
          const [a, b] = chunkToColumns(c.box, out);
          return a === b && out[a] === col;
        })
          ? [i]
          : [],
      );
    const textsOf = (col: ColumnSpan) =>
      chunkRows.flatMap((chunks) =>
        chunks.filter((c) => {
          const [a, b] = chunkToColumns(c.box, out);
          return a === b && out[a] === col;
        }),
      );
    const [left, right] = [out[k]!, out[k + 1]!];
    const [l, r] = [linesOf(left), linesOf(right)];
    if (l.length === 0 || r.length === 0) continue;
    const nameAbove = (name: ColumnSpan, lines: number[], values: number[]) =>
      Math.max(...lines) < Math.min(...values) && textsOf(name).every((c) => !isNumeric(c.text) && /\p{L}/u.test(c.text));
    if (nameAbove(left, l, r) || nameAbove(right, r, l))
      out.splice(k, 2, { ...left, x0: Math.min(left.x0, right.x0), x1: Math.max(left.x1, right.x1) });
  }
  return out;
}

/** Two column names set a narrow gap apart, each carried on (in lower case) onto this line from a
 * different cell of the line right above ("women in | Total" over "employment population"), are
 * cut at the word gap (wider than an ordinary space) between the words under one name and the
 * words under the other, even where a long word overhangs its column's values (splitAtGutters
 * then finds no gutter). */
function splitUnderNames(chunk: TextLine, aboveCells: Word[][], settings: Settings): TextLine[] {
  if (chunk.words.length < 2 || aboveCells.length < 2) return [chunk];
  const spans = aboveCells.map((words) => boxUnion(words.map((w) => w.box))!);
  const under = (w: Word) => spans.findIndex((b) => w.box[0] < b[2] && w.box[2] > b[0]);
  const parts: Word[][] = [[chunk.words[0]!]];
  for (let k = 1; k < chunk.words.length; k++) {
    const prev = chunk.words[k - 1]!;
    const word = chunk.words[k]!;
    const [a, b] = [under(prev), under(word)];
    const wide = word.box[0] - prev.box[2] >= Math.max(prev.size, word.size) * settings.gutterSplitGapEm;
    // Both pieces carry on a name (lower case), as wrapped names do.
    const carriesOn = /^[a-z(]/.test(word.text) && /^[a-z(]/.test(parts[parts.length - 1]![0]!.text);
    if (wide && carriesOn && a >= 0 && b >= 0 && a !== b) parts.push([word]);
    else parts[parts.length - 1]!.push(word);
  }
  return parts.length === 1 ? [chunk] : parts.map(makeLine);
}

/** In the line of one-word names right above the values (the stub's name any), a chunk
 * whose words each stand over a column of their own, further apart than a word space, is
 * those names: names wider than their numbers set close together run into every gutter, so no
 * gap there reaches a column's edge. (A band line, "All items   New items", stands over a line
 * of names, not over values, and its word boxes may be estimated inside one text run.) */
function wordsOverOwnColumns(chunk: TextLine, columns: readonly ColumnSpan[], settings: Settings): TextLine[] {
  if (chunk.words.length < 2) return [chunk];
  const owners = columnsOfWords(chunk.words, columns);
  if (owners.includes(-1) || new Set(owners).size !== owners.length) return [chunk];
  const apart = wordsSetApart(chunk.words, settings.namesApartEm);
  return apart ? chunk.words.map((w) => makeLine([w])) : [chunk];
}

/** A line of column names, one word per column: as many words as the table has columns (three or
 * more), none of them a number. A band line names fewer columns than it stands over, and a line of
 * names with a two-word name in it has more words than columns. With `anyStubName`, one word per
 * value column, whatever the stub's name (blank, or several words over the stub column). */
function isOneWordNamesLine(chunks: readonly TextLine[], columns: readonly ColumnSpan[], anyStubName = false): boolean {
  if (columns.length < 3) return false;
  const words = chunks.flatMap((c) => c.words);
  // The stub's name ends before the first value column starts (it may be wider than the stub's labels).
  const count =
    words.length === columns.length || (anyStubName && words.filter((w) => w.box[2] > columns[1]!.x0).length === columns.length - 1);
  return count && !words.some((w) => isNumeric(w.text));
}

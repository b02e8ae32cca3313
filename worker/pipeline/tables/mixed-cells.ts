// A cell holding the text of several cells: where detection misread a table's columns or rows
// (stacked one-row parts read as one table, a line of names taken into the row above), one cell
// ends up with the values of several columns set side by side on one line, or with a line of
// names and a line of values stacked in it. Every relation of such a table is in doubt, and every
// reading of the text shares the choice, so the table carries the doubt (`disputed`): none of its
// cells is verified, and the review page shows every reading.
// What looks alike and is one value: a thousands group written with a space ("100 000"), a value
// and its bracket ("12.3 (4.5)", bracket-columns.ts), a range ("1.2 - 3.4", the dash a word of its
// own), a label holding numbers ("Total 1995", "16 to 19 years"), dot leaders and footnote marks
// (set smaller). A names line over a unit or a year span ("Population" over "1 000", "Change"
// over "2009-10") holds no fraction or share, so it is no line of values; a year or a column
// number over a name ("2010" over "estimated", "(1)" over "Output") is no value.
import type { Settings } from "../settings";
import type { TableModel, Word } from "../types";
import { wordsToLines } from "../geometry/words-to-lines";
import { isIntervalPair } from "../geometry/interval-values";
import { BRACKETED } from "./bracket-columns";
import { wordCenterIn } from "./cell-text";

export interface MixedCellSettings {
  /** Two numbers on one line of a cell this many ems apart or more belong to two columns. */
  numbersApartEm: number;
  /** A word this share of its neighbour's size or smaller is a mark set small (a footnote). */
  markSizeRatio: number;
  /** Words of one line: wordsToLines' tolerance (ems). */
  lineCenterToleranceEm: number;
  /** Stub labels each ending in a number whose right edges line up within this many ems, while the
   * labels' own ends spread over more than stubValuesLabelSpreadEm: a value column joined to the
   * stub (0: off). */
  stubValuesAlignEm: number;
  stubValuesLabelSpreadEm: number;
  /** ...on at least this many body rows. */
  stubValuesMinRows: number;
  /** A line of a body cell holding two values each with its own bracket after it holds two
   * columns' cells (hasTwoValueBracketPairs). */
  valueBracketPairs: boolean;
}

/** The rule's settings, from the pipeline's. */
export function mixedCellSettings(settings: Settings): MixedCellSettings {
  return {
    numbersApartEm: settings.mixedCellNumbersApartEm,
    markSizeRatio: settings.superscriptSizeRatio,
    lineCenterToleranceEm: settings.lineCenterToleranceEm,
    stubValuesAlignEm: settings.stubValuesAlignEm,
    stubValuesLabelSpreadEm: settings.stubValuesLabelSpreadEm,
    stubValuesMinRows: settings.stubValuesMinRows,
    valueBracketPairs: settings.mixedCellValueBracketPairs,
  };
}

/** One number: sign, currency, digits with separators, a share; no bracket, no letter. */
const PLAIN_NUMBER = /^[-+−–]?[$€£]?\d[\d.,]*%?$/;
/** A number given to one or two decimals, or a share: a measured value, not a count or a year. */
const MEASURED = /\d[.,]\d{1,2}%?$|%$/;
const YEAR = /^(19|20)\d{2}$/;
const THOUSANDS_GROUP = /^\d{3}([.,]\d+)?%?$/;
/** A word of a name: two letters or more. */
const NAME_WORD = /\p{L}{2}/u;

/** `a` then `b` on one line are numbers of two columns: both plain numbers of a like size, at
 * least `numbersApartEm` apart, the second no thousands group of the first. */
function isNumberPairApart(a: Word, b: Word, settings: MixedCellSettings): boolean {
  if (!PLAIN_NUMBER.test(a.text) || !PLAIN_NUMBER.test(b.text)) return false;
  const small = Math.min(a.size, b.size);
  const large = Math.max(a.size, b.size);
  if (small <= large * settings.markSizeRatio) return false;
  if (b.box[0] - a.box[2] < large * settings.numbersApartEm) return false;
  if (/^[-+−–]?\d{1,3}$/.test(a.text) && THOUSANDS_GROUP.test(b.text)) return false;
  return !isIntervalPair(a.text, b.text);
}

/** A line holding two values each with its own figure in brackets after it (bracket-columns.ts
 * BRACKETED: "874.15 [58.0-63.4] 542.98 [89.9-93.2]"): two value-and-bracket columns read as one. One value and its bracket is one
 * cell (bracket-columns.ts); a second plain value after the bracket may belong to it in a
 * document's own convention, but a second value with a bracket of its own does not. */
function hasTwoValueBracketPairs(line: Word[]): boolean {
  let pairs = 0;
  for (let i = 0; i + 1 < line.length; i++) {
    if (PLAIN_NUMBER.test(line[i]!.text) && BRACKETED.test(line[i + 1]!.text)) {
      pairs++;
      i++;
    }
  }
  return pairs >= 2;
}

/** The cell's lines of words, top to bottom. */
function cellLines(cellWords: Word[], settings: MixedCellSettings): Word[][] {
  return wordsToLines(cellWords, settings.lineCenterToleranceEm).map((l) => l.words);
}

/** A line of values under a line of names: every word a plain number, one of them measured
 * (decimals or a share) or two of them set apart as two columns' values. A count alone may be a
 * name's unit ("Population" over "1 000"). */
function isValuesLine(line: Word[], settings: MixedCellSettings): boolean {
  if (!line.every((w) => PLAIN_NUMBER.test(w.text))) return false;
  return line.some((w) => MEASURED.test(w.text)) || line.some((w, i) => i > 0 && isNumberPairApart(line[i - 1]!, w, settings));
}

/** A line of values over a line of names: no name opens with a line of figures, so every word a
 * number (an accounting negative in brackets too), one of them grouped, measured or of three
 * digits: no year, no column number ("(1)" over a name). */
function isValuesOverNames(line: Word[]): boolean {
  const numbers = line.map((w) => w.text.replace(/^\((.*)\)$/, "$1"));
  if (!numbers.every((t) => PLAIN_NUMBER.test(t) && !YEAR.test(t))) return false;
  return numbers.some((t) => MEASURED.test(t) || /\d{3}/.test(t));
}

/** A line of names: no number, a word of two letters or more. */
function isNamesLine(line: Word[]): boolean {
  return line.some((w) => NAME_WORD.test(w.text)) && !line.some((w) => /\d/.test(w.text));
}

/** Why the cell holds several cells' text, or null: "side-by-side" (a body cell with numbers of
 * two columns on one line) or "stacked" (a cell right of the stub with a line of values and a
 * line of names). `body`: the cell is below the header. */
export function mixedCellKind(
  cellWords: Word[],
  body: boolean,
  stub: boolean,
  settings: MixedCellSettings,
): "side-by-side" | "stacked" | null {
  const lines = cellLines(cellWords, settings);
  if (body && lines.some((line) => line.some((w, i) => i > 0 && isNumberPairApart(line[i - 1]!, w, settings)))) return "side-by-side";
  if (body && settings.valueBracketPairs && lines.some(hasTwoValueBracketPairs)) return "side-by-side";
  if (stub || lines.length < 2) return null;
  const names = lines.findIndex(isNamesLine);
  if (names < 0) return null;
  if (lines.slice(names + 1).some((l) => isValuesLine(l, settings))) return "stacked";
  if (lines.slice(0, names).some(isValuesOverNames)) return "stacked";
  return null;
}

/** The stub's body cells each a label and then a plain number, the numbers' right edges in line
 * and the labels' ends not: a column of right-aligned values read into the stub (no gutter was
 * found between the longest label and its value). A stub of names that end in a number ("Total
 * 1995") ends where each name does. */
export function stubHoldsValues(stubCells: readonly Word[][], settings: MixedCellSettings): boolean {
  if (settings.stubValuesAlignEm <= 0) return false;
  const pairs = stubCells.map((words) => {
    const line = cellLines(words, settings).at(-1) ?? [];
    const last = line.at(-1);
    const label = line.slice(0, -1);
    return last && label.some((w) => NAME_WORD.test(w.text)) && PLAIN_NUMBER.test(last.text) ? { last, label } : null;
  });
  if (pairs.length < settings.stubValuesMinRows || pairs.some((p) => p === null)) return false;
  const em = Math.max(...pairs.map((p) => p!.last.size));
  const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
  return (
    spread(pairs.map((p) => p!.last.box[2])) <= settings.stubValuesAlignEm * em &&
    spread(pairs.map((p) => Math.max(...p!.label.map((w) => w.box[2])))) > settings.stubValuesLabelSpreadEm * em
  );
}

/** Marks `disputed` each layout table with a cell holding several cells' text (mixedCellKind), or
 * a stub holding a column of values (stubHoldsValues). `words`: the page's words. */
export function markMixedCells(tables: readonly TableModel[], words: readonly Word[], settings: MixedCellSettings): void {
  for (const table of tables) {
    // A ruled table's cells are checked by another input: the layout reading of its text cuts a
    // merged cell otherwise, and the structure vote disputes that cell alone.
    if (table.source === "pdf-grid") continue;
    const inTable = words.filter((w) => wordCenterIn(w, table.box, 1));
    for (const cell of table.cells) {
      if (!cell.box || cell.text.trim() === "") continue;
      const inCell = inTable.filter((w) => wordCenterIn(w, cell.box!, 0.5));
      if (inCell.length < 2) continue;
      if (mixedCellKind(inCell, cell.row >= table.headerRows, cell.col === 0, settings)) {
        table.disputed = true;
        table.structureDoubt ??= "mixed-cells";
        break;
      }
    }
    const stub = table.cells.filter((c) => c.col === 0 && c.colSpan === 1 && c.row >= table.headerRows && c.box && c.text.trim() !== "");
    if (
      !table.disputed &&
      stubHoldsValues(
        stub.map((c) => inTable.filter((w) => wordCenterIn(w, c.box!, 0.5))),
        settings,
      )
    ) {
      table.disputed = true;
      table.structureDoubt ??= "mixed-cells";
    }
  }
}

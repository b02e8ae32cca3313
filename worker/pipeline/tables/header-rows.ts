// How many of a table's top rows are its header: on a ruled grid by what its rows hold
// (gridHeaderRows), on an unruled table by where the values start (modelToHeaderRows).
import type { TableModel } from "../types";
import { makeLine } from "../geometry/words-to-lines";
import { SETTINGS, type Settings } from "../settings";
import { markedValues } from "./placeholders";
import { MARKED_YEAR } from "./year-names";
import { isNumeric } from "./cell-text";

// Years are column names, marked ones too ("2023p": year-names.ts).
const YEAR = MARKED_YEAR;

const RANGE = /^\d+\s?[-–]\s?\d+$/;

/** Leading rows that are band labels only: nothing in the first column, under half the columns
 * filled, while a lower row fills more. */
export function topBandRows(model: TableModel, settings: Settings = SETTINGS): number {
  const filled = (r: number) => model.cells.filter((c) => c.row === r && c.text !== "").length;
  let r = 0;
  while (
    r + 1 < model.nRows &&
    r < settings.maxTopBandRows &&
    !model.cells.some((c) => c.row === r && c.col === 0 && c.text !== "") &&
    filled(r) > 0 &&
    filled(r) < model.nCols * settings.bandRowMaxFilledShare &&
    filled(r + 1) > filled(r)
  )
    r++;
  return r;
}

/** The next row below `r` with text outside the first column, skipping section labels (rows
 * holding a single label, in the first column or spanning). */
function nextRowWithValues(model: TableModel, r: number): number {
  for (let k = r + 1; k < model.nRows; k++) {
    const filled = model.cells.filter((c) => c.row === k && c.text !== "");
    if (filled.length >= 2 && filled.some((c) => c.col > 0)) return k;
  }
  return -1;
}

/** Header rows of a ruled table: the first row, extended downwards by the rulings themselves: a
 * header cell spanning columns has its sub-headings in the row below (unless that row holds
 * values: an EU document's "Treatment/Therapy" spans the label and "Count" columns over data rows), and a
 * header cell spanning rows makes those rows header too. */
export function gridHeaderRows(model: TableModel): number {
  if (model.nRows < 2) return 0;
  // Years and ranges ("15-24") are column names; other numbers are values.
  const holdsValues = (r: number) =>
    model.cells.some((c) => c.row === r && c.col > 0 && isNumeric(c.text) && !YEAR.test(c.text.trim()) && !RANGE.test(c.text.trim()));
  let h = 1;
  for (let changed = true; changed;) {
    changed = false;
    for (const c of model.cells) {
      if (c.row >= h || c.text === "") continue;
      const below = c.row + c.rowSpan;
      const need = c.colSpan > 1 && !holdsValues(below) ? below + 1 : below;
      if (need > h && need < model.nRows) {
        h = need;
        changed = true;
      }
    }
  }
  return h;
}

/** Header rows of an unruled table: the rows above the first row with a number outside the first
 * column (years are column names, not data, while rows below hold other numbers); a table without
 * numbers has its first row as header. */
export function modelToHeaderRows(model: TableModel, settings: Settings = SETTINGS): number {
  if (model.nRows < 2) return 0;
  let firstData = -1;
  for (let r = 0; r < model.nRows && firstData < 0; r++) {
    const rowCells = model.cells.filter((c) => c.row === r && c.text !== "");
    const found = rowCells.filter((c) => c.col > 0 && isNumeric(c.text));
    // A row of placeholder marks ("(X)", "Z", "–") where numbers would stand is values too.
    const numbers = found.length > 0 ? found : markedValues(rowCells, isNumeric);
    if (numbers.length === 0) continue;
    const yearsOnly = numbers.every((c) => YEAR.test(c.text.trim())) && !isNumeric(rowCells.find((c) => c.col === 0)?.text ?? "");
    if (yearsOnly && r + 1 < model.nRows) continue;
    // Data rows come in runs: numbers in a row followed by a row of words only ("1st", "3rd"
    // over "Grade") are part of the header.
    const next = nextRowWithValues(model, r);
    if (
      next >= 0 &&
      !model.cells.some((c) => c.row === next && c.col > 0 && c.text !== "" && isNumeric(c.text)) &&
      markedValues(
        model.cells.filter((c) => c.row === next),
        isNumeric,
      ).length === 0
    )
      continue;
    firstData = r;
  }
  if (firstData < 0) return 1;
  let h = Math.min(firstData, 6, model.nRows - 1);
  // Sparse rows on top (a band label, the first column empty) head the row below them, even when
  // that row is numbered columns (1, 2, 3 ...).
  const bands = topBandRows(model, settings);
  if (bands > 0 && bands + 1 < model.nRows) h = Math.max(h, bands + 1);
  // A row just above the data with one label only (in the first column, or spanning) is a
  // section label of the body ("Women", "Enrollment, in thousands"), not part of the header.
  const isSectionRow = (r: number) => {
    const filled = model.cells.filter((c) => c.row === r && c.text !== "");
    return filled.length === 1 && (filled[0]!.col === 0 || filled[0]!.colSpan > 1);
  };
  while (h > 1 && isSectionRow(h - 1) && !(h - 1 < topBandRows(model, settings))) h--;
  return h;
}

export { makeLine };

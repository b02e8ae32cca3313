// A header label standing between two columns, the neighbour it leans to left without a name of
// its own: a band over the pair (a lone band over a value and its bracket, with no line of names
// under it) placed in one column. Its alignment proposes a span the table was not given; the text
// cannot say which of the pair's columns it names, or both, so the table carries the doubt
// (`disputed`).
import type { Settings } from "../settings";
import type { Box, TableModel } from "../types";

/** Centres of each column's body cells (NaN for an empty column). The cells are sorted into
 * their columns in one pass (a table's every column used to filter all its cells). */
export function bodyCentres(model: TableModel): number[] {
  const boxesOf: Box[][] = Array.from({ length: model.nCols }, () => []);
  for (const x of model.cells)
    if (
      x.row >= model.headerRows &&
      x.colSpan === 1 &&
      x.text !== "" &&
      x.box &&
      Number.isInteger(x.col) &&
      x.col >= 0 &&
      x.col < boxesOf.length
    )
      boxesOf[x.col]!.push(x.box);
  return boxesOf.map((boxes) => {
    if (boxes.length === 0) return NaN;
    return (Math.min(...boxes.map((b) => b[0])) + Math.max(...boxes.map((b) => b[2]))) / 2;
  });
}

/** Whether a one-column header label of a value column sits off its column's centre towards a
 * neighbouring value column that has no label in that row. */
export function offCentreLoneLabel(model: TableModel, settings: Settings): boolean {
  if (model.headerRows === 0) return false;
  const centres = bodyCentres(model);
  const labelled = (row: number, c: number) =>
    model.cells.some((x) => x.row <= row && x.row + x.rowSpan > row && x.col <= c && x.col + x.colSpan > c && x.text !== "");
  // A name's line under the line above it in its column, within that line's width or centred on
  // it: the rest of a wrapped name (it leans the way its first lines do), not a label of its own.
  const carriesOn = (cell: TableModel["cells"][number]) =>
    model.cells.some(
      (x) =>
        x.row + x.rowSpan === cell.row &&
        x.col === cell.col &&
        x.colSpan === 1 &&
        x.text !== "" &&
        x.box !== null &&
        ((cell.box![0] >= x.box[0] - settings.offCentreCarryTolerance && cell.box![2] <= x.box[2] + settings.offCentreCarryTolerance) ||
          Math.abs(cell.box![0] + cell.box![2] - x.box[0] - x.box[2]) / 2 <= settings.offCentreCarryTolerance),
    );
  return model.cells.some((cell) => {
    if (cell.row >= model.headerRows || cell.col === 0 || cell.colSpan !== 1 || cell.text === "" || !cell.box) return false;
    if (settings.offCentreCarryTolerance >= 0 && carriesOn(cell)) return false;
    const own = centres[cell.col]!;
    const lx = (cell.box[0] + cell.box[2]) / 2;
    const n = lx >= own ? cell.col + 1 : cell.col - 1;
    if (n < 1 || n >= model.nCols || Number.isNaN(own) || Number.isNaN(centres[n]!)) return false;
    return Math.abs(lx - own) > Math.abs(centres[n]! - own) * settings.offCentreShare && !labelled(cell.row, n);
  });
}

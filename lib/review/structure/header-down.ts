// The row below the header joins it: a header two lines tall that the extraction read as one line
// and a data row (Shift+M on a header cell). The two lines collapse the way the extraction collapses
// a header of several lines (worker/pipeline/tables/assemble-table.ts): a label over empty header
// cells with two or more names under them is a column band (`colbands`) over those
// columns, the names below it their leaf names ("Emissions" over "Air" and "Water"); otherwise the
// name above and the name below are one name on two lines ("Total" over "population"). Every leaf
// name a person shaped this way is `confirmed` with `human-review`.
import type { Cell, Colband, Table } from "../../result/schema";
import { confirmedCell } from "../confirmed-cell";
import { StructureError } from "./ops";
import { copyTable, finish, unionBox } from "./table-shape";

const text = (cell: Cell | undefined) => cell?.value.trim() ?? "";

/** The name above and the name below as one name (a single part keeps its own sources; with
 * neither, a blank a person made). */
function joined(above: Cell | undefined, below: Cell | undefined): Cell {
  const parts = [above, below].filter((cell): cell is Cell => !!cell && text(cell) !== "");
  if (parts.length === 1) return confirmedCell(parts[0]!);
  const cell: Cell = { value: parts.map(text).join(" "), confidence: "confirmed", sources: ["human-review"] };
  const box = unionBox(parts.map((part) => part.bbox));
  if (box) cell.bbox = box;
  return cell;
}

export function headerTakesNextRow(source: Table): Table {
  const table = copyTable(source);
  const upper = table.header_cells;
  const lower = table.rows[0];
  if (!upper.length) throw new StructureError("this table has no header row; make the first row the header row (H) first");
  if (!lower) throw new StructureError("the table has no row below its header to join it");
  if ((table.span_grid ?? []).some((span) => span.row === 0 && span.row_span > 1)) {
    throw new StructureError("the row below the header is part of a merged cell that reaches further down; split that cell first");
  }
  const width = Math.max(upper.length, lower.length);
  const leaf: Cell[] = [];
  const bands: Colband[] = [...(table.colbands ?? [])];
  for (let col = 0; col < width;) {
    let end = col;
    while (end + 1 < width && text(upper[end + 1]) === "") end++;
    const names = lower.slice(col, end + 1).filter((cell) => text(cell) !== "").length;
    if (text(upper[col]) !== "" && end > col && names >= 2) {
      bands.push({ label: upper[col]!.value, start_col: col, end_col: end });
      for (let c = col; c <= end; c++) leaf[c] = joined(undefined, lower[c]);
      col = end + 1;
    } else {
      leaf[col] = joined(upper[col], lower[col]);
      col += 1;
    }
  }
  table.header_cells = leaf;
  if (bands.length) table.colbands = bands;
  table.rows = table.rows.slice(1);
  if (table.row_groups.length) table.row_groups = table.row_groups.slice(1);
  table.span_grid = (table.span_grid ?? []).filter((span) => span.row > 0).map((span) => ({ ...span, row: span.row - 1 }));
  return finish(table);
}

// A cell's relations as the metric sees them (worker/cli/eval/adjacency.ts): its nearest non-empty
// neighbour to the right and below, in the grid the scorer lays a table out as (tableToGrid:
// column bands, the header line, body rows with their spans). The structure vote compares these
// between segmentations (structure-vote.ts, "Relations"): a cell with the right words in the wrong
// place (the wrong column, two tables joined, a band over the wrong names) is a wrong relation
// every reading of its words agrees on.
//
// The definitions are not copied: the table is laid out by tableToGrid and its relations listed by
// gridToRelationList, exactly as the eval does, with each non-empty value replaced by a token
// naming its unit (emptiness after the metric's normalisation kept), so the relations come back
// as pairs of units.
import type { Table } from "../../../lib/result/schema";
import { tableToGrid } from "../tables/assemble-table";
import { gridToRelationList, normalizeText } from "../../cli/eval/adjacency";
import type { CellRef, CellUnit } from "./cell-units";

/** Per unit: the indices (into the same unit list) of its neighbours on each side; -1 for a
 * neighbour that is no unit (a non-empty cell without a box: its words are unknown). `left` and
 * `above` are the same relations seen from their other end. */
export interface UnitNeighbours {
  right: number[];
  below: number[];
  left: number[];
  above: number[];
}

const refKey = (ref: CellRef): string => (ref.kind === "header" ? `h${ref.col}` : ref.kind === "body" ? `b${ref.row},${ref.col}` : `band${ref.band}`);

/** The right and below neighbours of every unit of `table` (`units` = tableUnits(table, …)). */
export function unitNeighbours(table: Table, units: readonly CellUnit[]): UnitNeighbours[] {
  const unitOf = new Map(units.map((unit, index) => [refKey(unit.ref), index]));
  let others = 0;
  // A token per non-empty cell: "u<unit index>", or "n<k>" for a cell that is no unit. A cell the
  // metric reads as empty stays empty, so it takes part in no relation, as in the eval.
  const token = (value: string, ref: CellRef): string => {
    if (normalizeText(value) === "") return "";
    const unit = unitOf.get(refKey(ref));
    return unit === undefined ? `n${others++}` : `u${unit}`;
  };
  const tokenised: Table = {
    ...table,
    header_cells: table.header_cells.map((cell, col) => ({ ...cell, value: token(cell.value, { kind: "header", col }) })),
    rows: table.rows.map((row, r) => row.map((cell, col) => ({ ...cell, value: token(cell.value, { kind: "body", row: r, col }) }))),
    ...(table.colbands ? { colbands: table.colbands.map((band, index) => ({ ...band, label: token(band.label, { kind: "band", band: index }) })) } : {}),
  };
  const out: UnitNeighbours[] = units.map(() => ({ right: [], below: [], left: [], above: [] }));
  const { cells } = tableToGrid(tokenised);
  const unitOfToken = (text: string): number => (text.startsWith("u") ? Number(text.slice(1)) : -1);
  for (const { key, a, b } of gridToRelationList(cells)) {
    const from = unitOfToken(cells[a]!.text);
    const to = unitOfToken(cells[b]!.text);
    const across = key.endsWith("\th");
    if (from >= 0) out[from]![across ? "right" : "below"].push(to);
    if (to >= 0) out[to]![across ? "left" : "above"].push(from);
  }
  return out;
}

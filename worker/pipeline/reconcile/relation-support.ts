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
// as pairs of units. neighbourDisagreement then says where a reading holding the same cell puts
// other cells next to it than the delivered table does.
import type { Table } from "../../../lib/result/schema";
import { tableToGrid } from "../tables/assemble-table";
import { gridToRelationList, normalizeText } from "../tables/adjacency-relations";
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

/** A set of page words (ascending indices) as a key: two segmentations' cells are the same cell
 * when they hold the same words. */
export const wordsKey = (indices: readonly number[]): string => indices.join(",");

const refKey = (ref: CellRef): string =>
  ref.kind === "header" ? `h${ref.col}` : ref.kind === "body" ? `b${ref.row},${ref.col}` : `band${ref.band}`;

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
    ...(table.colbands
      ? { colbands: table.colbands.map((band, index) => ({ ...band, label: token(band.label, { kind: "band", band: index }) })) }
      : {}),
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

/** A neighbour N of a delivered cell A, on one side of it (right or below): the key of its words
 * (wordsKey; null when it has no box: unknown), and, in the delivered table, the cells next to it
 * on the side facing A (`back`: A among them) and on the far side (`ahead`), each as a key ("?"
 * for a cell whose words are unknown). */
export interface Neighbour {
  key: string | null;
  back: readonly string[];
  ahead: readonly string[];
}

/** A delivered cell's relations: its neighbours to the right and below, and the keys of the cells
 * next to it on the other two sides. */
export interface CellRelations {
  right: readonly Neighbour[];
  below: readonly Neighbour[];
  left: readonly string[];
  above: readonly string[];
}

/** One cell of a full segmentation, keyed by its words: its value, its band span, its table, and
 * the keys of its neighbours on each side ("?" for a neighbour whose words are unknown). */
export interface ReadingCell {
  value: string;
  under?: string;
  table: number;
  right: string[];
  below: string[];
  left: string[];
  above: string[];
}

/** Where a reading that has the cell puts another cell next to it than the delivered table does:
 * null when it agrees on every relation it has an opinion on, else what it has there ("right: 7",
 * "below: none"). A delivered relation A -> N (N to the right of A, or below it) is against when
 * the reading has A and N as cells of its own (same words), not next to each other, and
 *   - puts them in two different tables (two tables joined), or
 *   - has another cell M next to A on that side (A in the wrong column or row, a header over the
 *     wrong column), or next to N on the other side (N in the wrong place).
 * Where the reading only reads a span differently it has no opinion: empty space between A and N
 * (a row label spanning rows it reads in one row), or an M the delivered table has on the far side
 * of N (N spans less there in the reading, so A sees past it), or next to A on the near side (A
 * spans less, so N sees past it: a section head spanning every column that a reading without
 * spans, pdf-tags, puts in the first column only). A neighbour it has no cell for (its table
 * stops short, or it cuts N differently, which N's own verdict says) is no opinion either. */
export function neighbourDisagreement(
  found: ReadingCell,
  relations: CellRelations,
  byKey: ReadonlyMap<string, ReadingCell>,
): string | null {
  const differs: string[] = [];
  const sides = [
    ["right", "left"],
    ["below", "above"],
  ] as const;
  for (const [dir, back] of sides) {
    const theirs = found[dir];
    const ours = new Set(relations[dir].map((n) => n.key ?? "?"));
    for (const neighbour of relations[dir]) {
      const key = neighbour.key;
      if (key === null) continue;
      if (theirs.includes(key)) continue;
      const other = byKey.get(key);
      if (other === undefined) continue;
      const elsewhere = other.table !== found.table;
      const anotherNextToMine = theirs.some((k) => k !== "?" && !ours.has(k) && !neighbour.ahead.includes(k));
      const anotherNextToTheirs = other[back].some((k) => k !== "?" && !neighbour.back.includes(k) && !relations[back].includes(k));
      if (!elsewhere && !anotherNextToMine && !anotherNextToTheirs) continue;
      const there = theirs.map((k) => byKey.get(k)?.value ?? "?");
      differs.push(`${dir}: ${there.length > 0 ? there.join(" | ") : "none"}`);
      break;
    }
  }
  return differs.length > 0 ? differs.join("; ") : null;
}

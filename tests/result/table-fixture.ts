// A result table for tests, so that each test writes only what it is about: its cells and the
// fields it sets. The rest is the plainest table the result format allows.
import type { Cell, Table } from "../../lib/result/schema";

/** A table of these body rows: page 1, index 0, listed in the order of its index, no kind, read
 * row by row, no header, no row groups. `fields` sets any field (in the format's key order, the
 * fields not named above after them); header, unless given, is the header cells' values. */
export function tableFixture(rows: Cell[][], fields: Partial<Table> = {}): Table {
  const index = fields.index ?? 0;
  return {
    page: 1,
    index,
    order: index,
    kind: null,
    column_major: false,
    header: fields.header_cells?.map((cell) => cell.value) ?? [],
    header_cells: [],
    row_groups: [],
    rows,
    ...fields,
  };
}

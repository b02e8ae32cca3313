// The vision readers in the table-boundary vote: each first-pass grid says where the page's tables
// are. A delivered table that no vision reader which read the page sees (no table of theirs
// overlaps it) is one the layout readings do not agree exists: `layout_disputed`, its content
// still delivered, and its order measured from its box like any disputed table's (the order of
// the last prose or figure block above it).
import type { Prose, Table } from "../../../lib/result/schema";
import { intersectionArea } from "../reconcile/words-in-box";
import type { Box } from "../types";

/** A vision grid sees a delivered table when its table box covers at least this share of the
 * delivered table's box (a reader's table frame is rough, and a delivered table may be part of a
 * larger one it sees: any substantial overlap counts as seeing it). */
const SEEN_SHARE = 0.3;

export function disputeUnseenTables(
  tables: readonly Table[],
  readings: ReadonlyArray<readonly Box[]>,
  prose: readonly Prose[],
  figures: ReadonlyArray<{ box: Box; order: number }>,
): Table[] {
  if (readings.length === 0) return [...tables];
  return tables.map((table) => {
    if (!table.bbox || table.layout_disputed) return table;
    const box = table.bbox;
    const area = Math.max(1e-6, (box[2] - box[0]) * (box[3] - box[1]));
    const seen = readings.some((boxes) => boxes.some((b) => intersectionArea(b, box) / area >= SEEN_SHARE));
    if (seen) return table;
    const above = [
      ...prose.map((p) => ({ bottom: p.bbox[3], order: p.order })),
      ...figures.map((f) => ({ bottom: f.box[3], order: f.order })),
    ]
      .filter((block) => block.bottom <= box[1] + 1)
      .map((block) => block.order)
      .sort((a, b) => b - a);
    return { ...table, layout_disputed: true as const, order: above[0] ?? 0 };
  });
}

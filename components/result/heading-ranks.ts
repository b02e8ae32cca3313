// The HTML heading rank of each prose heading on a result page, in reading order: level 1 under
// the page's h2 is h3, deeper levels h4; never more than one rank below the heading before it (a
// page whose first heading is level 2 otherwise jumped from h2 to h4: axe's heading-order).
import type { Image, Prose, Table } from "@/lib/result/schema";

export type Block =
  | { kind: "table"; order: number; table: Table }
  | { kind: "prose"; order: number; prose: Prose }
  | { kind: "image"; order: number; image: Image };

export function headingRanks(blocks: readonly Block[]): Map<number, 3 | 4> {
  const ranks = new Map<number, 3 | 4>();
  let previous = 2;
  for (const block of blocks) {
    if (block.kind !== "prose" || block.prose.role !== "heading") continue;
    const rank = Math.min(block.prose.level <= 1 ? 3 : 4, previous + 1) as 3 | 4;
    ranks.set(block.prose.index, rank);
    previous = rank;
  }
  return ranks;
}

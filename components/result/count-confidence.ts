// Cells per confidence level over a whole result (header and body cells alike), and the blank ones
// apart: a cell holding no value that nobody doubts (lib/review/queue.ts) is counted as blank, not
// as "unverified" (a page of 97 "unverified" cells of which 86 were empty read as 97 doubts).
// Cells covered by a merged cell (span_grid) are placeholders, not cells: not counted, as the
// review queue skips them.
import type { Cell, Confidence, Result } from "@/lib/result/schema";
import { coveredCells } from "@/lib/result/span-layout";
import { holdsNoValue, queueLevel } from "@/lib/review/queue";

export type ConfidenceCounts = Record<Confidence, number> & { blank: number };

export function countConfidence(result: Result): ConfidenceCounts {
  const counts: ConfidenceCounts = { exact: 0, verified: 0, confirmed: 0, reviewed: 0, resolved: 0, unverified: 0, disputed: 0, blank: 0 };
  const count = (cell: Cell) => {
    if (holdsNoValue(cell) && queueLevel(cell) === null) counts.blank += 1;
    else counts[cell.confidence] += 1;
  };
  for (const table of result.tables) {
    const covered = coveredCells(table);
    for (const cell of table.header_cells) count(cell);
    table.rows.forEach((row, r) =>
      row.forEach((cell, col) => {
        if (!covered.has(`${r},${col}`)) count(cell);
      }),
    );
  }
  return counts;
}

// Cells per confidence level over a whole result (header and body cells alike). Cells covered by
// a merged cell (span_grid) are placeholders, not cells: not counted, as the review queue skips them.
import type { Confidence, Result } from "@/lib/result/schema";
import { coveredCells } from "@/lib/result/span-layout";

export type ConfidenceCounts = Record<Confidence, number>;

export function countConfidence(result: Result): ConfidenceCounts {
  const counts: ConfidenceCounts = { exact: 0, verified: 0, confirmed: 0, reviewed: 0, resolved: 0, unverified: 0, disputed: 0 };
  for (const table of result.tables) {
    const covered = coveredCells(table);
    for (const cell of table.header_cells) counts[cell.confidence] += 1;
    table.rows.forEach((row, r) =>
      row.forEach((cell, col) => {
        if (!covered.has(`${r},${col}`)) counts[cell.confidence] += 1;
      }),
    );
  }
  return counts;
}

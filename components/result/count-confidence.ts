// Cells per confidence level over a whole result (header and body cells alike).
import type { Confidence, Result } from "@/lib/result/schema";

export type ConfidenceCounts = Record<Confidence, number>;

export function countConfidence(result: Result): ConfidenceCounts {
  const counts: ConfidenceCounts = { exact: 0, verified: 0, confirmed: 0, reviewed: 0, resolved: 0, unverified: 0, disputed: 0 };
  for (const table of result.tables) for (const cell of [...table.header_cells, ...table.rows.flat()]) counts[cell.confidence] += 1;
  return counts;
}

// Runs of columns a header label may sit centred over. A label typeset over several columns is
// centred on the middle of its run: halfway between the centres of the run's first and last
// columns. The band rules (header-bands.ts) each weigh these runs by their own test; the runs and
// their offsets from the label are worked out here once, in one order, so that ties resolve alike.

/** Columns start..end (inclusive) and how far the middle of their end columns' centres lies from
 * a label's centre. */
export interface ColumnRun {
  start: number;
  end: number;
  off: number;
}

/** Every run of columns from column `from` (the stub, column 0, is under no band: 1 by default)
 * of at least `minColumns` columns, by start then end, with its offset from the centre `x`. */
export function columnRuns(centers: readonly number[], x: number, from = 1, minColumns = 1): ColumnRun[] {
  const runs: ColumnRun[] = [];
  for (let start = from; start < centers.length; start++) {
    for (let end = start + minColumns - 1; end < centers.length; end++) {
      runs.push({ start, end, off: Math.abs((centers[start]! + centers[end]!) / 2 - x) });
    }
  }
  return runs;
}

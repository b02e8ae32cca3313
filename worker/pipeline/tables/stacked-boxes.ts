// Ruled boxes around groups of rows of one table: each group of rows framed by a box of its own
// (some with rules between the columns), the boxes stacked a little apart, the header in a box of
// its own or in the first. Each box is a ruled grid, so the grid reading delivered each group as a
// table, its first row taken for a header. The text says otherwise: one run of lines in the same
// columns covers all the boxes (one layout region), and the boxes after the first open with rows
// of values, not with column names of their own. Such grids are left to the text layout reading
// of the region (with the rulings), which reads it as one table.
import type { Box, TextLine } from "../types";
import type { Grid } from "../geometry/rulings-to-grid";
import type { Settings } from "../settings";

function centre(box: Box): [number, number] {
  return [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
}

function inside(point: [number, number], box: Box, tol = 1): boolean {
  return point[0] >= box[0] - tol && point[0] <= box[2] + tol && point[1] >= box[1] - tol && point[1] <= box[3] + tol;
}

/** The grids that are boxes around row groups of one layout region's table. `isNamesLine` tells a
 * line of column names (detect-tables.ts). */
export function stackedBoxGrids(
  grids: readonly Grid[],
  regions: readonly Box[],
  lines: readonly TextLine[],
  isNamesLine: (line: TextLine) => boolean,
  settings: Settings,
): Set<Grid> {
  const out = new Set<Grid>();
  for (const region of regions) {
    const width = region[2] - region[0];
    const boxes = grids
      .map((grid) => ({ grid, lines: lines.filter((l) => inside(centre(l.box), grid.box)) }))
      .filter(
        ({ grid, lines: own }) =>
          own.length > 0 &&
          own.every((l) => inside(centre(l.box), region)) &&
          Math.min(grid.box[2], region[2]) - Math.max(grid.box[0], region[0]) >= width * settings.stackedOverlapShare,
      )
      .sort((a, b) => a.grid.box[1] - b.grid.box[1]);
    if (boxes.length < 2) continue;
    // Every box after the first goes on with rows of values.
    const opensWithRows = boxes.slice(1).every(({ lines: own }) => {
      const first = [...own].sort((a, b) => a.box[1] - b.box[1])[0]!;
      return !isNamesLine(first);
    });
    if (opensWithRows) for (const { grid } of boxes) out.add(grid);
  }
  return out;
}

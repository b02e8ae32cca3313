// A repeated sub-header pattern is a proposal of its own for the bands above it. Leaf names that
// repeat in groups ("Number | Percent | Number | Percent", "2018 | 2019 | 2018 | 2019") say the
// columns come in groups of that period, each under a band of its own (or under none). The
// header the table was read with has to agree:
//   - a band label above the leaf line covers whole groups: one that starts or ends inside a
//     group ("Second" and "half" cut at the gutter under "Second half") is a band read wrong;
//   - each group's names repeat as a whole: names whose last lines repeat while the lines above
//     differ from group to group ("Private Value | Change | Men Value | Change") hold a band line
//     read as the first line of each group's first name.
// The text cannot say which of the two readings is right (a wrapped name and a flush-left band
// look alike; a label cut at a gutter may be two labels), so a table where they disagree carries
// the doubt (`disputed`): none of its cells is verified, and the review page asks about its header.
import { median } from "../geometry/box";
import type { Settings } from "../settings";
import type { ModelCell, TableModel, Word } from "../types";

/** The text of the words whose centre lies in the box, line by line (top first). */
function linesIn(box: readonly number[], words: readonly Word[]): string[] {
  const inside = words.filter((w) => {
    const cx = (w.box[0] + w.box[2]) / 2;
    const cy = (w.box[1] + w.box[3]) / 2;
    return cx >= box[0]! && cx <= box[2]! && cy >= box[1]! && cy <= box[3]!;
  });
  const lines: Word[][] = [];
  for (const w of [...inside].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0])) {
    const cy = (w.box[1] + w.box[3]) / 2;
    const line = lines.find((l) => Math.abs((l[0]!.box[1] + l[0]!.box[3]) / 2 - cy) <= (w.box[3] - w.box[1]) / 2);
    if (line) line.push(w);
    else lines.push([w]);
  }
  return lines.map((l) =>
    l
      .sort((a, b) => a.box[0] - b.box[0])
      .map((w) => w.text)
      .join(" "),
  );
}

export interface RepeatedGroups {
  /** First column of the first group. */
  start: number;
  /** Columns per group. */
  period: number;
  groups: number;
}

/** The smallest period at which the leaf names' last lines repeat, over groups of two columns or
 * more holding two names or more, at least `minGroups` of them, running to the last column. */
export function repeatedLeafGroups(lastLines: readonly (string | null)[], minGroups: number): RepeatedGroups | null {
  const n = lastLines.length;
  for (let start = 1; start < n; start++) {
    for (let period = 2; (n - start) / period >= minGroups; period++) {
      if ((n - start) % period !== 0) continue;
      const group = lastLines.slice(start, start + period);
      if (group.some((name) => !name) || new Set(group).size < 2) continue;
      let repeats = true;
      for (let c = start + period; c < n && repeats; c++) repeats = lastLines[c] === lastLines[c - period];
      if (repeats) return { start, period, groups: (n - start) / period };
    }
  }
  return null;
}

/** Whether the table's header disagrees with the groups its repeated leaf names propose. */
export function headerDisagreesWithRepeatedGroups(model: TableModel, words: readonly Word[], minGroups: number): boolean {
  const leafRow = model.headerRows - 1;
  if (leafRow < 0 || model.nCols < 5) return false;
  const leaf = Array.from({ length: model.nCols }, (_, c) =>
    model.cells.find((x) => x.row <= leafRow && x.row + x.rowSpan - 1 === leafRow && x.col === c && x.colSpan === 1 && x.text !== ""),
  );
  const lines = leaf.map((cell) => (cell?.box ? linesIn(cell.box, words) : []));
  const found = repeatedLeafGroups(
    lines.map((l) => l[l.length - 1] ?? null),
    minGroups,
  );
  if (!found) return false;
  const { start, period } = found;
  // Names whose last lines repeat but whose whole text does not: a line above them per group.
  for (let c = start + period; c < model.nCols; c++) if (lines[c]!.join(" ") !== lines[c - period]!.join(" ")) return true;
  // Band labels above the leaf line over the groups' columns cover whole groups.
  for (const cell of model.cells) {
    if (cell.row + cell.rowSpan - 1 >= leafRow || cell.text === "") continue;
    const first = cell.col;
    const last = cell.col + cell.colSpan - 1;
    if (last < start) continue;
    const startsInside = first > start && (first - start) % period !== 0;
    const endsInside = (last - start + 1) % period !== 0;
    if (startsInside || endsInside) return true;
  }
  return false;
}

/** Names over the leaf line set flush left over each group's first column ("Private" over "Value |
 * Change", "Men" over the next "Value | Change"), one per group and none elsewhere, where the leaf
 * names repeat whole from group to group: each is a band over its group. Read over its first
 * column alone (or spanned by where its centre falls), the label would make it that column's name's first line ("Private Value") and
 * leave the group's other columns named alike ("Change" twice), which a table does not print
 * without a band to tell them apart. Widens each such label over its group; true when it did. */
export function bandsOverRepeatedGroups(model: TableModel, settings: Settings): boolean {
  if (model.headerRows !== 2 || model.nCols < 5) return false;
  const leaf = Array.from({ length: model.nCols }, (_, c) =>
    model.cells.find((x) => x.row === 1 && x.rowSpan === 1 && x.col === c && x.colSpan === 1 && x.text !== ""),
  );
  const found = repeatedLeafGroups(
    leaf.map((cell) => cell?.text ?? null),
    settings.repeatedGroupsMinGroups,
  );
  if (!found) return false;
  const { start, period, groups } = found;
  const above = model.cells.filter((x) => x.row === 0 && x.text !== "");
  // Each label's group: the one whose first column its left edge stands in (however it was
  // spanned), within `tolerance` left of the column's widest line.
  const tolerance = settings.bandFlushLeftEm * median(model.cells.map((x) => (x.box ? x.box[3] - x.box[1] : 0)).filter((h) => h > 0));
  const groupOf = (cell: ModelCell): number => {
    if (!cell.box || cell.rowSpan !== 1) return -1;
    for (let g = 0; g < groups; g++) {
      const column = model.cells.filter((x) => x.row >= 1 && x.col === start + g * period && x.colSpan === 1 && x.box);
      if (column.length === 0) continue;
      const left = Math.min(...column.map((x) => x.box![0]));
      const right = Math.max(...column.map((x) => x.box![2]));
      if (cell.box[0] >= left - tolerance && cell.box[0] < right) return g;
    }
    return -1;
  };
  const placed = above.map(groupOf);
  // One label per group, and no label elsewhere.
  if (above.length !== groups || new Set(placed).size !== groups || placed.includes(-1)) return false;
  if (new Set(above.map((x) => x.text)).size !== groups) return false;
  above.forEach((cell, k) => {
    cell.col = start + placed[k]! * period;
    cell.colSpan = period;
  });
  return true;
}

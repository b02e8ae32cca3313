// Column gutters the body shows, closed or cut by band labels above the header's leaf line.
// Columns are the x ranges that at most a few multi-chunk lines cross (chunks-to-columns.ts); that
// allowance is a share of the table's lines, so in a short table it is one line. A multi-line
// header stacks several labels over the same gutter, and two were too many:
//   - a band centred over its columns AND a units line under it ("Foreign" over "(Millions of
//     dollars)") closed the gutters inside the band: its columns came out as one ("40,805 348");
//   - a band ("2018") over a wide leaf name ("Margin of error" over right-aligned "±6.0") cut the
//     gutter in two around the band: an empty column between the name and its values.
// Generated families stub-head and standard-errors (tests/pdf/corpus).
//
// So the gutters are read again from the body alone (from the first line holding a number other
// than a year). Inside such a gutter, a column holding only text of band lines (header lines above
// the leaf line, the last header line with two chunks) is dropped (the band is placed over its
// columns later), one reaching into it only by band text keeps its own text's extent; a column running over the gutter is cut in it, where a stretch at least a gutter
// wide holds no text but band lines (a leaf name may reach into the gutter, not across it).
import { chunksToColumns, type ColumnSpan } from "../geometry/chunks-to-columns";
import type { TextLine } from "../types";

/** Years are numbers, but a line of years is a header line ("2018   2019"). */
const YEAR = /^(19|20)\d\d\*?$/;

export interface GutterRule {
  minGap: number;
  crossingShare: number;
  isNumeric: (text: string) => boolean;
}

export function restoreBandGutters(columns: ColumnSpan[], chunkRows: TextLine[][], rule: GutterRule): ColumnSpan[] {
  const firstBody = chunkRows.findIndex((chunks) => chunks.some((c) => rule.isNumeric(c.text) && !YEAR.test(c.text.trim())));
  if (firstBody <= 0) return columns;
  let leaf = -1;
  for (let i = firstBody - 1; i >= 0 && leaf < 0; i--) if (chunkRows[i]!.length >= 2) leaf = i;
  if (leaf <= 0) return columns;
  const bodyRows = chunkRows.slice(firstBody).filter((chunks) => chunks.length >= 2);
  if (bodyRows.length < 2) return columns;
  const body = chunksToColumns(bodyRows, rule.minGap, Math.max(1, Math.floor(bodyRows.length * rule.crossingShare)));
  const bandChunks = new Set(chunkRows.slice(0, leaf).flat());
  const all = chunkRows.flat();
  let out = columns.map((c) => ({ ...c }));
  for (let k = 0; k + 1 < body.length; k++) {
    const [g0, g1] = [body[k]!.x1, body[k + 1]!.x0];
    if (g1 - g0 < rule.minGap) continue;
    // A column lying inside the gutter with only band text in it: no column.
    out = out.filter(
      (col) =>
        !(col.x0 >= g0 && col.x1 <= g1 && all.filter((c) => c.box[0] >= col.x0 && c.box[2] <= col.x1).every((c) => bandChunks.has(c))),
    );
    // A column reaching into the gutter only by band text in it ("Domestic" centred over its
    // columns, wider than the first one's name): its extent is its own text's, so a leaf name
    // reaching into the gutter from the other side is not taken for a label spanning both.
    out = out.map((col) => {
      if (col.x1 <= g0 || col.x0 >= g1 || (col.x0 < g0 && col.x1 > g1)) return col;
      const own = all.filter((c) => !bandChunks.has(c) && c.box[0] >= col.x0 - 0.5 && c.box[2] <= col.x1 + 0.5);
      if (own.length === 0) return col;
      return { x0: Math.min(...own.map((c) => c.box[0])), x1: Math.max(...own.map((c) => c.box[2])) };
    });
    // A column running over the gutter is cut there, where no text but band lines stands: a leaf
    // name may reach into the gutter (wider than its numbers, right-aligned with them) but must
    // leave a clear stretch at least a gutter wide.
    const over = out.findIndex((col) => col.x0 < g0 && col.x1 > g1);
    if (over < 0) continue;
    const cut = clearStretch(
      g0,
      g1,
      all.filter((c) => !bandChunks.has(c) && c.box[0] < g1 && c.box[2] > g0),
      rule.minGap,
    );
    if (cut === null) continue;
    const col = out[over]!;
    const left = all.filter((c) => c.box[0] >= col.x0 - 0.5 && c.box[2] <= cut);
    const right = all.filter((c) => c.box[0] >= cut && c.box[2] <= col.x1 + 0.5);
    if (left.length === 0 || right.length === 0) continue;
    out.splice(
      over,
      1,
      { x0: Math.min(...left.map((c) => c.box[0])), x1: Math.max(...left.map((c) => c.box[2])) },
      { x0: Math.min(...right.map((c) => c.box[0])), x1: Math.max(...right.map((c) => c.box[2])) },
    );
  }
  return out;
}

/** The middle of the widest stretch of [g0, g1] that no chunk covers, if at least `minGap` wide. */
function clearStretch(g0: number, g1: number, chunks: TextLine[], minGap: number): number | null {
  const spans = chunks.map((c) => [Math.max(g0, c.box[0]), Math.min(g1, c.box[2])] as const).sort((a, b) => a[0] - b[0]);
  let best: [number, number] | null = null;
  let from = g0;
  for (const [a, b] of [...spans, [g1, g1] as const]) {
    if (a - from >= minGap && (!best || a - from > best[1] - best[0])) best = [from, a];
    from = Math.max(from, b);
  }
  return best ? (best[0] + best[1]) / 2 : null;
}

// The bars of a bar chart among a page's filled rectangles. Bars are filled rectangles standing on
// one baseline (their bottoms, or for horizontal bars their left edges, in line), all of one
// thickness, set apart from each other along the baseline, and of lengths that differ (they show
// values). Table shading is not: zebra bands and shaded header or total rows share their left edge
// and thickness but are all of one length (the table's width); a shaded column's cells stand one
// above the other, not side by side on a baseline. Such bars are drawn artwork: the text around
// them (axis ticks, category and value labels) is a chart's, not a table's, and the bars with it
// make a figure.
import type { Box, FilledRect } from "../types";
import type { Settings } from "../settings";

type ChartBarSettings = Pick<Settings, "chartMinBars" | "barEdgeTolerancePt" | "barThicknessTolerance" | "barLengthSpread">;

/** The box of each bar chart's bars (vertical or horizontal): one box per chart, spanning its bars
 * (the gaps between bars are the chart's too, so its bars are one drawing, not one each). */
export function chartBars(rects: readonly FilledRect[], settings: ChartBarSettings): Box[] {
  const boxes = rects.map((r) => r.box).filter((b) => b[2] > b[0] && b[3] > b[1]);
  const out: Box[] = [];
  // Vertical bars: bottoms in line, widths alike, side by side; horizontal: left edges, heights, stacked.
  for (const vertical of [true, false]) {
    const base = (b: Box) => (vertical ? b[3] : b[0]);
    const thickness = (b: Box) => (vertical ? b[2] - b[0] : b[3] - b[1]);
    const length = (b: Box) => (vertical ? b[3] - b[1] : b[2] - b[0]);
    const along = (b: Box): [number, number] => (vertical ? [b[0], b[2]] : [b[1], b[3]]);
    const groups: Box[][] = [];
    for (const b of [...boxes].sort((p, q) => base(p) - base(q))) {
      const group = groups.find(
        (g) =>
          Math.abs(base(g[0]!) - base(b)) <= settings.barEdgeTolerancePt &&
          Math.abs(thickness(g[0]!) - thickness(b)) <= thickness(g[0]!) * settings.barThicknessTolerance,
      );
      if (group) group.push(b);
      else groups.push([b]);
    }
    for (const group of groups) {
      if (group.length < settings.chartMinBars) continue;
      // Side by side along the baseline: no two overlap there.
      const spans = group.map(along).sort((p, q) => p[0] - q[0]);
      if (spans.some((s, k) => k > 0 && s[0] < spans[k - 1]![1] - settings.barEdgeTolerancePt)) continue;
      const lengths = group.map(length);
      const longest = Math.max(...lengths);
      if (longest <= 0 || (longest - Math.min(...lengths)) / longest < settings.barLengthSpread) continue;
      out.push([
        Math.min(...group.map((b) => b[0])),
        Math.min(...group.map((b) => b[1])),
        Math.max(...group.map((b) => b[2])),
        Math.max(...group.map((b) => b[3])),
      ]);
    }
  }
  return out;
}

// Charts drawn with vector graphics: vertical or horizontal bars, or a line with markers, with
// axis tick labels, category labels, value labels at the bars in some draws, a legend in some, and
// a caption ("Figure N. ...") under or above. A chart is a figure: its text is no table, so the
// truth has no table at all; a reader that aligns the tick and value labels into rows and columns
// delivers a spurious table.
import { Canvas } from "../canvas";
import { int, pick, sample, COUNTRIES, SECTORS } from "../content";
import type { Family } from "../family";

export const barChart: Family = {
  name: "bar-chart",
  about: "vector bar and line charts with tick, category and value labels and a caption: no table",
  async build({ doc, fonts, rng, figures }) {
    const font = rng() < 0.2 ? await fonts.mono(int(rng, 0, 1)) : await fonts.proportional(int(rng, 0, 2));
    const canvas = Canvas.add(doc);
    const size = int(rng, 6, 9);
    const kind = pick(rng, ["vertical", "horizontal", "line"] as const);
    const n = int(rng, 3, 9);
    const categories = sample(rng, pick(rng, [COUNTRIES, SECTORS]), n).map((c) => (c.length > 12 ? c.slice(0, 10) + "." : c));
    const values = Array.from({ length: n }, () => int(rng, 5, 95));
    const decimals = rng() < 0.5;
    const valueText = (v: number) => (decimals ? (v / 1.7).toFixed(1) : String(v));
    const showValues = rng() < 0.7;
    const x = int(rng, 60, 120);
    const top = int(rng, 90, 200);
    const w = int(rng, 260, 420);
    const h = int(rng, 160, 280);
    const maxTick = 100;
    const ticks = pick(rng, [4, 5, 10]);
    const colour: [number, number, number] = [0.2 + rng() * 0.4, 0.3 + rng() * 0.4, 0.5 + rng() * 0.4];
    const captionAbove = rng() < 0.4;
    const caption = `Figure ${int(rng, 1, 12)}. ${pick(rng, ["Share of", "Growth of", "Change in"])} ${pick(rng, ["output", "employment", "exports", "prices"])} by ${pick(rng, ["country", "sector"])}, ${int(rng, 2005, 2022)}`;
    if (captionAbove) canvas.text(caption, x, top - size * 3, size + 1, font.bold);
    const grid = rng() < 0.5;
    if (kind !== "horizontal") {
      canvas.vline(x, top, top + h, 0.6);
      canvas.hline(x, x + w, top + h, 0.6);
      for (let k = 0; k <= ticks; k++) {
        const v = (maxTick / ticks) * k;
        const y = top + h - (h * v) / maxTick;
        const label = String(v);
        canvas.text(label, x - 4 - font.regular.widthOfTextAtSize(label, size), y - size / 2, size, font.regular);
        if (grid && k > 0)
          canvas.polyline(
            [
              [x, y],
              [x + w, y],
            ],
            0.3,
            [0.7, 0.7, 0.7],
          );
      }
      const slot = w / n;
      const points: Array<[number, number]> = [];
      categories.forEach((cat, k) => {
        const cx = x + slot * (k + 0.5);
        const bh = (h * values[k]!) / maxTick;
        if (kind === "vertical") canvas.swatch(cx - slot * 0.3, top + h - bh, slot * 0.6, bh, colour);
        else {
          points.push([cx, top + h - bh]);
          canvas.swatch(cx - 2, top + h - bh - 2, 4, 4, colour);
        }
        if (showValues) {
          const t = valueText(values[k]!);
          canvas.text(t, cx - font.regular.widthOfTextAtSize(t, size) / 2, top + h - bh - size - 3, size, font.regular);
        }
        canvas.text(cat, cx - font.regular.widthOfTextAtSize(cat, size) / 2, top + h + 4, size, font.regular);
      });
      if (kind === "line") canvas.polyline(points, 1.2, colour);
    } else {
      const labelWidth = Math.max(...categories.map((c) => font.regular.widthOfTextAtSize(c, size)));
      const x0 = x + labelWidth + 6;
      canvas.vline(x0, top, top + h, 0.6);
      canvas.hline(x0, x0 + w - labelWidth, top + h, 0.6);
      const span = w - labelWidth - 20;
      for (let k = 0; k <= ticks; k++) {
        const v = (maxTick / ticks) * k;
        const label = String(v);
        canvas.text(label, x0 + (span * v) / maxTick - font.regular.widthOfTextAtSize(label, size) / 2, top + h + 4, size, font.regular);
      }
      const slot = h / n;
      categories.forEach((cat, k) => {
        const cy = top + slot * (k + 0.5);
        const bw = (span * values[k]!) / maxTick;
        canvas.swatch(x0, cy - slot * 0.3, bw, slot * 0.6, colour);
        canvas.text(cat, x0 - 6 - font.regular.widthOfTextAtSize(cat, size), cy - size / 2, size, font.regular);
        if (showValues) canvas.text(valueText(values[k]!), x0 + bw + 3, cy - size / 2, size, font.regular);
      });
    }
    // The plot area: the axes' box, where the bars or the series are drawn.
    figures?.push([x, top, x + w, top + h]);
    if (!captionAbove) canvas.text(caption, x, top + h + size * 3, size + 1, font.bold);
    // Some prose under the chart, as on a report page.
    canvas.text(
      pick(rng, ["Source: national statistical offices.", "Note: provisional data for the last year.", "Source: survey estimates."]),
      x,
      top + h + size * 6,
      size,
      font.regular,
    );
    canvas.finish();
    return [];
  },
};

// Two to four stacked parts of a statistical layout, each under its own line of column names (the
// same names again, other measures, or years), where some parts hold ONE row of values and others
// several: "Total | 2019 2020 2021" over one row, then "Share (%) | 2019 2020 2021" over four. Set
// as close as the rows or a blank line or two apart, with a caption line over a part in some
// draws, in a look drawn from wide ranges (face, size, pitch, gaps, number format, label length,
// indent). Ground truth, as for stacked-panels and block-under-table: one table per part (its
// line of names and its rows); a caption line belongs to no table.
// What it tests: a part of one row gives no column profile of its own (one line has a gap between
// any two words set apart), so a reader that needs two lines of values to find columns cannot
// check it, and one that joins it to its neighbours reads parts of different tables as one.
import { Canvas } from "../canvas";
import { columnNames, int, MEASURES, pick, sample } from "../content";
import type { Family } from "../family";
import type { TruthTable } from "../truth";
import { drawLook, drawVaried, fitLook, headerLine, variedLabel, variedNumber, variedWidths, type VariedPlan } from "../varied";

const STUB_HEADS = ["Total", "Share (%)", "Memorandum", "Item", "Change (%)", "Index", "Per capita", "Region", ""];
const CAPTIONS = ["Part", "Panel", "Section"];

export const stackedParts: Family = {
  name: "stacked-parts",
  about: "stacked parts under their own lines of column names, some of one row of values, are one table each",
  async build({ doc, fonts, rng }) {
    const base = await drawLook(rng, fonts, { rulings: ["none", "none", "frame-lines"] });
    const canvas = Canvas.add(doc);
    const cols = int(rng, 2, 5);
    const nParts = int(rng, 2, 4);
    // Rows of values per part: at least one part of one row and one of several, anywhere in the stack.
    const rowCounts: number[] = Array.from({ length: nParts }, () => (rng() < 0.45 ? 1 : int(rng, 2, 5)));
    if (!rowCounts.includes(1)) rowCounts[int(rng, 0, nParts - 1)] = 1;
    if (!rowCounts.some((n) => n > 1)) rowCounts[int(rng, 0, nParts - 1)] = int(rng, 2, 5);
    // The parts name the same columns (counts, then shares of them), or each its own measures.
    const sameNames = rng() < 0.6;
    const names = columnNames(rng, cols);
    const used = new Set<string>();
    const plans: VariedPlan[] = rowCounts.map((n) => ({
      headerLines: [headerLine([pick(rng, STUB_HEADS), ...(sameNames ? names : sample(rng, MEASURES, cols))])],
      rows: Array.from({ length: n }, () => ({
        cells: [variedLabel(rng, used), ...Array.from({ length: cols }, () => variedNumber(rng, base.format))],
      })),
    }));
    // One look and one set of column widths for every part: one layout, its columns lining up.
    const all: VariedPlan = { headerLines: plans.flatMap((p) => p.headerLines), rows: plans.flatMap((p) => p.rows) };
    const look = fitLook(all, base, canvas.width);
    const widths = variedWidths(all, look);
    const step = look.size * look.pitch;
    // Space between parts: as close as the rows (one pitch) or a blank line or two.
    const close = rng() < 0.5;
    const captioned = rng() < 0.3;
    const tables: TruthTable[] = [];
    let y = look.y;
    plans.forEach((plan, k) => {
      if (captioned) {
        canvas.text(`${pick(rng, CAPTIONS)} ${String.fromCharCode(65 + k)}`, look.x, y, look.size, look.font.bold);
        y += step;
      }
      const drawn = drawVaried(canvas, plan, look, { y, widths });
      tables.push({ page: 1, cells: drawn.cells, headerRows: drawn.headerRows });
      y = drawn.box[3] + (step - look.size) + (close ? 0 : step * (1 + rng()));
    });
    canvas.finish();
    return tables;
  },
};

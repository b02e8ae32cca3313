// A small block under a table: its own line of column names and one or two rows of values (a
// memorandum item, the EU total, a block of shares), set below the table at a row's distance or
// a blank line or two further down. On its own it has fewer lines than a table needs (header +
// two rows: settings.minTableLines), so detection once dropped it: its cells were lost. Ground
// truth: a table of its own, as ICDAR's keeps two-line tables (EU holds five with two rows).
import { Canvas } from "../canvas";
import { columnNames, int, MEASURES, numberRow, pick, rowLabels, sample, STYLES } from "../content";
import { columnWidths, drawTable, simplePlan } from "../draw-table";
import type { Family } from "../family";
import type { TruthTable } from "../truth";

export const blockUnderTable: Family = {
  name: "block-under-table",
  about: "a block of a names line and one or two rows under a table is a table of its own, not lost",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    const cols = int(rng, 2, 5);
    const names = columnNames(rng, cols);
    const main = simplePlan(
      [pick(rng, ["Country", "Item", "Sector", "Region"]), ...names],
      rowLabels(rng, int(rng, 3, 6)).map((label) => [label, ...numberRow(rng, cols, pick(rng, STYLES))]),
    );
    // Even variants: the same column names under another stub head; odd: other measures.
    const blockHeader = [
      pick(rng, ["Memorandum", "Share (%)", "Total", "EU-27"]),
      ...(variant % 2 === 0 ? names : sample(rng, MEASURES, cols)),
    ];
    const blockRows = variant % 3 === 2 ? 2 : 1;
    const block = simplePlan(
      blockHeader,
      rowLabels(rng, blockRows).map((label) => [label, ...numberRow(rng, cols, "percent")]),
    );
    const colGap = int(rng, 14, 30);
    const widths = [main, block]
      .map((p) => columnWidths(p, { size, font: font.regular, headerFont: font.bold, colGap }))
      .reduce((a, b) => a.map((w, k) => Math.max(w, b[k]!)));
    const x = int(rng, 60, 110);
    const y = int(rng, 70, 120);
    const pitch = 1.4;
    const tables: TruthTable[] = [];
    const drawn = drawTable(canvas, main, { x, y, size, font: font.regular, headerFont: font.bold, colGap, pitch, widths });
    tables.push({ page: 1, cells: drawn.cells, headerRows: drawn.headerRows });
    // Variant % 3 === 1: at a row's distance; else a blank line or two (2.6-4 em of white).
    const gap = variant % 3 === 1 ? size * (pitch - 1 + 0.2 + rng() * 0.4) : size * (2.6 + rng() * 1.4);
    const under = drawTable(canvas, block, {
      x,
      y: drawn.box[3] + gap,
      size,
      font: font.regular,
      headerFont: font.bold,
      colGap,
      pitch,
      widths,
    });
    tables.push({ page: 1, cells: under.cells, headerRows: under.headerRows });
    canvas.finish();
    return tables;
  },
};

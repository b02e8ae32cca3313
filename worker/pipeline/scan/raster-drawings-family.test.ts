// Charts on scans, end to end with the real engines (tests/pdf/scanned-family.ts): the generated
// line chart with a legend laid out in columns and its data table below, and the bar and line
// charts with ticks, value labels and a caption. On a scan the plotted lines are found in the pixels
// (raster-drawings.ts): the chart's labels must never be delivered as a table, a line chart's plot
// comes back as a figure, and the data table below it stays whole.
import { test } from "node:test";
import assert from "node:assert/strict";
import { forEachScannedDocument } from "../../../tests/pdf/scanned-family";
import { comparisonKey } from "../reconcile/normalise";

const overlapArea = (a: readonly number[], b: readonly number[]) =>
  Math.max(0, Math.min(a[2]!, b[2]!) - Math.max(a[0]!, b[0]!)) * Math.max(0, Math.min(a[3]!, b[3]!) - Math.max(a[1]!, b[1]!));

test(
  "family: generated charts, scanned: no table on a chart, a line chart's plot is a figure, its data table whole",
  { timeout: 900_000 },
  async () => {
    let plotsFound = 0;
    const withFigures = true;
    await forEachScannedDocument(
      "chart-legend",
      2,
      (doc, output) => {
        const { tables, images } = output.result;
        const plot = doc.plot!;
        const label = `${doc.name}: tables ${tables.length}, figures ${JSON.stringify(images.map((i) => i.bbox))}, plot ${plot.map(Math.round)}`;
        // Only the data table: one table, none of it on the plot.
        assert.equal(tables.length, doc.tables.length, label);
        for (const t of tables) assert.equal(overlapArea(t.bbox!, plot), 0, label);
        const delivered = new Set(tables.flatMap((t) => [...t.header_cells, ...t.rows.flat()]).map((c) => comparisonKey(c.value)));
        const truth = doc.tables.flatMap((t) => t.cells.map((c) => comparisonKey(c.text)));
        const missing = truth.filter((v) => !delivered.has(v));
        assert.ok(missing.length <= truth.length * 0.05, `${label}: missing ${missing.join(" | ")}`);
        // A figure covering at least a third of the plot.
        const area = (plot[2] - plot[0]) * (plot[3] - plot[1]);
        if (images.some((i) => overlapArea(i.bbox, plot) >= area / 3)) plotsFound += 1;
      },
      (docs) => docs,
      withFigures,
    );
    assert.equal(plotsFound, 2, `line charts' plots found as figures: ${plotsFound} of 2`);
    await forEachScannedDocument("bar-chart", 3, (doc, output) => {
      assert.equal(output.result.tables.length, 0, `${doc.name}: ${output.result.tables.length} tables delivered`);
    });
  },
);

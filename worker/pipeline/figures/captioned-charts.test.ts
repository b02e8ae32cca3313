import { test } from "node:test";
import assert from "node:assert/strict";
import { captionedCharts, FIGURE_CAPTION, mayHoldFigureCaption } from "./captioned-charts";
import { SETTINGS } from "../settings";
import type { Box, TableModel } from "../types";
import type { ProseBlock } from "../prose/lines-to-blocks";

const table = (box: Box): TableModel => ({
  box,
  nRows: 3,
  nCols: 3,
  cells: [],
  headerRows: 1,
  rowGroups: [],
  source: "pdf-grid",
  disputed: false,
});
const block = (text: string, box: Box, size = 10): ProseBlock => ({ text, box, role: "paragraph", level: 0, size });

test("FIGURE_CAPTION: figure, chart and graph numbers with series prefixes; not tables or sentences", () => {
  for (const caption of [
    "Figure 1:",
    "Figure 6: Simplified chart",
    "Fig. 2",
    "CHART 3.",
    "Graph 4",
    "Figure CA2b. | Notification rates",
    "Figure 12",
  ]) {
    assert.ok(FIGURE_CAPTION.test(caption), caption);
  }
  for (const other of [
    "Table 1:",
    "Figures 15-19 represent sovereign spreads",
    "Figure out the cost",
    "figure 1 shows",
    "Chartered accountants",
  ]) {
    assert.ok(!FIGURE_CAPTION.test(other), other);
  }
});

test("a table candidate right under a figure caption is the chart; labels between are allowed", () => {
  const chart = table([100, 130, 400, 240]);
  const blocks = [block("Figure 1:", [60, 74, 110, 86]), block("Municipal taxes", [200, 100, 280, 110])];
  // The chart's box takes in the label between (a flow chart's upper boxes).
  assert.deepEqual([...captionedCharts([chart], blocks, [], SETTINGS)], [[chart, [100, 100, 400, 240]]]);
});

test("not a chart: a paragraph or a table caption between, a caption too far above, or no overlap", () => {
  const model = table([100, 130, 400, 240]);
  const caption = block("Figure 1:", [60, 74, 110, 86]);
  const cases: Array<[string, ProseBlock[]]> = [
    [
      "paragraph between",
      [caption, block("The economy has grown steadily since the 1990s, except during the depression.", [60, 95, 520, 120])],
    ],
    ["table caption between", [caption, block("Table 2:", [60, 110, 110, 120])]],
    ["caption 9 em above", [block("Figure 1:", [60, 30, 110, 40])]],
    ["caption beside, not above", [block("Figure 1:", [420, 74, 470, 86])]],
    ["a table's own caption", [block("Table 1:", [60, 74, 110, 86])]],
  ];
  for (const [name, blocks] of cases) assert.equal(captionedCharts([model], blocks, [], SETTINGS).size, 0, name);
});

test("only the first table under a figure caption is its chart", () => {
  const chart = table([100, 100, 400, 160]);
  const below = table([100, 175, 400, 240]);
  // Within reach of the caption (12 pt: 96 pt), but the chart lies between.
  const found = captionedCharts([chart, below], [block("Figure 1:", [60, 74, 110, 86], 12)], [], SETTINGS);
  assert.deepEqual([...found.keys()], [chart]);
});

test("a picture between the caption and the table is the figure; the table after it stays a table", () => {
  const model = table([100, 180, 400, 240]);
  const caption = block("Figure 1:", [60, 74, 110, 86], 12);
  assert.equal(captionedCharts([model], [caption], [[100, 95, 400, 170]], SETTINGS).size, 0);
  // A small mark (an arrow head, a bullet) between is part of a chart, not a picture of its own.
  assert.equal(captionedCharts([model], [caption], [[200, 100, 206, 106]], SETTINGS).size, 1);
});

test("mayHoldFigureCaption: a page is searched only when a word could start a caption", () => {
  assert.equal(mayHoldFigureCaption([{ text: "Table" }, { text: "1:" }, { text: "figures" }]), false);
  assert.equal(mayHoldFigureCaption([{ text: "see" }, { text: "Figure" }]), true);
  assert.equal(mayHoldFigureCaption([{ text: "Fig." }]), true);
});

// Charts drawn with rules and text (stacked bars with their values, small multiples, flow charts)
// look like tables to the table detectors: rows of labels and numbers, often inside ruled boxes.
// What tells them apart on the page is the caption the author wrote: a table candidate that
// starts right under "Figure 1:", "Chart 3." or "Figure CA2b." with nothing between them but short
// labels (a chart's own text) is that figure's content. It is delivered as a figure (a crop of the
// page), not as a table whose cells would be chart labels.
import type { Box, TableModel } from "../types";
import { boxIntersection, boxOverlapRatio, boxUnion } from "../geometry/box";
import type { FigureRegion } from "./figure-regions";
import type { ProseBlock } from "../prose/lines-to-blocks";
import type { Settings } from "../settings";

/** "Figure 1:", "Fig. 2", "CHART 3.", "Graph 4", "Diagram 5", "Figure CA2b." (a number, maybe
 * after a short upper-case series prefix; not "Figures 15-19 show ..."). "Table" is not here: a
 * table captioned as a table stays one. */
const CAPTION_NAME = "(Figure|FIGURE|Fig\\.|FIG\\.|Chart|CHART|Graph|GRAPH|Diagram|DIAGRAM)";
export const FIGURE_CAPTION = new RegExp(`^${CAPTION_NAME}\\s*[A-Z]{0,3}\\d+[a-z]?(\\s|[:.|)\\-–]|$)`);
const TABLE_CAPTION = /^(Table|TABLE)\s*[A-Z]{0,3}\d/;
const CAPTION_WORD = new RegExp(`^${CAPTION_NAME}`);

/** Whether any word could start a figure caption: most pages have none, and then the page needs
 * none of the work below (its own prose blocks, drawing clusters). */
export function mayHoldFigureCaption(words: Array<{ text: string }>): boolean {
  return words.some((w) => CAPTION_WORD.test(w.text));
}

const overlapsX = (a: Box, b: Box) => Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 0;

/** The caption's whole line: "Figure 1:" is often a label in the margin with its title set a tab
 * to the right as a separate block, and only the title reaches over the chart. */
function captionLine(label: ProseBlock, blocks: ProseBlock[], settings: Settings): Box {
  const title = blocks.filter(
    (b) =>
      b.box[1] < label.box[3] &&
      b.box[3] > label.box[1] &&
      b.box[0] >= label.box[2] &&
      b.box[0] - label.box[2] <= label.size * settings.captionTitleGapEm,
  );
  return boxUnion([label.box, ...title.map((b) => b.box)])!;
}

/** The table candidates that are the content of a figure captioned right above them, each with
 * the chart's box: the candidate and the chart labels between it and the caption (a flow chart's
 * upper boxes). `blocks` are the page's prose blocks outside table candidates; `pictures` the
 * page's images and drawings (a picture between caption and table is the figure, and the table
 * follows it). */
export function captionedCharts(models: TableModel[], blocks: ProseBlock[], pictures: Box[], settings: Settings): Map<TableModel, Box> {
  const charts = new Map<TableModel, Box>();
  const captions = blocks.filter((b) => FIGURE_CAPTION.test(b.text)).map((b) => ({ label: b, box: captionLine(b, blocks, settings) }));
  for (const model of models) {
    const top = model.box[1];
    const above = captions.filter(
      (c) => c.box[3] <= top + 1 && overlapsX(c.box, model.box) && top - c.box[3] <= c.label.size * settings.figureCaptionGapEm,
    );
    const caption = above.sort((a, b) => b.box[3] - a.box[3])[0];
    if (!caption) continue;
    const inCaption = (b: ProseBlock) => b === caption.label || boxOverlapRatio(b.box, caption.box) > settings.captionBlockOverlap;
    const between = (box: Box) => box[1] >= caption.box[3] - 1 && box[3] <= top + 1 && overlapsX(box, model.box);
    // Only a chart's own labels may sit between: short single lines, never a paragraph, another
    // table or a table's caption (then the figure ended above them).
    const labels = blocks.filter((b) => !inCaption(b) && between(b.box));
    const onlyLabels = labels.every(
      (b) =>
        b.text.length <= settings.maxChartLabelChars &&
        b.box[3] - b.box[1] <= b.size * settings.chartLabelMaxLineHeights &&
        !TABLE_CAPTION.test(b.text),
    );
    const tableBetween = models.some((other) => other !== model && between(other.box));
    const pictureBetween = pictures.some(
      (p) => between(p) && p[3] - p[1] >= settings.minFigureSide && p[2] - p[0] >= settings.minFigureSide,
    );
    if (onlyLabels && !tableBetween && !pictureBetween) charts.set(model, boxUnion([model.box, ...labels.map((b) => b.box)])!);
  }
  return charts;
}

/** Adds the charts to the page's figure regions; a drawn figure that overlaps a chart (its axis,
 * its legend) grows into one region with it. */
export function addChartRegions(figures: FigureRegion[], charts: Box[]): FigureRegion[] {
  const out = [...figures];
  for (const chart of charts) {
    let region: FigureRegion = { box: chart, sources: ["layout"] };
    for (let k = out.length - 1; k >= 0; k--) {
      const f = out[k]!;
      if (boxIntersection(f.box, region.box) === null) continue;
      region = { box: boxUnion([region.box, f.box])!, sources: [...new Set([...region.sources, ...f.sources])] };
      out.splice(k, 1);
    }
    out.push(region);
  }
  return out;
}

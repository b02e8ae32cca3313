// One page through the readers and the page-level assembly: pdf-text, pdf-grid/pdf-image (one
// operator-list walk), table detection (pdf-grid + pdf-layout), prose, figure regions, and the
// shared reading order. Returns plain data; cropping figures and cross-page linking happen in
// run-pipeline.
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import type { Prose, Table } from "../../lib/result/schema";
import type { Box, TableModel, Word } from "./types";
import { readPdfText } from "./readers/pdf-text";
import { readPdfGraphics } from "./readers/pdf-graphics";
import { detectTables } from "./tables/detect-tables";
import type { PageExtraction, PageReadings, PageTables } from "./page-types";
import { modelToTable } from "./tables/assemble-table";
import { wordsToProseBlocks, type ProseBlock } from "./prose/lines-to-blocks";
import { boxesToReadingOrder } from "./geometry/boxes-to-reading-order";
import { boxOverlapRatio, boxUnion, isPointInBox, roundBox } from "./geometry/box";
import { boxesToClusters, figureRegions } from "./figures/figure-regions";
import { chartBars } from "./figures/chart-bars";
import { addChartRegions, captionedCharts, mayHoldFigureCaption } from "./figures/captioned-charts";
import { attachCaptions } from "./tables/caption";
import { keyToProse, withLegends } from "./tables/word-blocks";
import { addOrderCode } from "./tables/order-code";
import type { Settings } from "./settings";
import { StageTimer } from "./stage-timer";
import { extractTurnedPage, readingTurn } from "./geometry/turn-extraction";

// The page types moved to page-types.ts; re-exported for code written against this module.
export type { PageExtraction, PageReadings } from "./page-types";

export async function readPage(page: PDFPageProxy, settings: Settings): Promise<PageReadings> {
  const viewport = page.getViewport({ scale: 1 });
  // Operators first: it loads the fonts, so the text reader can see their names (bold).
  const graphics = await readPdfGraphics(page, settings);
  const text = await readPdfText(page, settings);
  return {
    width: viewport.width,
    height: viewport.height,
    words: text.words,
    graphics: { ...graphics, rulings: [...graphics.rulings, ...text.rulings] },
  };
}

/** The page-level stages, each timed on `timer` under its name: tables, charts, figures, prose,
 * reading-order. */
export function extractPage(
  readings: PageReadings,
  pageNumber: number,
  settings: Settings,
  timer: StageTimer = new StageTimer(),
): PageExtraction {
  // A page whose text reads sideways or upside down is read in its own reading frame.
  const turn = readingTurn(readings.words, settings.readingTurnShare);
  // The structure readers read such a page in the same frame (run-pipeline turns their proposals
  // back), so the extraction carries the frame's readings and detection (`frame`).
  if (turn !== 0) return extractTurnedPage(readings, turn, (r) => extractPage(r, pageNumber, settings, timer));
  const detected = timer.run("tables", () => detectTables(readings.words, readings.graphics, settings, [readings.width, readings.height]));
  const outside = (boxes: Box[]) => (w: Word) =>
    !boxes.some((b) => isPointInBox((w.box[0] + w.box[2]) / 2, (w.box[1] + w.box[3]) / 2, b, 1));
  const charts = timer.run("charts", () => findCaptionedCharts(readings, detected.tables, settings, outside));
  const models = detected.tables.filter((m) => !charts.has(m));
  let freeWords = readings.words.filter(outside(models.map((m) => m.box)));
  const figures = timer.run("figures", () => {
    // A chart's box reaches to its drawn frame (the grid its values sit in), not only its text.
    const chartBoxes = [...charts].map(([m, box]) =>
      boxUnion([box, ...detected.grids.filter((g) => boxOverlapRatio(m.box, g.box) > 0.5).map((g) => g.box)])!,
    );
    return withLegends(
      addChartRegions(
        figureRegions(
          readings,
          models.map((m) => m.box),
          settings,
        ),
        chartBoxes,
      ),
      detected.legends ?? [],
    );
  });
  // Words inside a figure (axis labels, callouts) belong to the figure, not to prose.
  freeWords = freeWords.filter((w) => !figures.some((f) => boxOverlapRatio(w.box, f.box) > 0.5));
  // A key of abbreviations detection dropped (tables/word-blocks.ts) is prose read a whole line at a time.
  const outsideKeys = outside(detected.keys ?? []);
  const blocks = timer.run("prose", () =>
    attachCaptions(
      models,
      [
        ...wordsToProseBlocks(freeWords.filter(outsideKeys), settings),
        ...keyToProse(
          freeWords.filter((w) => !outsideKeys(w)),
          settings,
        ),
      ],
      settings,
    ),
  );
  return timer.run("reading-order", () => placeInReadingOrder(models, blocks, figures, detected, pageNumber, settings));
}

function placeInReadingOrder(
  models: TableModel[],
  blocks: ProseBlock[],
  figures: ReturnType<typeof addChartRegions>,
  detected: PageTables,
  pageNumber: number,
  settings: Settings,
): PageExtraction {
  type Item = { kind: "table"; i: number } | { kind: "prose"; i: number } | { kind: "figure"; i: number };
  const items: Array<{ box: Box; item: Item }> = [
    ...models.map((m, i) => ({ box: m.box, item: { kind: "table" as const, i } })),
    ...blocks.map((b, i) => ({ box: b.box, item: { kind: "prose" as const, i } })),
    ...figures.map((f, i) => ({ box: f.box, item: { kind: "figure" as const, i } })),
  ];
  const order = boxesToReadingOrder(
    items.map((x) => x.box),
    settings.readingOrderGutter,
  );
  const rank = new Map<Item, number>();
  order.forEach((idx, position) => rank.set(items[idx]!.item, position));
  const orderOf = (kind: Item["kind"], i: number) => rank.get(items.find((x) => x.item.kind === kind && x.item.i === i)!.item)!;

  const tableOrder = models.map((_, i) => ({ i, order: orderOf("table", i) })).sort((a, b) => a.order - b.order);
  const tables: Table[] = tableOrder.map(({ i, order: o }, index) => {
    const table = modelToTable(models[i]!, pageNumber, index);
    table.order = o;
    addOrderCode(table);
    return table;
  });
  // When the layout readings disagree, order is measured from bbox: the order of
  // the last prose or image block above the table.
  for (const table of tables) {
    if (!table.layout_disputed || !table.bbox) continue;
    const above = items
      .filter((x) => x.item.kind !== "table" && x.box[3] <= table.bbox![1] + 1)
      .map((x) => rank.get(x.item)!)
      .sort((a, b) => b - a);
    table.order = above[0] ?? 0;
  }
  const prose: Prose[] = blocks
    .map((b, i) => ({ b, order: orderOf("prose", i) }))
    .sort((a, b) => a.order - b.order)
    .map(({ b, order: o }, index) => proseEntry(b, pageNumber, index, o));
  const figureEntries = figures.map((f, i) => ({ ...f, order: orderOf("figure", i) })).sort((a, b) => a.order - b.order);
  return { tables, prose, figures: figureEntries, models, tableModels: tableOrder.map(({ i }) => models[i]!), debug: detected };
}

function proseEntry(block: ProseBlock, page: number, index: number, order: number): Prose {
  return {
    page,
    index,
    text: block.text,
    confidence: "unverified",
    // The text layer renders the prose; it is not its own witness.
    sources: [],
    bbox: roundBox(block.box),
    role: block.role,
    level: block.level,
    order,
  };
}

/** Table candidates under a "Figure N" caption are charts: figures, not tables. The caption search
 * needs the page's prose blocks and drawing clusters, so it runs only on pages with a word that
 * could start such a caption. */
function findCaptionedCharts(
  readings: PageReadings,
  candidates: TableModel[],
  settings: Settings,
  outside: (boxes: Box[]) => (w: Word) => boolean,
): Map<TableModel, Box> {
  if (candidates.length === 0 || !mayHoldFigureCaption(readings.words)) return new Map();
  const pictures = [
    ...readings.graphics.images.map((i) => i.box),
    ...boxesToClusters([...readings.graphics.drawings, ...chartBars(readings.graphics.filledRects, settings)], settings.figureJoinGap).map(
      (c) => c.box,
    ),
  ];
  const blocks = wordsToProseBlocks(readings.words.filter(outside(candidates.map((m) => m.box))), settings);
  return captionedCharts(candidates, blocks, pictures, settings);
}

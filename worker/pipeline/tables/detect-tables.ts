// Table detection on one page from the two structure readings: pdf-grid (ruled grids, including
// cells drawn as filled backgrounds) and pdf-layout (runs of lines whose whitespace lines up in
// columns). Where the readings disagree that a table exists, the table is flagged layout_disputed.
import { chartBars } from "../figures/chart-bars";
import type { Box, PdfGraphicsReading, Ruling, TableModel, TextLine, Word } from "../types";
import { boxOverlapRatio, boxUnion, isPointInBox, median } from "../geometry/box";
import { lineToChunks, wordsToLines } from "../geometry/words-to-lines";
import { groupToGrid, rectsToRulings, rulingsToGroups, rulingsToJoined, type Grid } from "../geometry/rulings-to-grid";
import { gridToModel, isNumeric, layoutToModel, splitRepeatedColumns } from "./build-table";
import { splitSideBySide } from "./split-side-by-side";
import { dropWordBlocks } from "./word-blocks";
import { continuesInnerCell } from "./inner-wraps";
import { MARKED_YEAR_SPAN } from "./year-names";
import { stackedBlockBoxes } from "./stacked-blocks";
import { markPossibleMerges } from "./merge-doubt";
import { ruleBridges } from "./rule-bridges";
import { stackedBoxGrids } from "./stacked-boxes";
import { isStubLabel, rowPitch, sectionGapLimit, valuesLeftOf } from "./section-breaks";
import { isBandOverNames } from "./band-above";
import { isNamesOverValues } from "./names-over-values";
import { overrunningLabels } from "./overrunning-labels";
import { wrapsRowLabel } from "./stub-wraps";
import { markPossibleSplits } from "./split-doubt";
import { markRaisedStubHeads } from "./raised-stub-head";
import { markRepeatedNameClashes } from "./repeated-names";
import { markTailWraps } from "./tail-doubt";
import { markMixedCells, mixedCellSettings } from "./mixed-cells";
import { hangingWrapAnswer, hangingWrapDecisions } from "./hanging-wraps";
import type { Settings } from "../settings";
import type { PageGeometry, PageTables } from "../page-types";
import { boxesToClusters, foregroundImages, isArtwork } from "../figures/figure-regions";

/** Rulings of the page: stroked lines and thin rectangles, plus the edges of filled background
 * rectangles that do not sit inside a grid already drawn with lines (a highlight behind the text
 * of a ruled cell adds no column). */
export function pageToRulings(graphics: PdfGraphicsReading, settings: Settings): Ruling[] {
  const drawn = strokedRulings(graphics, settings);
  return withBackgrounds(graphics, backgroundRects(graphics, rulingFrames(drawn, settings), settings), settings);
}

/** The stroked rulings (lines and thin rectangles drawn), joined. */
function strokedRulings(graphics: PdfGraphicsReading, settings: Settings): Ruling[] {
  return rulingsToJoined(graphics.rulings, settings.rulingSnap, settings.rulingJoin);
}

/** Closed ruled shapes, single boxes included (a box around a group of rows: stacked-boxes.ts). */
function rulingFrames(rulings: Ruling[], settings: Settings): Grid[] {
  return rulingsToGroups(rulings, settings.intersectTolerance)
    .map((g) => groupToGrid(g, settings.intersectTolerance))
    .filter((g): g is Grid => g !== null && g.cells.length >= 1);
}

/** The filled rectangles outside every grid drawn with lines (`frames`: the drawn frames). */
function backgroundRects(graphics: PdfGraphicsReading, frames: readonly Grid[], settings: Settings): Box[] {
  const drawnGrids = frames.filter((g) => g.cells.length >= 2);
  return graphics.filledRects
    .map((r) => r.box)
    .filter((b) => !drawnGrids.some((g) => boxOverlapRatio(b, g.box) > settings.backgroundInGridShare));
}

function withBackgrounds(graphics: PdfGraphicsReading, backgrounds: Box[], settings: Settings): Ruling[] {
  return rulingsToJoined([...graphics.rulings, ...rectsToRulings(backgrounds)], settings.rulingSnap, settings.rulingJoin);
}

export function pageGeometry(words: Word[], graphics: PdfGraphicsReading, settings: Settings): PageGeometry {
  // Stroked rulings only: a grid none of whose lines is drawn is made of cell shading.
  const stroked = strokedRulings(graphics, settings);
  const strokedFrames = rulingFrames(stroked, settings);
  const backgrounds = backgroundRects(graphics, strokedFrames, settings);
  // Without a background to add, the page's rulings are the stroked ones (joined alike from the
  // same rulings), and so are their frames: each is found once (a copy, so no two parts of the
  // geometry share a ruling).
  const rulings = backgrounds.length === 0 ? stroked.map((r) => ({ ...r })) : withBackgrounds(graphics, backgrounds, settings);
  const frames = backgrounds.length === 0 ? strokedFrames : rulingFrames(rulings, settings);
  return {
    rulings,
    frames,
    grids: frames.filter((g) => g.cells.length >= 2),
    stroked,
    lines: wordsToLines(words, settings.lineCenterToleranceEm),
  };
}

/** `geometry`, when given, must be pageGeometry of the same words and graphics under the same
 * ruling and line settings (detection never modifies it). */
export function detectTables(
  words: Word[],
  graphics: PdfGraphicsReading,
  settings: Settings,
  pageSize: [number, number] = [Infinity, Infinity],
  geometry: PageGeometry = pageGeometry(words, graphics, settings),
): PageTables {
  const { rulings, frames, grids, stroked, lines: allLines } = geometry;
  const decisionsBefore = hangingWrapDecisions();
  // Every line's chunks: the regions are found from them, and the doubt marks below read them.
  const chunkLines = allLines.map((line) => lineToChunks(line, settings.columnGapEm, settings.numberGapEm));
  const layoutRegions = linesToTableRegions(allLines, settings, rulings, chunkLines);

  const tables: TableModel[] = [];
  // Boxes around the row groups of one table are read with the table's text (stacked-boxes.ts).
  const groupBoxes = stackedBoxGrids(frames, layoutRegions, allLines, (line) => isNamesLine(line, settings), settings);
  for (const grid of grids) {
    if (groupBoxes.has(grid)) continue;
    if (isShadingFragment(grid, stroked, layoutRegions, allLines, settings)) continue;
    const model = gridToModel(grid, words, settings) ?? (grid.ys.length > 2 ? layoutToModel(grid.box, words, settings, rulings) : null);
    if (!model || model.nRows < 2 || !isTableLike(model, settings)) continue;
    // Nested grids (a grid drawn inside a cell of another) are read as part of the outer table.
    if (tables.some((t) => boxOverlapRatio(model.box, t.box) > settings.nestedGridOverlap)) continue;
    model.disputed = !layoutRegions.some(
      (r) =>
        boxOverlapRatio(r, model.box) > settings.layoutAgreementOverlap || boxOverlapRatio(model.box, r) > settings.layoutAgreementOverlap,
    );
    tables.push(model);
  }
  const taken = tables.map((t) => t.box);
  const freeWords = words.filter((w) => !taken.some((b) => isPointInBox((w.box[0] + w.box[2]) / 2, (w.box[1] + w.box[3]) / 2, b, 1)));
  // With no word inside a ruled table the free words are the page's words in their order, so their
  // lines and line regions are the ones found above (both are functions of the words alone).
  const allFree = freeWords.length === words.length;
  const freeRegions = allFree
    ? layoutRegions
    : linesToTableRegions(wordsToLines(freeWords, settings.lineCenterToleranceEm), settings, rulings);
  // Axis labels of a chart line up like a table: text regions lying on vector drawings or images
  // are figures, not tables.
  const foreground = foregroundImages(graphics.images, pageSize[0], pageSize[1], settings);
  const artwork = boxesToClusters(
    // Filled rectangles stay out: cell shading is as common in tables as bars are in charts.
    // ...but a bar chart's bars (figures/chart-bars.ts) are drawing.
    [...graphics.drawings, ...chartBars(graphics.filledRects, settings), ...foreground.map((i) => i.box)],
    settings.figureJoinGap,
  ).filter((c) => isArtwork(c, settings));
  for (const region of freeRegions) {
    const model = layoutToModel(region, freeWords, settings, rulings);
    if (!model || model.nRows < 2 || !isTableLike(model, settings) || isProseLike(model, settings)) continue;
    const onArtwork = artwork.reduce((sum, a) => sum + boxOverlapRatio(model.box, a.box), 0);
    if (onArtwork > settings.chartOverlapShare) continue;
    tables.push(...stackedBlocks(model, freeWords, settings, rulings));
  }
  // A chart's legend and a key of abbreviations read as small tables of words: they are not.
  const blocks = dropWordBlocks(
    tables,
    graphics,
    rulings,
    artwork.map((a) => a.box),
    allLines,
    settings,
  );
  const split = blocks.tables.flatMap(splitRepeatedColumns).flatMap((m) => splitSideBySide(m, settings));
  split.sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
  if (settings.splitDoubtGapPitches > 0)
    markPossibleSplits(split, chunkLines, {
      maxGapPitches: settings.splitDoubtGapPitches,
      columnAlignEm: settings.splitDoubtColumnAlignEm,
    });
  if (settings.mergeDoubtBlankPitches > 0)
    markPossibleMerges(split, chunkLines, {
      blankPitches: settings.mergeDoubtBlankPitches,
      alignEm: settings.mergeDoubtAlignEm,
      minLinesBelow: settings.mergeDoubtMinLinesBelow,
    });
  if (settings.tailWrapGapShare > 0) markTailWraps(split, chunkLines, settings.tailWrapGapShare, settings.tailWrapHangEm);
  if (settings.mixedCellNumbersApartEm > 0) markMixedCells(split, words, mixedCellSettings(settings));
  markRepeatedNameClashes(split, settings.repeatedNamesAlignEm);
  if (settings.raisedStubHeadDoubt) markRaisedStubHeads(split);
  // The page size only sets backdrop images aside (foregroundImages keeps every image without one):
  // when it set none aside and no decision went by settings.hangingWraps, a detection of the same
  // words, graphics and geometry with that setting flipped and no page size is this one.
  const sameFlipped = hangingWrapDecisions() === decisionsBefore && foreground.length === graphics.images.length;
  return {
    tables: split,
    rulings,
    grids,
    layoutRegions,
    legends: blocks.legends,
    keys: blocks.keys,
    geometry,
    ...(sameFlipped ? { tableBoxesWithOtherHangingWraps: split.map((t) => [...t.box] as Box) } : {}),
  };
}

/** A layout-read table stacking blocks under their own lines of names (tables/stacked-blocks.ts):
 * each block read afresh as a table of its own; the whole when a block does not read as a table. */
function stackedBlocks(model: TableModel, words: Word[], settings: Settings, rulings: Ruling[]): TableModel[] {
  const boxes = stackedBlockBoxes(model, settings);
  if (boxes.length < 2) return [model];
  const parts = boxes.map((box) => layoutToModel(box, words, settings, rulings));
  return parts.every((p): p is TableModel => p !== null && p.nRows >= 2 && isTableLike(p, settings)) ? parts : [model];
}

/** A grid drawn only by cell shading that covers part of a text table: zebra rows shaded next to
 * a shaded header join into a small "grid" of their own, while the table's lines run on below
 * it. The text layout reads the whole table; the fragment would cut it in two. */
function isShadingFragment(grid: Grid, stroked: Ruling[], regions: Box[], lines: TextLine[], settings: Settings): boolean {
  const tol = settings.intersectTolerance;
  const drawn = stroked.some((r) =>
    r.orientation === "h"
      ? r.pos >= grid.box[1] - tol && r.pos <= grid.box[3] + tol && r.end > grid.box[0] && r.start < grid.box[2]
      : r.pos >= grid.box[0] - tol && r.pos <= grid.box[2] + tol && r.end > grid.box[1] && r.start < grid.box[3],
  );
  if (drawn) return false;
  const region = regions.find((r) => boxOverlapRatio(grid.box, r) > settings.fragmentInRegionShare);
  if (!region) return false;
  // The region holds text lines outside the grid's rows: the table goes on beyond the shading.
  return lines.some(
    (l) =>
      l.box[1] >= region[1] - 1 &&
      l.box[3] <= region[3] + 1 &&
      (l.box[1] >= grid.box[3] || l.box[3] <= grid.box[1]) &&
      l.box[0] < region[2] &&
      l.box[2] > region[0],
  );
}

/** A table has most rows filled in at least two columns; a boxed paragraph or a list does not. */
function isTableLike(model: TableModel, settings: Settings): boolean {
  let multi = 0;
  for (let r = 0; r < model.nRows; r++) {
    if (model.cells.filter((c) => c.row === r && c.text !== "").length >= 2) multi++;
  }
  return multi >= 2 && multi >= model.nRows * settings.tableLikeRowShare;
}

/** Columns of running text side by side (newsletter layout): the cells are phrases of several
 * words, hardly any is a number, and many start in lower case (a sentence running on). A table's
 * cells are short values, or texts that each start afresh. */
export function isProseLike(model: TableModel, settings: Settings): boolean {
  const cells = model.cells.filter((c) => c.text !== "");
  if (cells.length === 0) return true;
  const wordy = cells.filter((c) => c.text.split(/\s+/).length >= settings.proseCellWords).length;
  const numeric = cells.filter((c) => isNumeric(c.text)).length;
  // Prose lines mostly continue a sentence; table cells start afresh (capital, number, symbol).
  const continuing = cells.filter((c) => /^[a-z]/.test(c.text)).length;
  return (
    wordy >= cells.length * settings.proseLikeWordyShare &&
    numeric < cells.length * settings.proseLikeNumericShare &&
    continuing >= cells.length * settings.proseLikeContinuingShare
  );
}

const BULLET = /^([•·▪◦‣∙\-–—*]|\(?[0-9ivx]{1,3}[.)]|\(?[a-z][.)])$/i;

/** A chunk of running text (a prose column beside a table, a sentence): many words, mostly
 * alphabetic. */
export function isProseChunk(chunk: TextLine, settings: Settings): boolean {
  if (chunk.words.length < settings.proseChunkWords) return false;
  const alphabetic = chunk.words.filter((w) => /^[A-Za-z(][A-Za-z'’.,;:)-]*$/.test(w.text)).length;
  return alphabetic >= chunk.words.length * settings.proseChunkAlphabeticShare;
}

/** The chunks of a line that may be table cells: not prose, not a bullet before prose. */
export function lineToCellChunks(chunks: TextLine[], settings: Settings): TextLine[] {
  const cells = chunks.filter((c) => !isProseChunk(c, settings));
  if (cells.length === 1 && chunks.length === 2 && BULLET.test(chunks[0]!.text)) return [];
  return cells;
}

/** A line that may be a table row: two or more chunks that are not prose. */
export function isTabularLine(chunks: TextLine[], settings: Settings): boolean {
  return lineToCellChunks(chunks, settings).length >= 2;
}

/** Runs of tabular lines (allowing short interruptions such as a section label or a wrapped
 * cell), each returned as a region box: the union of the lines' non-prose chunks, so a prose
 * column beside the table stays out. `chunkLines`: each line's lineToChunks at the column and
 * number gaps of `settings`, when the caller has them. */
export function linesToTableRegions(
  lines: TextLine[],
  settings: Settings,
  rulings: readonly Ruling[] = [],
  chunkLines: readonly TextLine[][] = lines.map((line) => lineToChunks(line, settings.columnGapEm, settings.numberGapEm)),
): Box[] {
  const info = lines.map((line, k) => {
    const chunks = chunkLines[k]!;
    const cells = lineToCellChunks(chunks, settings);
    // Titles of tables printed side by side ("Table 1: ...   Table 2: ...") line up like cells
    // but name the tables below them.
    const titles = cells.every((c) => TITLE.test(c.text));
    return { line, cells, tabular: cells.length >= 2 && !titles };
  });
  const regions: Box[] = [];
  const tentative = new Set<Box>();
  let i = 0;
  while (i < info.length) {
    if (!info[i]!.tabular) {
      i++;
      continue;
    }
    let lastTab = i;
    let count = 1;
    let j = i;
    // Lines that only carry on a wrapped label (see wrapsLabel) belong to the rows around them:
    // they neither interrupt the run nor end the table.
    let carried = 0;
    // The carried lines' whole boxes belong to the region (a wrapped description runs to six or
    // more words: a prose-like chunk that is no cell chunk).
    const carriedLines = new Set<(typeof info)[number]>();
    // The row whose label the lines since carry on (stub-wraps.ts wrapsRowLabel), and the stub's
    // right edge so far (the tabular lines' first chunks).
    let wrapRow: (typeof info)[number] | null = info[i]!;
    let stubRight = info[i]!.cells[0]!.box[2];
    while (j + 1 < info.length) {
      const next = info[j + 1]!;
      const size = Math.max(next.line.size, info[j]!.line.size);
      const gap = next.line.box[1] - info[j]!.line.box[3];
      // A rule under the header line takes a line of its own (rule-bridges.ts).
      const ruledHeader =
        isNamesLine(info[j]!.line, settings) && ruleBridges(info[j]!.line, next.line, rulings, size * settings.regionGapEm, settings);
      if (gap > size * settings.regionGapEm && !ruledHeader) break;
      if (next.tabular) {
        lastTab = j + 1;
        count++;
        carried = 0;
        wrapRow = next;
        stubRight = Math.max(stubRight, next.cells[0]!.box[2]);
      } else if (
        wrapsLabel(next.line, info[j]!.line, settings) ||
        continuesInnerCell(next.line, info[j]!.line, settings) ||
        (wrapRow !== null && wrapsRowLabel(next.line, info[j]!.line, wrapRow, stubRight, info[j + 2]?.line, settings))
      ) {
        carried++;
        carriedLines.add(next);
        // Every line since the last tabular one carries on a label: the run reaches this far
        // (and the count starts again, so a label's third and fourth lines reach too).
        if (carried === j + 1 - lastTab) {
          lastTab = j + 1;
          if (settings.wrappedRunReach) carried = 0;
        }
      } else {
        wrapRow = null;
        if (j + 1 - lastTab > settings.maxNonTabularRun) break;
      }
      j++;
    }
    // A line of names and a line of values right under a table are a block of their own
    // (isBlockUnder), not a label/value pair to drop.
    // A run one line short (a table's last group of two rows under its heading, or its header and
    // a first row above a group heading) is kept tentatively: it stays only when it joins the
    // table above or below it across section labels (mergeStackedRegions).
    const short =
      count === settings.minTableLines - 1 &&
      !isBlockUnder(
        info.slice(i, lastTab + 1),
        regions[regions.length - 1],
        info.map((x) => x.line),
        settings,
      );
    const minLines = count === settings.minTableLines - 1 ? count : settings.minTableLines;
    if (count >= minLines) {
      const parts = splitAtRepeatedHeader(info.slice(i, lastTab + 1));
      for (const part of parts) {
        const tabular = part.filter((x) => x.tabular);
        // A part cut off at a repeat of its header is a table when it is its line of names and
        // one row of values (stacked parts of one row, as isBlockUnder keeps one under a table).
        const oneRowPart = parts.length > 1 && tabular.length === 2 && isNamesAndValues(tabular[0]!, tabular[1]!);
        if (tabular.length < minLines && !oneRowPart) continue;
        const span = boxUnion(tabular.flatMap((x) => x.cells.map((c) => c.box)))!;
        // Interrupting lines count only where they fall inside the table's columns.
        const inner = part.flatMap((x) => x.cells.map((c) => c.box)).filter((b) => b[0] >= span[0] - 1 && b[2] <= span[2] + 1);
        const carriedBoxes = part
          .filter((x) => carriedLines.has(x))
          .map((x) => x.line.box)
          .filter((b) => b[0] >= span[0] - 1 && b[2] <= span[2] + 1);
        const headings = outdentedHeadings(part, span, settings);
        // A group label running on past the table's right edge is a row of it (overrunning-labels.ts).
        const valuesLeft = Math.min(...tabular.map((x) => x.cells[1]?.box[0] ?? Infinity));
        const overrun = overrunningLabels(part, span, valuesLeft, settings);
        const region = boxUnion([span, ...inner, ...carriedBoxes, ...headings, ...overrun])!;
        // The top lines of column names wrapped onto several lines (bottom-aligned: the longest
        // name starts highest) stand alone above the first tabular line: they belong to the header.
        const tops: Box[] = [];
        let at = info.indexOf(part[0]!);
        while (at > 0 && carriesOnNamesBelow(info[at - 1]!.line, info[at]!.line, settings)) tops.push(info[--at]!.line.box);
        const above = info[at - 1];
        const pitch = rowPitch(
          region,
          tabular.map((x) => x.line),
        );
        // A line of names set close over the first row of values (names-over-values.ts).
        const namesAbove =
          above && tops.length === 0 && info.indexOf(tabular[0]!) === at && isNamesOverValues(above.line, tabular[0]!, settings);
        const band =
          above &&
          (namesAbove ||
            isSpanningLabelAbove(above.line, boxUnion([region, ...tops])!, tabular, settings) ||
            (tops.length === 0 && pitch !== null && isBandOverNames(above.line, tabular[0]!.line, region[0], pitch, settings)))
            ? [above.line.box]
            : [];
        const box = boxUnion([region, ...tops, ...band])!;
        regions.push(box);
        if (short) tentative.add(box);
      }
    }
    i = Math.max(lastTab + 1, i + 1);
  }
  return mergeStackedRegions(
    regions,
    info.map((x) => x.line),
    settings,
    tentative,
  );
}

/** Label-only lines between a part's tabular lines that start left of them (a group heading set
 * out from its indented members) and end before the value columns: rows of the table, whose
 * whole boxes belong to the region (section-breaks.ts isStubLabel). */
function outdentedHeadings(part: Array<{ line: TextLine; cells: TextLine[]; tabular: boolean }>, span: Box, settings: Settings): Box[] {
  const first = part.findIndex((x) => x.tabular);
  const last = part.length - 1 - [...part].reverse().findIndex((x) => x.tabular);
  const valuesLeft = Math.min(...part.filter((x) => x.tabular).map((x) => x.cells[1]?.box[0] ?? Infinity));
  return part
    .slice(first + 1, last)
    .filter(
      (x) =>
        !x.tabular &&
        x.line.box[0] < span[0] - 1 &&
        x.line.box[0] >= span[0] - x.line.size * settings.groupHeadingOutdentEm &&
        isStubLabel(x.line, valuesLeft, settings),
    )
    .map((x) => x.line.box);
}

/** A run of two tabular lines right under the table region above (at most sectionGapEm below it,
 * over its columns: stackedOverlapShare), the first naming columns (three cells or more, letters
 * or years, no other number) and the second holding a number: a block of a table's own under it
 * (a memorandum item, a total or a row of shares under their own names; ICDAR's ground truth
 * keeps such two-line tables), which the line count of a table (minTableLines) dropped: its cells
 * were lost (generated family block-under-table). mergeStackedRegions joins it to the table
 * above, and tables/stacked-blocks.ts delivers it as a table of its own again. */
function isBlockUnder(
  run: Array<{ line: TextLine; cells: TextLine[]; tabular: boolean }>,
  above: Box | undefined,
  lines: readonly TextLine[],
  settings: Settings,
): boolean {
  const tabular = run.filter((x) => x.tabular);
  if (!above || tabular.length !== 2) return false;
  const [names, values] = tabular as [(typeof tabular)[number], (typeof tabular)[number]];
  const size = Math.max(names.line.size, values.line.size);
  const box = boxUnion(run.flatMap((x) => x.cells.map((c) => c.box)))!;
  const overlap = Math.min(above[2], box[2]) - Math.max(above[0], box[0]);
  if (overlap < Math.min(above[2] - above[0], box[2] - box[0]) * settings.stackedOverlapShare) return false;
  const opening = linesIn(above, lines)[0];
  const aligned = opening !== undefined && isNamesLine(opening, settings) && namesAlign(names.line, opening, settings);
  if (!stackedPartGap(above, names.line.box, size, aligned, settings)) return false;
  return (names.cells.length >= 3 || aligned) && isNamesAndValues(names, values);
}

/** A one-chunk line right below another at wrap distance, starting in lower case at its left edge
 * or a hanging indent right of it: the next line of a wrapped row label ("Public administration
 * and" / "defence, compulsory"; "Manufacturing, durable goods" / "  and nondurable goods"). Whether
 * it joins the label or is a row of its own is layoutToModel's question; here it only keeps the
 * run of lines going. */
function wrapsLabel(line: TextLine, above: TextLine, settings: Settings): boolean {
  const first = line.words[0]?.text ?? "";
  if (line.box[1] - above.box[3] > line.size * settings.wrapGapEm) return false;
  const indent = line.box[0] - above.box[0];
  if (Math.abs(indent) <= line.size * settings.wrapIndentEm) return /^[a-z(]/.test(first);
  // A hanging indent: the label may break before a number too ("under" / "18 years").
  return hangingWrapAnswer(
    settings,
    indent > 0 &&
      indent <= line.size * settings.wrapHangingIndentEm &&
      /^[a-z(0-9]/.test(first) &&
      !/:$/.test(above.words[0] ? lineToChunks(above, settings.columnGapEm, settings.numberGapEm)[0]!.text : ""),
  );
}

/** A line of names right above the line below at wrap distance, each of its pieces carried on
 * in lower case by the text right under it ("Share of" over "women in", "Average" over "hours"):
 * the top lines of column names wrapped onto several lines. A band label over several columns
 * names columns that start afresh ("Persons employed" over "Men", "Women"), and a title runs on
 * into no column name. */
export function carriesOnNamesBelow(line: TextLine, below: TextLine, settings: Settings): boolean {
  if (below.box[1] - line.box[3] > line.size * settings.wrapGapEm || line.box[3] > below.box[1] + 1) return false;
  if (TITLE.test(line.text) || !/\p{L}/u.test(below.text)) return false;
  const chunks = lineToChunks(line, settings.columnGapEm, settings.numberGapEm);
  return chunks.every((chunk) => {
    if (isNumeric(chunk.text) || !/\p{L}/u.test(chunk.text) || chunk.words.length > settings.maxSectionLabelWords) return false;
    const under = below.words.filter((w) => w.box[0] < chunk.box[2] && w.box[2] > chunk.box[0]).sort((a, b) => a.box[0] - b.box[0]);
    // The name goes on right under the piece, in lower case.
    return under.length > 0 && /^[a-z(]/.test(under[0]!.text);
  });
}

/** A one-chunk line right above a table, centred over its value columns (right of the row
 * labels) and short, is the top band of its header ("Persons employed" over every year column), not
 * a title: a title starts at the table's left edge or runs wider. */
export function isSpanningLabelAbove(line: TextLine, region: Box, tabular: Array<{ cells: TextLine[] }>, settings: Settings): boolean {
  const chunks = lineToChunks(line, settings.columnGapEm, settings.numberGapEm);
  if (chunks.length !== 1 || TITLE.test(line.text) || line.words.length > settings.maxSectionLabelWords) return false;
  if (region[1] - line.box[3] > line.size * settings.bandLabelGapEm || line.box[3] > region[1] + 1) return false;
  const valuesLeft = Math.min(...tabular.map((x) => x.cells[1]?.box[0] ?? Infinity));
  if (!Number.isFinite(valuesLeft) || line.box[0] < valuesLeft - 1 || line.box[2] > region[2] + 1) return false;
  const centre = (line.box[0] + line.box[2]) / 2;
  return Math.abs(centre - (valuesLeft + region[2]) / 2) <= (region[2] - valuesLeft) * settings.centredLabelTolerance;
}

/** The text a header line is recognised by when it comes again: its words without spaces. */
function headerKey(line: TextLine): string {
  return line.text.replace(/\s+/g, "");
}

/** A year or a span of years ("2019", "2019-20", "1995–2000"): column names, not values. */
const YEAR_NAME = MARKED_YEAR_SPAN;

/** A tabular line that could be a header: it names something (a letter), or it is a line of
 * years only; a line of other numbers is data, and data rows may repeat. */
function mayBeHeader(line: TextLine): boolean {
  return /\p{L}/u.test(line.text) || (line.words.length >= 2 && line.words.every((w) => YEAR_NAME.test(w.text)));
}

/** Stacked tables printed one after another repeat their header line: a run of lines is cut
 * before each line that repeats the run's first tabular line, and the non-tabular lines just
 * above such a repeat (a "Part B" caption) go with neither part. A table continuing on the same
 * page does not print its header twice. */
export function splitAtRepeatedHeader<T extends { line: TextLine; tabular: boolean }>(run: T[]): T[][] {
  const first = run.find((x) => x.tabular);
  if (!first || !mayBeHeader(first.line)) return [run];
  const key = headerKey(first.line);
  const parts: T[][] = [[]];
  for (const x of run) {
    if (x !== first && x.tabular && headerKey(x.line) === key) {
      const current = parts[parts.length - 1]!;
      while (current.length > 0 && !current[current.length - 1]!.tabular) current.pop();
      parts.push([]);
    }
    parts[parts.length - 1]!.push(x);
  }
  return parts;
}

const TITLE = /^(table|figure|fig\.|exhibit|chart|source|note)\b/i;

/** A line of column names: two chunks or more, naming something, none of them a value (a year
 * or a span of years is a name). */
function isNamesLine(line: TextLine, settings: Settings): boolean {
  const chunks = lineToChunks(line, settings.columnGapEm, settings.numberGapEm);
  return chunks.length >= 2 && mayBeHeader(line) && chunks.every((c) => !isNumeric(c.text) || YEAR_NAME.test(c.text));
}

/** Joins a region to the one above when only section labels ("Male", "Female") or white space
 * separate them and they share the page's horizontal span: one table with row sections. */
export function mergeStackedRegions(regions: Box[], lines: TextLine[], settings: Settings, tentative: ReadonlySet<Box> = new Set()): Box[] {
  const out: Box[] = [];
  const unsure = new Set<Box>();
  for (const region of regions) {
    const prev = out[out.length - 1];
    // A tentative part joins only across a section label: white space alone does not make it
    // part of its neighbour, unless its rows' values stand in the columns of the rows above (a
    // table's last group set apart by white space or its own ruled box).
    const withLabels =
      prev !== undefined &&
      (unsure.has(prev) || (tentative.has(region) && !(settings.alignedTailGroups && valuesContinueColumns(prev, region, lines))));
    if (prev && isSectionUnder(prev, region, lines, settings, withLabels)) {
      const between = lines.filter((l) => l.box[1] >= prev[3] - 1 && l.box[3] <= region[1] + 1);
      out[out.length - 1] = boxUnion([prev, region, ...between.map((l) => l.box)])!;
      unsure.delete(prev);
      continue;
    }
    out.push(region);
    if (tentative.has(region)) unsure.add(region);
  }
  // A tentative part over the next table, each opening with its own line of names: a part of one
  // row stacked over the table (isBlockAbove), kept as it is kept when it stands under one.
  return out.filter((r, k) => !unsure.has(r) || isBlockAbove(r, out[k + 1], lines, settings));
}

/** `region` (a tentative run of two tabular lines) is a block of its own over `next`: its first
 * line names columns (three cells or more, letters or years, no other number; or two naming the
 * same columns as `next`'s names), its second holds a value, and `next` opens with a line of names
 * of its own close under it (stackedPartGap), over the same columns (stackedOverlapShare). The
 * mirror of isBlockUnder: stacked parts where the first holds one row of values (generated family
 * stacked-parts). */
function isBlockAbove(region: Box, next: Box | undefined, lines: TextLine[], settings: Settings): boolean {
  if (!next) return false;
  const own = linesIn(region, lines);
  const opening = linesIn(next, lines)[0];
  if (own.length !== 2 || !opening || !isNamesLine(opening, settings)) return false;
  const [names, values] = own as [TextLine, TextLine];
  const overlap = Math.min(region[2], next[2]) - Math.max(region[0], next[0]);
  if (overlap < Math.min(region[2] - region[0], next[2] - next[0]) * settings.stackedOverlapShare) return false;
  const aligned = namesAlign(names, opening, settings);
  if (!stackedPartGap(region, next, Math.max(names.size, values.size), aligned, settings)) return false;
  const named = { line: names, cells: cellChunks(names, settings) };
  return (named.cells.length >= 3 || aligned) && isNamesAndValues(named, { cells: cellChunks(values, settings) });
}

/** Every line of `region` holds values standing one for one under the values of the last line of
 * `prev` (as many, two or more, each overlapping its counterpart across the page): rows of the
 * same columns. A block with its own line of names (isBlockAbove, isBlockUnder) is a table of its
 * own, not rows of this one. */
function valuesContinueColumns(prev: Box, region: Box, lines: TextLine[]): boolean {
  // Words, not chunks: set a tight gap apart, a row's values may run into one chunk.
  const values = (line: TextLine) => line.words.filter((w) => isValueText(w.text));
  const above = linesIn(prev, lines);
  const last = above[above.length - 1];
  const rows = linesIn(region, lines);
  if (!last || rows.length === 0) return false;
  const columns = values(last);
  if (columns.length < 2) return false;
  return rows.every((line) => {
    const own = values(line);
    if (own.length !== columns.length) return false;
    return own.every((c, i) => Math.min(c.box[2], columns[i]!.box[2]) > Math.max(c.box[0], columns[i]!.box[0]));
  });
}

/** A line naming columns (letters or years, no other number) over a line holding a value. */
function isNamesAndValues(names: { line: TextLine; cells: TextLine[] }, values: { cells: TextLine[] }): boolean {
  return (
    mayBeHeader(names.line) && names.cells.every((c) => !isValueText(c.text)) && values.cells.slice(1).some((c) => isValueText(c.text))
  );
}

/** The lines lying wholly inside `box` (1 pt of slack), top first as `lines` are. */
function linesIn(box: Box, lines: readonly TextLine[]): TextLine[] {
  return lines.filter((l) => l.box[1] >= box[1] - 1 && l.box[3] <= box[3] + 1 && l.box[0] >= box[0] - 1 && l.box[2] <= box[2] + 1);
}

/** A number that is not a year name: a value, where a year names a column. */
function isValueText(text: string): boolean {
  return isNumeric(text) && !YEAR_NAME.test(text);
}

function cellChunks(line: TextLine, settings: Settings): TextLine[] {
  return lineToCellChunks(lineToChunks(line, settings.columnGapEm, settings.numberGapEm), settings);
}

/** Two lines of names over the same columns: as many names (give or take a stub head, which one
 * part may leave blank), two or more, each overlapping its counterpart across the page. Stacked
 * parts of one layout share their columns; a title and a table, or two unrelated tables, do not. */
export function namesAlign(a: TextLine, b: TextLine, settings: Settings): boolean {
  const ca = cellChunks(a, settings);
  const cb = cellChunks(b, settings);
  const k = Math.min(ca.length, cb.length);
  if (k < 2 || Math.abs(ca.length - cb.length) > 1) return false;
  const tail = (cs: TextLine[]) => cs.slice(cs.length - k);
  const [ta, tb] = [tail(ca), tail(cb)];
  return ta.every((c, i) => Math.min(c.box[2], tb[i]!.box[2]) > Math.max(c.box[0], tb[i]!.box[0]));
}

/** The white space between two stacked parts allows them to be parts of one layout: at most
 * sectionGapEm, or stackedAlignedGapEm where their lines of names stand over the same columns. */
function stackedPartGap(upper: Box, lower: Box, size: number, aligned: boolean, settings: Settings): boolean {
  const gap = lower[1] - upper[3];
  return gap >= 0 && gap <= size * (aligned ? settings.stackedAlignedGapEm : settings.sectionGapEm);
}

/** `region` goes on the table `prev` above it: only section labels (at most two) or white space
 * separate them, they share the page's horizontal span, and they do not each open with a header
 * of their own. `withLabels`: at least one section label must stand between them. */
function isSectionUnder(prev: Box, region: Box, lines: TextLine[], settings: Settings, withLabels = false): boolean {
  const between = lines.filter((l) => l.box[1] >= prev[3] - 1 && l.box[3] <= region[1] + 1);
  if (withLabels && between.length === 0) return false;
  const size = median(
    between.map((l) => l.size),
    10,
  );
  const overlap = Math.min(prev[2], region[2]) - Math.max(prev[0], region[0]);
  const narrower = Math.min(prev[2] - prev[0], region[2] - region[0]);
  // Section labels: short, or row labels set in the stub (a group heading of many words).
  const valuesLeft = valuesLeftOf([prev, region], lines, settings);
  const labelsOnly =
    between.length <= 2 &&
    between.every((l) => !TITLE.test(l.text) && (l.words.length <= settings.maxSectionLabelWords || isStubLabel(l, valuesLeft, settings)));
  // Two tables that open with the same header line are two tables (splitAtRepeatedHeader).
  const headerOf = (r: Box) => linesIn(r, lines)[0];
  const top = headerOf(prev);
  const next = headerOf(region);
  const repeatsHeader = top !== undefined && next !== undefined && mayBeHeader(top) && headerKey(top) === headerKey(next);
  // Two parts that each open with a line of column names are two tables, each with its own
  // header (a part that goes on after a section label opens with rows of values).
  const ownHeaders = top !== undefined && next !== undefined && isNamesLine(top, settings) && isNamesLine(next, settings);
  return (
    labelsOnly &&
    !repeatsHeader &&
    !ownHeaders &&
    region[1] - prev[3] <= sectionGapLimit(prev, region, between.length, lines, size, settings) &&
    overlap >= narrower * settings.stackedOverlapShare
  );
}

export function medianSize(lines: TextLine[]): number {
  return median(
    lines.map((l) => l.size),
    10,
  );
}

/** Structure only: the table inside a given region (ground-truth region, or a region another
 * reading proposes). The ruled grid when the region holds one, text geometry otherwise. */
export function tablesInRegion(region: Box, words: Word[], graphics: PdfGraphicsReading, settings: Settings): TableModel[] {
  const model = tableInRegion(region, words, graphics, settings);
  return model ? splitRepeatedColumns(model) : [];
}

export function tableInRegion(region: Box, words: Word[], graphics: PdfGraphicsReading, settings: Settings): TableModel | null {
  const rulings = pageToRulings(graphics, settings).filter((r) =>
    r.orientation === "h"
      ? r.pos >= region[1] - 3 && r.pos <= region[3] + 3 && r.end > region[0] && r.start < region[2]
      : r.pos >= region[0] - 3 && r.pos <= region[2] + 3 && r.end > region[1] && r.start < region[3],
  );
  const inRegion = words.filter((w) => isPointInBox((w.box[0] + w.box[2]) / 2, (w.box[1] + w.box[3]) / 2, region, 1));
  const grids = rulingsToGroups(rulings, settings.intersectTolerance)
    .map((g) => groupToGrid(g, settings.intersectTolerance))
    .filter((g): g is Grid => g !== null && g.cells.length >= 2)
    .sort((a, b) => (b.box[2] - b.box[0]) * (b.box[3] - b.box[1]) - (a.box[2] - a.box[0]) * (a.box[3] - a.box[1]));
  const grid = grids[0];
  if (grid && boxOverlapRatio(region, grid.box) > settings.regionGridOverlap) {
    const model = gridToModel(grid, inRegion, settings);
    if (model && model.nRows >= 2 && isTableLike(model, settings)) return model;
  }
  return layoutToModel(region, inRegion, settings, rulings);
}

// Blocks of words standing in columns that are not tables (generated families
// chart-legend and abbreviation-key, and a legend and a key in the EU set). Text geometry, and a chart's grid
// lines, read both as small tables of words; the ground truth has no table there:
// - a chart's legend: short word-only labels in columns, each with a line sample or a colour
//   swatch just left of it, or all inside a framed box on the plot. It is part of the figure.
// - a key of abbreviations: pairs of a short upper-case code and its expansion ("LDA  La
//   Distribution alimentaire"), no header line, right under a table or a figure. It is a note,
//   and its words go to prose (extract-page turns every word outside a table into prose).
// A real word-only table (names and descriptions under a header row) has neither swatches nor a
// frame on a plot, and its first line is a header, not a code pair: it stays a table.
import type { Box, PdfGraphicsReading, Ruling, TableModel, TextLine, Word } from "../types";
import { boxIntersection, boxOverlapRatio, boxUnion } from "../geometry/box";
import { wordsToProseBlocks, type ProseBlock } from "../prose/lines-to-blocks";
import { isNumeric } from "./build-table";
import type { Settings } from "../settings";

/** The tables that are not word blocks; the boxes of the legends among those that are (their
 * figure takes them in: withLegends) and of the keys (read as prose line by line: keyToProse). */
export function dropWordBlocks(
  tables: TableModel[],
  graphics: PdfGraphicsReading,
  rulings: Ruling[],
  artwork: Box[],
  lines: TextLine[],
  settings: Settings,
): { tables: TableModel[]; legends: Box[]; keys: Box[] } {
  const legends: Box[] = [];
  const keys: Box[] = [];
  const kept = tables.filter((model) => {
    if (isChartLegend(model, graphics, rulings, artwork, settings)) legends.push(model.box);
    else if (isAbbreviationKey(model, tables, artwork, settings)) keys.push(keyWithLastPairs(model, lines, settings));
    else return true;
    return false;
  });
  return { tables: kept, legends, keys };
}

/** The key's box reaching down over the pairs right under it that text geometry left out of the
 * block: a last pair whose expansion wraps onto further lines (an EU document's "OXIRM referred to in
 * ...", the family's long last meaning) is one chunk too wide to line up. A line joins when it
 * follows at the key's own line pitch and starts with a code under the key's codes, or carries
 * on a wrapped expansion no further left than the codes. */
export function keyWithLastPairs(model: TableModel, lines: TextLine[], settings: Settings): Box {
  const key = model.box;
  const box: Box = [...key];
  // The codes' left edge: the first cell of the lines after the first (which may open with a label).
  const lefts = model.cells.filter((c) => c.row > 0 && c.box !== null).map((c) => c.box![0]);
  const codeLeft = lefts.length > 0 ? Math.min(...lefts) : key[0];
  const below = lines.filter((l) => l.box[1] >= key[3] - 1).sort((a, b) => a.box[1] - b.box[1]);
  let last: TextLine | null = null;
  for (const line of below) {
    const gap = line.box[1] - (last?.box[3] ?? box[3]);
    if (gap > line.size * settings.keyLineGapEm) break;
    const first = line.words[0]?.text ?? "";
    const startsPair = CODE.test(first) && Math.abs(line.box[0] - codeLeft) <= line.size;
    // A wrapped expansion goes on under the expansions (the family) or under the codes (an EU document's
    // "Regional Review, 1998 ..."), never left of them.
    const carries = last !== null && !CODE.test(first) && line.box[0] >= codeLeft - 1;
    if (!startsPair && !carries) break;
    box[2] = Math.max(box[2], line.box[2]);
    box[3] = line.box[3];
    last = line;
  }
  return box;
}

/** A figure reaches over the legend drawn on or beside it, so the legend's words are the
 * figure's (as its axis labels are) rather than stray prose. A legend no figure touches stays
 * out of every figure: its words then come out as prose. */
export function withLegends<T extends { box: Box }>(figures: T[], legends: Box[]): T[] {
  return figures.map((f) => {
    const touching = legends.filter((l) => boxIntersection(l, f.box) !== null);
    return touching.length === 0 ? f : { ...f, box: boxUnion([f.box, ...touching])! };
  });
}

/** The words of a key of abbreviations as prose, each line whole ("LDA La Distribution
 * alimentaire"): read at prose's usual column gutter the codes and the expansions would come
 * out as two blocks, every pair torn apart. */
export function keyToProse(words: Word[], settings: Settings): ProseBlock[] {
  // (Settings is a const object: a copy with one value changed is asserted back to its type.)
  return wordsToProseBlocks(words, { ...settings, proseColumnGapEm: Infinity } as Settings);
}

const filled = (model: TableModel) => model.cells.filter((c) => c.text !== "" && c.box !== null);

/** Every filled cell short and word-only (no number, no digit): a legend's labels, a key's codes. */
export function isWordOnly(model: TableModel, maxWords: number): boolean {
  const cells = filled(model);
  return cells.length > 0 && cells.every((c) => !isNumeric(c.text) && !/\d/.test(c.text) && c.text.split(/\s+/).length <= maxWords);
}

/** A chart's legend: word-only labels, and either most of them have a sample (a short stroke or
 * a small filled box) just left of them, or the block sits in a drawn frame that lies on a plot
 * (inside a larger grid of chart lines, or on drawn artwork). */
export function isChartLegend(
  model: TableModel,
  graphics: PdfGraphicsReading,
  rulings: Ruling[],
  artwork: Box[],
  settings: Settings,
): boolean {
  if (!isWordOnly(model, settings.legendLabelMaxWords)) return false;
  const cells = filled(model);
  const sampled = cells.filter((c) => hasSampleLeft(c.box!, graphics, settings)).length;
  if (sampled >= cells.length * settings.legendSampleShare) return true;
  const frame = framingBox(model.box, median(cells.map((c) => c.box![3] - c.box![1])), rulings, settings);
  return frame !== null && isOnPlot(frame, rulings, artwork, settings);
}

/** A short stroke (a line sample) or a small filled box (a colour swatch) ending just left of the
 * label and level with its middle. */
function hasSampleLeft(label: Box, graphics: PdfGraphicsReading, settings: Settings): boolean {
  const em = label[3] - label[1];
  const mid = (label[1] + label[3]) / 2;
  const gap = em * settings.legendSampleGapEm;
  const maxLength = em * settings.legendSampleMaxEm;
  const endsBeside = (right: number) => right <= label[0] + 1 && right >= label[0] - gap;
  const stroke = graphics.rulings.some(
    (r) =>
      r.orientation === "h" &&
      Math.abs(r.pos - mid) <= em * settings.legendSampleLevelEm &&
      r.end - r.start >= em * settings.legendSampleMinEm &&
      r.end - r.start <= maxLength &&
      endsBeside(r.end),
  );
  if (stroke) return true;
  // A line sample drawn as a thin filled shape sits a little above the label's middle.
  const small = (b: Box) =>
    b[2] - b[0] <= maxLength &&
    b[3] - b[1] <= em * settings.legendSwatchMaxHeightEm &&
    Math.abs((b[1] + b[3]) / 2 - mid) <= em * settings.legendSampleLevelEm &&
    endsBeside(b[2]);
  return graphics.filledRects.some((f) => small(f.box)) || graphics.drawings.some(small);
}

/** The smallest rectangle of rulings (top, bottom, left and right sides) around the box, within a
 * few ems of it: a legend's frame. */
function framingBox(box: Box, em: number, rulings: Ruling[], settings: Settings): Box | null {
  const margin = settings.legendFrameMarginEm * em;
  const spansX = (r: Ruling) => r.start <= box[0] + 1 && r.end >= box[2] - 1;
  const spansY = (r: Ruling) => r.start <= box[1] + 1 && r.end >= box[3] - 1;
  const top = rulings
    .filter((r) => r.orientation === "h" && spansX(r) && r.pos <= box[1] + 1 && r.pos >= box[1] - margin)
    .sort((a, b) => b.pos - a.pos)[0];
  const bottom = rulings
    .filter((r) => r.orientation === "h" && spansX(r) && r.pos >= box[3] - 1 && r.pos <= box[3] + margin)
    .sort((a, b) => a.pos - b.pos)[0];
  const left = rulings
    .filter((r) => r.orientation === "v" && spansY(r) && r.pos <= box[0] + 1 && r.pos >= box[0] - margin)
    .sort((a, b) => b.pos - a.pos)[0];
  const right = rulings
    .filter((r) => r.orientation === "v" && spansY(r) && r.pos >= box[2] - 1 && r.pos <= box[2] + margin)
    .sort((a, b) => a.pos - b.pos)[0];
  if (!top || !bottom || !left || !right) return null;
  return [left.pos, top.pos, right.pos, bottom.pos];
}

/** The frame lies on drawn artwork, or inside the lines of a larger plot: a horizontal rule that
 * runs past the frame on both sides and crosses between its top and bottom (a grid line or an
 * axis behind the legend). A table's own frame is its outermost line. */
function isOnPlot(frame: Box, rulings: Ruling[], artwork: Box[], settings: Settings): boolean {
  if (artwork.some((a) => boxOverlapRatio(frame, a) > settings.chartOverlapShare)) return true;
  const w = frame[2] - frame[0];
  return rulings.some(
    (r) =>
      r.orientation === "h" && r.pos > frame[1] + 1 && r.pos < frame[3] - 1 && r.start < frame[0] - w * 0.1 && r.end > frame[2] + w * 0.1,
  );
}

/** An upper-case code: "LDA", "PBUK", "AT", "EU-27", "R&D". */
const CODE = /^[A-Z][A-Z&/-]{1,6}$/;
/** A label before the first pair: "Key:", "Sources:", "Other Sources:". */
const LEAD_START = /^(\S+\s){0,2}\S+:\s*/;

/** A key of abbreviations: every line a code and its expansion (or a wrapped expansion running
 * on under the expansions), no header line, right under a table or a figure. */
export function isAbbreviationKey(model: TableModel, tables: TableModel[], artwork: Box[], settings: Settings): boolean {
  if (model.source !== "pdf-layout" || !isWordOnly(model, settings.keyExpansionMaxWords)) return false;
  let pairs = 0;
  for (let r = 0; r < model.nRows; r++) {
    const row = model.cells.filter((c) => c.row === r && c.text !== "").sort((a, b) => a.col - b.col);
    if (row.length === 0) continue;
    const kind = keyRowKind(
      row.map((c) => c.text),
      r === 0,
    );
    if (kind === "other") return false;
    if (kind === "pairs") pairs++;
  }
  if (pairs < settings.keyMinPairs) return false;
  // Right under a table or a figure, overlapping it across the page.
  const em = median(filled(model).map((c) => c.box![3] - c.box![1]));
  const above = [...tables.filter((t) => t !== model).map((t) => t.box), ...artwork];
  return above.some(
    (b) =>
      b[3] <= model.box[1] + 1 &&
      model.box[1] - b[3] <= em * settings.keyBelowGapEm &&
      Math.min(b[2], model.box[2]) > Math.max(b[0], model.box[0]),
  );
}

/** A row of a key: code/expansion pairs left to right ("LDA | La Distribution alimentaire",
 * "AT Austria | BE Belgium"), or a wrapped expansion carrying on (no code, starting beyond the
 * first column). */
function keyRowKind(texts: string[], first: boolean): "pairs" | "carry" | "other" {
  // A lead label may open the key's first line.
  const cells = first ? [texts[0]!.replace(LEAD_START, ""), ...texts.slice(1)].filter((t) => t !== "") : texts;
  const firstWord = cells[0]?.split(/\s+/)[0] ?? "";
  if (!CODE.test(firstWord)) return texts.length === 1 && /^[a-z(]/.test(texts[0]!) ? "carry" : "other";
  // Each cell is a lone code, its expansion (starting with a letter), or a code followed by its
  // expansion; a lone code is always followed by an expansion.
  let expectExpansion = false;
  for (const text of cells) {
    if (!expectExpansion && CODE.test(text)) {
      expectExpansion = true;
      continue;
    }
    if (!/^\p{L}/u.test(text)) return "other";
    expectExpansion = false;
  }
  return expectExpansion ? "other" : "pairs";
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0 ? 10 : s[Math.floor(s.length / 2)]!;
}

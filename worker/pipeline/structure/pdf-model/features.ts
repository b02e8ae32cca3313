// What pdf-model measures on a table region's words, for its four questions:
//   1. word pair: do two neighbouring words of one text line belong to the same cell?
//   2. line pair: does a text line continue the row of the line above (a wrapped cell)?
//   3. column gap: is this vertical valley of whitespace a column boundary?
//   4. row: is this row a header row?
// Lines are made by geometry alone (words whose vertical extents overlap by half the smaller
// height); everything after that is the model's call. The same functions make the training
// examples (scripts/train-pdf-model.ts) and the reader's questions, so training and reading can
// never measure differently. Lengths are in ems of the region's median font size, so the model
// sees the same numbers at 7 pt and at 12 pt.
import type { Box, Word } from "../../types";
import { isNumeric } from "../../tables/build-table";
import { boxUnion } from "../../geometry/box";

export interface Line {
  words: Word[];
  box: Box;
}

/** A run of words of one line the model reads as one cell's text. */
export interface Segment {
  words: Word[];
  box: Box;
  line: number;
}

export interface Row {
  lines: number[];
  segments: Segment[];
  box: Box;
}

/** A valley of the region's whitespace profile: x from `x0` to `x1`, covered by `level` rows. */
export interface GapCandidate {
  x0: number;
  x1: number;
  level: number;
}

/** The boxes' union; an empty list's is inverted (Infinity to -Infinity), as the features expect. */
const union = (boxes: readonly Box[]): Box => boxUnion(boxes) ?? [Infinity, Infinity, -Infinity, -Infinity];
const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const NUMBER = /\d/;
const PLACEHOLDER = /^(?:[-\u2013\u2014]{1,2}|\.\.\.|\u2026|\([A-Z]{1,2}\)|n\.a\.|N\/A|NA|x|X|Z|\*)$/;
const isValue = (text: string) => isNumeric(text) || PLACEHOLDER.test(text);
const BULLET = /^[\u2022\u25cf\u25aa\u25e6\u2013\u2014*-]$/;
const JOINER = /(?:[-,;:(\u2013&/]|\b(?:and|of|or|the|to|for|in|with|by|per|from)|,)$/;

export function unionBox(boxes: Box[]): Box {
  return union(boxes);
}

/** The em the region is measured in: its words' median font size (at least 1 pt). */
export function regionEm(words: readonly Word[]): number {
  return Math.max(1, median(words.map((w) => (w.size > 0 ? w.size : w.box[3] - w.box[1]))));
}

/** Words into text lines, top to bottom, each left to right. A word joins a line when it overlaps
 * the line's core (the median top and bottom of the line's words so far) by half the smaller
 * height: against the union of the words' boxes, one label set half a line lower (a stub label
 * centred on the rows it spans) would grow the line until the next row's words joined it too. */
export function wordsToLines(words: readonly Word[]): Line[] {
  const sorted = [...words].sort((a, b) => a.box[1] + a.box[3] - (b.box[1] + b.box[3]) || a.box[0] - b.box[0]);
  // Each line keeps its words' tops and bottoms sorted, so its core's medians cost an insertion
  // instead of sorting the line's words again for every word that joins it.
  const lines: Array<Line & { core: [number, number]; tops: SortedValues; bottoms: SortedValues }> = [];
  for (const w of sorted) {
    const h = w.box[3] - w.box[1];
    let placed: (typeof lines)[number] | undefined;
    for (let k = lines.length - 1; k >= Math.max(0, lines.length - 3); k--) {
      const line = lines[k]!;
      const overlap = Math.min(line.core[1], w.box[3]) - Math.max(line.core[0], w.box[1]);
      if (overlap >= 0.5 * Math.min(h, line.core[1] - line.core[0])) {
        placed = line;
        break;
      }
    }
    if (placed) {
      placed.words.push(w);
      placed.box = union([placed.box, w.box]);
      placed.core = [placed.tops.add(w.box[1]), placed.bottoms.add(w.box[3])];
    } else
      lines.push({
        words: [w],
        box: [...w.box],
        core: [w.box[1], w.box[3]],
        tops: new SortedValues(w.box[1]),
        bottoms: new SortedValues(w.box[3]),
      });
  }
  for (const line of lines) line.words.sort((a, b) => a.box[0] - b.box[0]);
  return lines.sort((a, b) => a.box[1] - b.box[1]).map(({ words: lineWords, box }) => ({ words: lineWords, box }));
}

/** Values kept in ascending order as they come, for their median (`median` above): a value is
 * inserted after the values equal to it, which is where the stable sort of the values in the order
 * they came puts it, so the median is the same value, signed zeros included. A NaN has no place in
 * that order (the sort's comparison with it says "equal" to everything): once one comes, the
 * values are sorted afresh as `median` sorts them. */
class SortedValues {
  private readonly inOrder: number[];
  private readonly sorted: number[];
  private sawNaN: boolean;
  constructor(first: number) {
    this.inOrder = [first];
    this.sorted = [first];
    this.sawNaN = Number.isNaN(first);
  }
  /** Adds `value`; returns the median of all the values so far. */
  add(value: number): number {
    this.inOrder.push(value);
    if (this.sawNaN || Number.isNaN(value)) {
      this.sawNaN = true;
      return median(this.inOrder);
    }
    const sorted = this.sorted;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! - value <= 0 || sorted[mid] === value) lo = mid + 1;
      else hi = mid;
    }
    sorted.splice(lo, 0, value);
    return sorted[Math.floor(sorted.length / 2)]!;
  }
}

// ---- 1. word pairs -----------------------------------------------------------------------------

export const WORD_PAIR_FEATURES = [
  "gapEm",
  "gapOverLineMedianGap",
  "gapOverLineMinGap",
  "leftValue",
  "rightValue",
  "leftDigits",
  "rightDigits",
  "rightUpper",
  "leftEndsJoiner",
  "sameFont",
  "sameBold",
  "sizeRatio",
  "linesClearShare",
  "linesClearBelowShare",
  "wordsInLine",
  "leftIndexShare",
  "rightStartsAlignedShare",
  "leftEndsAlignedShare",
  "leftIsBullet",
];

/** Per line, the horizontal gaps between its neighbouring words. */
function lineGaps(line: Line): number[] {
  const gaps: number[] = [];
  for (let k = 1; k < line.words.length; k++) gaps.push(line.words[k]!.box[0] - line.words[k - 1]!.box[2]);
  return gaps;
}

/** A line's words sorted by left and by right edge, to answer the word-pair questions about
 * every other line in logarithmic time (a page of a thousand words asks them a million times),
 * and its own gaps' statistics, which every word pair of the line asks for. */
interface LineIndex {
  /** The median and the smallest of the gaps between the line's neighbouring words. */
  medianGap: number;
  minGap: number;
  /** Some word's ink lies over (x0 + 0.5, x1 - 0.5). */
  inkBetween(x0: number, x1: number): boolean;
  /** Some word's left edge lies within tol of x. */
  leftEdgeNear(x: number, tol: number): boolean;
  /** Some word's right edge lies within tol of x. */
  rightEdgeNear(x: number, tol: number): boolean;
}

const lineIndexes = new WeakMap<readonly Line[], LineIndex[]>();

/** First index whose value is >= x in an ascending array. */
function lowerBound(values: readonly number[], x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function edgeNear(sorted: readonly number[], x: number, tol: number): boolean {
  for (let i = lowerBound(sorted, x - tol - 1e-6); i < sorted.length && sorted[i]! <= x + tol + 1e-6; i++)
    if (Math.abs(sorted[i]! - x) < tol) return true;
  return false;
}

function lineIndex(lines: readonly Line[]): LineIndex[] {
  const known = lineIndexes.get(lines);
  if (known) return known;
  const made = lines.map((line): LineIndex => {
    const byLeft = [...line.words].sort((a, b) => a.box[0] - b.box[0]);
    const lefts = byLeft.map((w) => w.box[0]);
    // Largest right edge among the words up to each index of byLeft.
    const reach: number[] = [];
    byLeft.forEach((w, i) => reach.push(Math.max(i > 0 ? reach[i - 1]! : -Infinity, w.box[2])));
    const rights = line.words.map((w) => w.box[2]).sort((a, b) => a - b);
    const gaps = lineGaps(line);
    return {
      medianGap: median(gaps),
      minGap: Math.min(...gaps),
      inkBetween(x0, x1) {
        // Words starting left of x1 - 0.5 are a prefix of byLeft; one of them must reach past x0 + 0.5.
        const n = lowerBound(lefts, x1 - 0.5);
        return n > 0 && reach[n - 1]! > x0 + 0.5;
      },
      leftEdgeNear: (x, tol) => edgeNear(lefts, x, tol),
      rightEdgeNear: (x, tol) => edgeNear(rights, x, tol),
    };
  });
  lineIndexes.set(lines, made);
  return made;
}

/** Features of the gap between line.words[k] and line.words[k + 1]. */
export function wordPairFeatures(lines: readonly Line[], index: number, k: number, em: number): number[] {
  const line = lines[index]!;
  const a = line.words[k]!;
  const b = line.words[k + 1]!;
  const gap = b.box[0] - a.box[2];
  const index_ = lineIndex(lines);
  const medGap = Math.max(0.05 * em, index_[index]!.medianGap);
  const minGap = Math.max(0.05 * em, index_[index]!.minGap);
  // How many other lines leave the gap's x-range free of ink (a gutter runs through tables).
  const x0 = a.box[2];
  const x1 = Math.max(x0 + 0.1, b.box[0]);
  let clear = 0;
  let clearBelow = 0;
  let others = 0;
  let othersBelow = 0;
  const tol = 0.25 * em;
  let rightAligned = 0;
  let leftAligned = 0;
  for (let j = 0; j < lines.length; j++) {
    if (j === index) continue;
    others++;
    const line_ = index_[j]!;
    const free = !line_.inkBetween(x0, x1);
    if (free) clear++;
    if (j > index) {
      othersBelow++;
      if (free) clearBelow++;
    }
    if (line_.leftEdgeNear(b.box[0], tol)) rightAligned++;
    if (line_.rightEdgeNear(a.box[2], tol)) leftAligned++;
  }
  return [
    gap / em,
    gap / medGap,
    gap / minGap,
    isValue(a.text) ? 1 : 0,
    isValue(b.text) ? 1 : 0,
    NUMBER.test(a.text) ? 1 : 0,
    NUMBER.test(b.text) ? 1 : 0,
    /^[A-Z]/.test(b.text) ? 1 : 0,
    JOINER.test(a.text) ? 1 : 0,
    a.font === b.font ? 1 : 0,
    a.bold === b.bold ? 1 : 0,
    (b.size || 1) / (a.size || 1),
    others ? clear / others : 0,
    othersBelow ? clearBelow / othersBelow : 0,
    line.words.length,
    line.words.length > 1 ? k / (line.words.length - 1) : 0,
    others ? rightAligned / others : 0,
    others ? leftAligned / others : 0,
    BULLET.test(a.text) ? 1 : 0,
  ];
}

/** Splits every line into segments where `sameCell(line, k)` says words k and k+1 part. */
export function lineSegments(lines: readonly Line[], sameCell: (line: number, k: number) => boolean): Segment[][] {
  return lines.map((line, index) => {
    const segments: Segment[] = [];
    let current: Word[] = [line.words[0]!];
    for (let k = 0; k + 1 < line.words.length; k++) {
      if (sameCell(index, k)) current.push(line.words[k + 1]!);
      else {
        segments.push({ words: current, box: union(current.map((w) => w.box)), line: index });
        current = [line.words[k + 1]!];
      }
    }
    segments.push({ words: current, box: union(current.map((w) => w.box)), line: index });
    return segments;
  });
}

// ---- 2. line pairs -----------------------------------------------------------------------------

export const LINE_PAIR_FEATURES = [
  "gapEm",
  "gapOverMedianLineGap",
  "segsAbove",
  "segsBelow",
  "segsAboveShareOfMax",
  "segsBelowShareOfMax",
  "valuesAbove",
  "valuesBelow",
  "belowStartsLower",
  "aboveEndsJoiner",
  "indentEm",
  "belowInsideAboveShare",
  "belowOverlapsAboveShare",
  "sizeRatio",
  "boldAbove",
  "boldBelow",
  "lineIndexShare",
  "belowWidthShare",
  "aboveWidthShare",
  "valueLinesAboveShare",
  "belowStartsBullet",
  "aboveStartsBullet",
];

/** What every line pair of a region measures on the region as a whole. */
interface RegionLineStats {
  lines: readonly Line[];
  /** The median gap between consecutive lines. */
  medianLineGap: number;
  /** The most segments in one line. */
  maxSegs: number;
  /** Per line, its segments holding a value. */
  valueSegments: number[];
  /** Per line, how many lines up to it (itself included) hold a value. */
  valueLinesUpTo: number[];
}

const lineStatsOf = new WeakMap<readonly Segment[][], RegionLineStats>();

/** The region's line statistics, measured once per region instead of once per line pair (each pair
 * used to count the values of every line above it: quadratic in the region's lines). */
function regionLineStats(lines: readonly Line[], segments: readonly Segment[][]): RegionLineStats {
  const known = lineStatsOf.get(segments);
  if (known && known.lines === lines) return known;
  const lineGaps: number[] = [];
  for (let k = 1; k < lines.length; k++) lineGaps.push(lines[k]!.box[1] - lines[k - 1]!.box[3]);
  const valueSegments = segments.map((segs) => segs.filter((s) => s.words.some((w) => isValue(w.text))).length);
  const valueLinesUpTo: number[] = [];
  let valueLines = 0;
  for (const count of valueSegments) valueLinesUpTo.push(count > 0 ? ++valueLines : valueLines);
  const stats: RegionLineStats = {
    lines,
    medianLineGap: median(lineGaps),
    maxSegs: Math.max(...segments.map((s) => s.length)),
    valueSegments,
    valueLinesUpTo,
  };
  lineStatsOf.set(segments, stats);
  return stats;
}

export function linePairFeatures(lines: readonly Line[], segments: readonly Segment[][], index: number, em: number, region: Box): number[] {
  const a = lines[index]!;
  const b = lines[index + 1]!;
  const sa = segments[index]!;
  const sb = segments[index + 1]!;
  const stats = regionLineStats(lines, segments);
  const medLineGap = Math.max(0.05 * em, stats.medianLineGap);
  const gap = b.box[1] - a.box[3];
  const maxSegs = stats.maxSegs;
  const inside = sb.filter((s) => sa.some((t) => s.box[0] >= t.box[0] - 0.5 * em && s.box[2] <= t.box[2] + 2 * em)).length;
  const overlaps = sb.filter((s) => sa.some((t) => Math.min(s.box[2], t.box[2]) > Math.max(s.box[0], t.box[0]))).length;
  const lastAbove = a.words[a.words.length - 1]!.text;
  const width = Math.max(1, region[2] - region[0]);
  const valueLinesAbove = stats.valueLinesUpTo[index]!;
  const bold = (l: Line) => l.words.filter((w) => w.bold).length / l.words.length;
  const size = (l: Line) => median(l.words.map((w) => w.size || 1));
  return [
    gap / em,
    gap / medLineGap,
    sa.length,
    sb.length,
    sa.length / maxSegs,
    sb.length / maxSegs,
    stats.valueSegments[index]!,
    stats.valueSegments[index + 1]!,
    /^[a-z(]/.test(b.words[0]!.text) ? 1 : 0,
    JOINER.test(lastAbove) ? 1 : 0,
    (b.box[0] - a.box[0]) / em,
    sb.length ? inside / sb.length : 0,
    sb.length ? overlaps / sb.length : 0,
    size(b) / size(a),
    bold(a),
    bold(b),
    lines.length > 1 ? index / (lines.length - 1) : 0,
    (b.box[2] - b.box[0]) / width,
    (a.box[2] - a.box[0]) / width,
    valueLinesAbove / (index + 1),
    BULLET.test(b.words[0]!.text) ? 1 : 0,
    BULLET.test(a.words[0]!.text) ? 1 : 0,
  ];
}

/** Lines into rows where `sameRow(k)` says line k+1 continues line k's row. */
export function linesToRows(lines: readonly Line[], segments: readonly Segment[][], sameRow: (k: number) => boolean): Row[] {
  const rows: Row[] = [];
  lines.forEach((line, k) => {
    if (k > 0 && sameRow(k - 1)) {
      const row = rows[rows.length - 1]!;
      row.lines.push(k);
      row.segments.push(...segments[k]!);
      row.box = union([row.box, line.box]);
    } else rows.push({ lines: [k], segments: [...segments[k]!], box: [...line.box] });
  });
  return rows;
}

// ---- 3. column gaps ----------------------------------------------------------------------------

export const GAP_FEATURES = [
  "levelShare",
  "level",
  "widthEm",
  "runWidthEm",
  "rightEdgesShare",
  "leftEdgesShare",
  "valuesLeftShare",
  "valuesRightShare",
  "firstCrossingShare",
  "lastCrossingShare",
  "crossingValueShare",
  "positionShare",
  "rowsLeftShare",
  "rowsRightShare",
  "nRows",
  "crossingLoneShare",
  "contentLeftShare",
  "contentRightShare",
];

/** Valleys of the region's ink profile over x, counted in rows: local minima of how many rows
 * have a segment over each point, among the points fewer than three rows in four cover. */
export function gapCandidates(rows: readonly Row[], region: Box): GapCandidate[] {
  const x0 = Math.floor(region[0]);
  const width = Math.max(1, Math.ceil(region[2]) - x0);
  const cover = new Int32Array(width + 1);
  for (const row of rows) {
    const mark = new Uint8Array(width + 1);
    for (const s of row.segments) {
      for (let x = Math.max(0, Math.floor(s.box[0]) - x0); x <= Math.min(width, Math.ceil(s.box[2]) - x0 - 1); x++) mark[x] = 1;
    }
    for (let x = 0; x <= width; x++) cover[x] = cover[x]! + mark[x]!;
  }
  const limit = rows.length * 0.75;
  const out: GapCandidate[] = [];
  // Plateaus, each a local minimum (both neighbours higher, or the region's edge never counts).
  let x = 0;
  while (x <= width) {
    let end = x;
    while (end + 1 <= width && cover[end + 1] === cover[x]) end++;
    const level = cover[x]!;
    const before = x > 0 ? cover[x - 1]! : -1;
    const after = end < width ? cover[end + 1]! : -1;
    if (level < limit && before > level && after > level) out.push({ x0: x + x0, x1: end + 1 + x0, level });
    x = end + 1;
  }
  return out;
}

/** Features of one valley; `all` is every valley of the region (the neighbours matter: two valleys
 * with no cell between them cannot both be column boundaries). */
export function gapFeatures(rows: readonly Row[], gap: GapCandidate, em: number, region: Box, all: readonly GapCandidate[]): number[] {
  const n = rows.length;
  const mid = (g: GapCandidate) => (g.x0 + g.x1) / 2;
  const here = mid(gap);
  const prev = Math.max(region[0] - 1, ...all.filter((g) => mid(g) < here).map(mid));
  const next = Math.min(region[2] + 1, ...all.filter((g) => mid(g) > here).map(mid));
  const rowsWithin = (a: number, b: number) => rows.filter((row) => row.segments.some((s) => s.box[0] >= a && s.box[2] <= b)).length;
  const tol = 1.0 * em;
  let rightEdges = 0;
  let leftEdges = 0;
  let valuesLeft = 0;
  let valuesRight = 0;
  let rowsLeft = 0;
  let rowsRight = 0;
  let first = -1;
  let last = -1;
  let crossing = 0;
  let crossingValues = 0;
  let crossingLone = 0;
  rows.forEach((row, r) => {
    let crosses = false;
    let left: Segment | undefined;
    let right: Segment | undefined;
    for (const s of row.segments) {
      if (s.box[0] < gap.x1 - 0.5 && s.box[2] > gap.x0 + 0.5) {
        crosses = true;
        if (s.words.some((w) => isValue(w.text))) crossingValues++;
      } else if (s.box[2] <= gap.x0 + 0.5) {
        if (!left || s.box[2] > left.box[2]) left = s;
      } else if (!right || s.box[0] < right.box[0]) right = s;
    }
    if (crosses) {
      crossing++;
      if (row.segments.length === 1) crossingLone++;
      if (first < 0) first = r;
      last = r;
    }
    if (left) {
      rowsLeft++;
      if (gap.x0 - left.box[2] < tol) rightEdges++;
      if (left.words.some((w) => isValue(w.text))) valuesLeft++;
    }
    if (right) {
      rowsRight++;
      if (right.box[0] - gap.x1 < tol) leftEdges++;
      if (right.words.some((w) => isValue(w.text))) valuesRight++;
    }
  });
  // The run of low cover around the valley: how far whitespace reaches either side.
  const width = Math.max(1, region[2] - region[0]);
  return [
    n ? gap.level / n : 0,
    gap.level,
    (gap.x1 - gap.x0) / em,
    runWidth(rows, gap) / em,
    n ? rightEdges / n : 0,
    n ? leftEdges / n : 0,
    n ? valuesLeft / n : 0,
    n ? valuesRight / n : 0,
    first < 0 ? -1 : first / Math.max(1, n - 1),
    last < 0 ? -1 : last / Math.max(1, n - 1),
    crossing ? crossingValues / crossing : -1,
    ((gap.x0 + gap.x1) / 2 - region[0]) / width,
    n ? rowsLeft / n : 0,
    n ? rowsRight / n : 0,
    n,
    crossing ? crossingLone / crossing : -1,
    n ? rowsWithin(prev, here) / n : 0,
    n ? rowsWithin(here, next) / n : 0,
  ];
}

/** Width of whitespace around a valley in the rows that do not cross it: the nearest ink on each side. */
function runWidth(rows: readonly Row[], gap: GapCandidate): number {
  let left = -Infinity;
  let right = Infinity;
  for (const row of rows) {
    for (const s of row.segments) {
      if (s.box[0] < gap.x1 - 0.5 && s.box[2] > gap.x0 + 0.5) continue;
      if (s.box[2] <= gap.x0 + 0.5) left = Math.max(left, s.box[2]);
      else right = Math.min(right, s.box[0]);
    }
  }
  if (!Number.isFinite(left) || !Number.isFinite(right)) return gap.x1 - gap.x0;
  return right - left;
}

// ---- 4. header rows ----------------------------------------------------------------------------

export const ROW_FEATURES = [
  "index",
  "indexShare",
  "valueShare",
  "segsShareOfMax",
  "boldShare",
  "sizeRatio",
  "valueRowsAbove",
  "lines",
  "firstValueRowIndex",
  "aboveFirstValueRow",
  "yearShare",
];

const YEAR = /^(?:19|20)\d\d\S*$/;

/** The first row holding a value (a number or a placeholder, years not counted), or -1. */
export function firstValueRow(rows: readonly Row[]): number {
  return rows.findIndex((x) => x.segments.some((s) => s.words.some((w) => isValue(w.text) && !YEAR.test(w.text))));
}

export function rowFeatures(rows: readonly Row[], r: number, em: number): number[] {
  const row = rows[r]!;
  const valueRow = (x: Row) => x.segments.filter((s) => s.words.some((w) => isValue(w.text) && !YEAR.test(w.text))).length;
  const maxSegs = Math.max(...rows.map((x) => x.segments.length));
  const words = row.segments.flatMap((s) => s.words);
  let firstValue = rows.findIndex((x) => valueRow(x) > 0);
  if (firstValue < 0) firstValue = rows.length;
  let valueRowsAbove = 0;
  for (let k = 0; k < r; k++) if (valueRow(rows[k]!) > 0) valueRowsAbove++;
  return [
    r,
    rows.length > 1 ? r / (rows.length - 1) : 0,
    row.segments.length ? valueRow(row) / row.segments.length : 0,
    row.segments.length / maxSegs,
    words.filter((w) => w.bold).length / Math.max(1, words.length),
    median(words.map((w) => w.size || em)) / em,
    valueRowsAbove,
    row.lines.length,
    firstValue,
    r < firstValue ? 1 : 0,
    words.filter((w) => YEAR.test(w.text)).length / Math.max(1, words.length),
  ];
}

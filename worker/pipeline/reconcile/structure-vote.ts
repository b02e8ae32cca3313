// The structure vote (docs/confidence.md, "Structure: a cell's place in the table"). The value vote
// (vote.ts) checks what a cell says; this checks where the cell is: its boundaries.
//
// Support. Segmentations are compared in the page's words: a cell is the set of words it holds.
//   - A segmentation reading (pdf-grid, pdf-layout, pdf-tags, any full segmentation) supports a
//     cell when it has a cell with exactly the same words (nothing split off, nothing merged in)
//     AND agrees on the cell's relations. It is against the cell ("cells") when it reads a table
//     there (one of the cell's words lies in its table, or the cell's centre does) but has no such
//     cell. Elsewhere it has no opinion.
//   - Relations (relationSupport; relation-support.ts): the metric and the trust table count
//     adjacency relations, a cell and its nearest non-empty neighbour to the right and below (the
//     eval's own definition: tableToGrid + gridToRelationList), and right words in the wrong place
//     (the wrong column or row, two stacked tables joined, a header over the wrong column) are
//     wrong relations every reading of the words agrees on. So a reading with the same cell is
//     against it ("neighbours"; its version is the cell's own text, since a cell's `readings` are
//     values a reviewer can choose, and the verdict's `details` say what the reading has there:
//     "right: 3.5") when it also has the delivered neighbour as a cell of its own, not next to
//     this one, and either puts the two in different tables or has another cell next to this one
//     on that side or next to the neighbour on the other. A span read differently is no opinion:
//     empty space between them, or a cell the reading sees past a cell it reads narrower (the
//     delivered table has it on the far side of the neighbour, or on the near side of this cell);
//     so is a neighbour it has no cell for (its table stops short, or it cuts that cell
//     differently: that cell's own verdict says so). A relation the reading has and the delivered
//     table lacks is not judged: the delivered table makes no claim there. Each relation is
//     judged from its left or upper cell; the relation takes that cell's (weaker) confidence, as
//     the trust table counts it.
// The reading the delivered table came from supports it by construction (same cells, same
// neighbours); it is one reading.
//
// Verdict per cell, from the readings with an opinion:
//   - agreed:   >= minStructureSupport supporters and nobody against -> the value vote stands;
//   - majority: >= minStructureSupport supporters, more than against -> at most `resolved`;
//   - single:   fewer supporters than that and nobody against (one structure reading saw the
//               table) -> at most `unverified`: one reading, nothing cross-checked it; likewise a
//               cell with neighbours that fewer than minRelationSupport full segmentations
//               support (its place checked by one segmentation), where a reading against it still
//               adds its version to `readings`;
//   - disputed: as many or more against than for -> `disputed`, provisional, `readings` holding
//               what each segmentation would make of the cell (keyed by structure source) beside
//               the value readings.
// A column band's verdict caps the header cells under it, the cells its relations join (majority
// -> resolved, otherwise unverified): their own values are not in doubt, so they are not made
// provisional. It caps the band's own confidence (the value vote on its label, when OCR ran) like
// a cell's: majority -> resolved, single -> unverified, disputed -> disputed.
// A cell's confidence only ever goes down here. Empty cells take part in no relation: untouched.
import type { Cell, CellSource, Confidence, Table } from "../../../lib/result/schema";
import type { Box, TableModel, Word } from "../types";
import { modelToTable } from "../tables/assemble-table";
import { isLeadingSign, isTrailingSign } from "../tables/sign-columns";
import type { Fragment, StructureReading, StructureSource } from "../structure/types";
import { STRUCTURE_SETTINGS } from "../structure/settings";
import { RECONCILE_SETTINGS } from "./settings";
import { tableUnits, type CellUnit } from "./cell-units";
import { READER_GROUPS } from "../structure/registry";
import { independentCount } from "../structure/independence";
import { neighbourDisagreement, unitNeighbours, wordsKey, type CellRelations, type Neighbour, type ReadingCell } from "./relation-support";

/** Why a reading is against a cell: a different segmentation ("cells"), a detected line crossing
 * the boundary ("cut"), two detected lines side by side inside the cell ("joined"), the same cell
 * with another neighbour to its right or below ("neighbours"), the same cell where the page
 * image's ink reads the table otherwise ("ink": ink-grid). */
export type AgainstReason = "cells" | "cut" | "joined" | "neighbours" | "ink";
/** `detail`: for "neighbours", what the reading has next to the cell ("right: 3.5", "below: none");
 * the version stays the cell's text, since `readings` are values a reviewer can choose. */
/** `concurs`: no opinion in the vote, though the reading has the same cell (a reading that may only
 * object, or one reported beside the vote): it may still be named among the cell's sources. */
export type Opinion =
  | { verdict: "support" }
  | { verdict: "against"; version: string; reason: AgainstReason; detail?: string }
  | { verdict: "none"; concurs?: true };
export type StructureLevel = "agreed" | "majority" | "single" | "disputed";

export interface StructureVerdict {
  level: StructureLevel;
  supporters: StructureSource[];
  against: StructureSource[];
  /** What each reading with an opinion makes of the cell (supporters: the cell's own value). */
  versions: Partial<Record<StructureSource, string>>;
  /** Why each reading against the cell is against it. */
  reasons: Partial<Record<StructureSource, AgainstReason>>;
  /** What a reading against the cell's relations has next to it (Opinion.detail). */
  details: Partial<Record<StructureSource, string>>;
  /** Readings that have the same cell without a say in the vote (Opinion.concurs). */
  concurring?: StructureSource[];
}

/** A structure reading prepared for judging many cells of one page. */
export interface PreparedReading {
  source: StructureSource;
  kind: StructureReading["kind"];
  /** `under`: for a column band, the words of the header names under it (its span).
   * `relations`: the cell's neighbours in the delivered table (full segmentations judge them). */
  judge(words: readonly number[], box: Box, under?: readonly number[], relations?: CellRelations): Opinion;
  /** Whether this reading reads one delivered table (its cells' words) as two or more tables of
   * its own stacked in it, a later one opening with its own header line (tables readings only). */
  splits?(cellWords: ReadonlyArray<readonly number[]>): boolean;
}

/** The page's words as points (their centres), the unit segmentations are compared in. */
export class PageWords {
  readonly cx: Float64Array;
  readonly cy: Float64Array;
  /** Word indices by centre x, and those x's: inBox is asked for every unit of every reading, and
   * a scan of all the page's words each time was ~10% of a dense page's pipeline time
   * (`npm run bench` from the cache); a box now looks only at the words in its x range. */
  private readonly byX: Int32Array;
  private readonly sortedX: Float64Array;
  constructor(readonly words: readonly Word[]) {
    this.cx = Float64Array.from(words, (w) => (w.box[0] + w.box[2]) / 2);
    this.cy = Float64Array.from(words, (w) => (w.box[1] + w.box[3]) / 2);
    // A centre that is not a number is in no box (every comparison with NaN is false).
    const order = [...words.keys()].filter((i) => !Number.isNaN(this.cx[i]!)).sort((a, b) => this.cx[a]! - this.cx[b]! || a - b);
    this.byX = Int32Array.from(order);
    this.sortedX = Float64Array.from(order, (i) => this.cx[i]!);
  }
  /** Indices of the words whose centre lies in `box` grown by `margin`, ascending. */
  inBox(box: Box, margin: number = RECONCILE_SETTINGS.structureWordMarginPt): number[] {
    const out: number[] = [];
    const left = box[0] - margin;
    let lo = 0;
    let hi = this.sortedX.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sortedX[mid]! < left) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < this.sortedX.length && this.sortedX[k]! <= box[2] + margin; k++) {
      const i = this.byX[k]!;
      const x = this.cx[i]!;
      const y = this.cy[i]!;
      if (x >= box[0] - margin && x <= box[2] + margin && y >= box[1] - margin && y <= box[3] + margin) out.push(i);
    }
    return out.sort((a, b) => a - b);
  }
}

/** The words in any of `boxes`, each once, ascending (the key of a band's span). */
export function wordsInBoxes(page: PageWords, boxes: readonly Box[]): number[] {
  return [...new Set(boxes.flatMap((b) => page.inBox(b)))].sort((a, b) => a - b);
}

export function prepareReading(reading: StructureReading, page: PageWords): PreparedReading {
  if (reading.kind === "fragments") return prepareFragments(reading.source, reading.fragments, page);
  const prepared = prepareTables(reading.source, reading.tables, page);
  if (reading.concursOnly) {
    // Reported beside the vote: neither support nor objection.
    return {
      ...prepared,
      judge: (words, box, under, relations) =>
        prepared.judge(words, box, under, relations).verdict === "support" ? { verdict: "none", concurs: true } : { verdict: "none" },
    };
  }
  // The cells (by their words) on which the reading's agreement is no support (see StructureReading).
  const abstain = new Set((reading.abstainOn ?? []).map((box) => wordsKey(page.inBox(box))));
  if (reading.supportsOnly) {
    // A check of the delivered tables: it supports, objects where its own evidence reads a cell
    // otherwise (againstOn; its version is the cell's own text), or says nothing.
    const objected = new Set(reading.againstOn ?? []);
    const against = new Map(
      reading.tables.flatMap((model) =>
        model.cells.flatMap((c) => (c.box && objected.has(c.box) ? [[wordsKey(page.inBox(c.box)), c.text] as const] : [])),
      ),
    );
    return {
      ...prepared,
      judge: (words, box, under, relations) => {
        const opinion = prepared.judge(words, box, under, relations);
        if (opinion.verdict !== "support") return { verdict: "none" };
        const version = against.get(wordsKey(words));
        if (version !== undefined) return { verdict: "against", version, reason: "ink" };
        return abstain.has(wordsKey(words)) ? { verdict: "none", concurs: true } : opinion;
      },
    };
  }
  if (!reading.objectsOnly && abstain.size === 0) return prepared;
  // Agreement from a reading that may only object (everywhere, or on the cells it abstains on)
  // is no support.
  return {
    ...prepared,
    judge: (words, box, under, relations) => {
      const opinion = prepared.judge(words, box, under, relations);
      const mayOnlyObject = reading.objectsOnly === true || abstain.has(wordsKey(words));
      return opinion.verdict === "support" && mayOnlyObject ? { verdict: "none", concurs: true } : opinion;
    },
  };
}

/** The reading with its support turned into no opinion (its objections kept). */
function withoutSupport(reading: PreparedReading): PreparedReading {
  return {
    ...reading,
    judge: (words, box, under, relations) => {
      const opinion = reading.judge(words, box, under, relations);
      return opinion.verdict === "support" ? { verdict: "none" } : opinion;
    },
  };
}

function prepareTables(source: StructureSource, models: readonly TableModel[], page: PageWords): PreparedReading {
  const byKey = new Map<string, ReadingCell>();
  // The values of the reading's cells holding each word.
  const valuesOfWord = new Map<number, string[]>();
  const inTable = new Set<number>();
  const tableBoxes = models.map((m) => m.box);
  // The reading's table of each word its cells hold.
  const tableOfWord = new Map<number, number>();
  models.forEach((model, tableIndex) => {
    for (const i of page.inBox(model.box, STRUCTURE_SETTINGS.tableWordMarginPt)) inTable.add(i);
    const table = modelToTable(model, 1, 0);
    const units = tableUnits(table, model);
    const wordsOf = units.map((unit) => page.inBox(unit.box));
    const keys = wordsOf.map((words) => (words.length === 0 ? "?" : wordsKey(words)));
    const neighbours = unitNeighbours(table, units);
    const keysOf = (list: number[]) => list.map((n) => (n < 0 ? "?" : keys[n]!));
    units.forEach((unit, u) => {
      const words = wordsOf[u]!;
      if (words.length === 0) return;
      const key = keys[u]!;
      byKey.set(key, {
        value: unit.value,
        ...(unit.under ? { under: wordsKey(wordsInBoxes(page, unit.under)) } : {}),
        table: tableIndex,
        right: keysOf(neighbours[u]!.right),
        below: keysOf(neighbours[u]!.below),
        left: keysOf(neighbours[u]!.left),
        above: keysOf(neighbours[u]!.above),
      });
      for (const i of words) {
        tableOfWord.set(i, tableIndex);
        const values = valuesOfWord.get(i);
        if (values) values.push(unit.value);
        else valuesOfWord.set(i, [unit.value]);
      }
    });
  });
  return {
    source,
    kind: "tables",
    splits(cellWords) {
      // Cells per table of this reading (a cell counts for the table holding all its words).
      const cells = new Map<number, number>();
      for (const words of cellWords) {
        const tables = new Set(words.map((i) => tableOfWord.get(i)));
        const only = tables.size === 1 ? [...tables][0] : undefined;
        if (only !== undefined) cells.set(only, (cells.get(only) ?? 0) + 1);
      }
      const parts = [...cells]
        .filter(([, n]) => n >= STRUCTURE_SETTINGS.splitPartMinCells)
        .map(([t]) => t)
        .sort((a, b) => models[a]!.box[1] - models[b]!.box[1]);
      return parts.length >= 2 && parts.slice(1).some((t) => models[t]!.headerRows > 0);
    },
    judge(words, box, under, relations) {
      const found = byKey.get(wordsKey(words));
      if (found !== undefined) {
        // A band both readings see, over different names: the same label, another place.
        const mine = under && under.length > 0 ? wordsKey(under) : "";
        if (mine !== "" && found.under !== undefined && found.under !== "" && found.under !== mine)
          return { verdict: "against", version: found.value, reason: "cells" };
        if (relations && RECONCILE_SETTINGS.relationSupport) {
          const differs = neighbourDisagreement(found, relations, byKey);
          if (differs !== null) return { verdict: "against", version: found.value, reason: "neighbours", detail: differs };
        }
        return { verdict: "support" };
      }
      const cx = (box[0] + box[2]) / 2;
      const cy = (box[1] + box[3]) / 2;
      const seen = words.some((i) => inTable.has(i)) || tableBoxes.some((b) => cx >= b[0] && cx <= b[2] && cy >= b[1] && cy <= b[3]);
      if (!seen) return { verdict: "none" };
      // The version: the reading's cell holding most of this cell's words.
      const counts = new Map<string, number>();
      for (const i of words) for (const value of valuesOfWord.get(i) ?? []) counts.set(value, (counts.get(value) ?? 0) + 1);
      const best = [...counts].sort((a, b) => b[1] - a[1])[0];
      return { verdict: "against", version: best?.[0] ?? "", reason: "cells" };
    },
  };
}

function prepareFragments(source: StructureSource, fragments: readonly Fragment[], page: PageWords): PreparedReading {
  const covered = fragments.map((f) => page.inBox(f.box, STRUCTURE_SETTINGS.fragmentMarginPt));
  const fragmentsOfWord = new Map<number, number[]>();
  covered.forEach((words, k) => {
    for (const i of words) {
      const list = fragmentsOfWord.get(i) ?? [];
      list.push(k);
      fragmentsOfWord.set(i, list);
    }
  });
  // Per fragment, the text-layer words under each of its recognised words (or under the whole
  // line when the reading gives no words).
  const wordCover = fragments.map((f) => (f.words ?? [f.box]).map((b) => page.inBox(b, STRUCTURE_SETTINGS.fragmentMarginPt)));
  const cutsThroughAWord = (k: number, mine: ReadonlySet<number>) =>
    wordCover[k]!.some((under) => under.some((i) => mine.has(i)) && under.some((i) => !mine.has(i)));
  return {
    source,
    kind: "fragments",
    judge(words) {
      const mine = new Set(words);
      const hit = [...new Set(words.flatMap((i) => fragmentsOfWord.get(i) ?? []))];
      if (hit.length === 0) return { verdict: "none" };
      const version = hit.map((k) => fragments[k]!.text).join(" ");
      // A detected line reaching words outside the cell: the boundary cuts through it. The
      // detector joins any text closer than about a line height, so a line across a boundary
      // says only that the gap there is narrow, which a narrow column gutter is too; the
      // recogniser's own word split says more: a boundary through one recognised word (no space
      // read there) is against the cell, a boundary at a space it read is no opinion.
      const crossing = hit.filter((k) => covered[k]!.some((i) => !mine.has(i)));
      if (crossing.some((k) => cutsThroughAWord(k, mine))) return { verdict: "against", version, reason: "cut" };
      // Two detected lines side by side on one row inside the cell: the image shows them apart.
      for (let a = 0; a < hit.length; a++) {
        for (let b = a + 1; b < hit.length; b++) {
          const [fa, fb] = [fragments[hit[a]!]!, fragments[hit[b]!]!];
          if (sameRow(fa.box, fb.box) && !isSignOf(fa, fb) && !isSignOf(fb, fa)) return { verdict: "against", version, reason: "joined" };
        }
      }
      if (crossing.length > 0) return { verdict: "none" };
      // Lines stacked one above the other: whether they are one cell is not the detector's to say.
      if (
        !RECONCILE_SETTINGS.fragmentsSupportStacked &&
        hit.some((a) => hit.some((b) => a < b && !overlapsVertically(fragments[a]!.box, fragments[b]!.box)))
      )
        return { verdict: "none" };
      return { verdict: "support" };
    },
  };
}

/** A detected line holding only a currency sign before the other line, or a percent sign after
 * it: a sign set apart from its number at a column's edge ("$" at the left of a money column)
 * belongs to the number's cell (tables/sign-columns.ts), so the gap the image shows between them
 * is no evidence of two cells. */
function isSignOf(sign: Fragment, other: Fragment): boolean {
  return (isLeadingSign(sign.text) && sign.box[2] <= other.box[0]) || (isTrailingSign(sign.text) && sign.box[0] >= other.box[2]);
}

/** Two boxes share a row's height (as sameRow, whether or not they stand apart). */
function overlapsVertically(a: Box, b: Box): boolean {
  const overlap = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return overlap >= Math.min(a[3] - a[1], b[3] - b[1]) * STRUCTURE_SETTINGS.sameRowOverlap;
}

function sameRow(a: Box, b: Box): boolean {
  const overlap = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  const shorter = Math.min(a[3] - a[1], b[3] - b[1]);
  const apart = Math.min(a[2], b[2]) <= Math.max(a[0], b[0]);
  return shorter > 0 && overlap >= shorter * STRUCTURE_SETTINGS.sameRowOverlap && apart;
}

/** The verdict on one cell (its words and box) from every prepared reading. */
export function judgeCell(
  words: readonly number[],
  box: Box,
  value: string,
  readings: readonly PreparedReading[],
  under?: readonly number[],
  relations?: CellRelations,
): StructureVerdict {
  const supporters: StructureSource[] = [];
  const against: StructureSource[] = [];
  const versions: Partial<Record<StructureSource, string>> = {};
  const reasons: Partial<Record<StructureSource, AgainstReason>> = {};
  const details: Partial<Record<StructureSource, string>> = {};
  const concurring: StructureSource[] = [];
  for (const reading of readings) {
    const opinion = reading.judge(words, box, under, relations);
    if (opinion.verdict === "none" && opinion.concurs) concurring.push(reading.source);
    if (opinion.verdict === "support") {
      if (reading.kind === "fragments" && !RECONCILE_SETTINGS.fragmentsSupport) continue;
      supporters.push(reading.source);
      versions[reading.source] = value;
    } else if (opinion.verdict === "against") {
      against.push(reading.source);
      versions[reading.source] = opinion.version;
      reasons[reading.source] = opinion.reason;
      if (opinion.detail !== undefined) details[reading.source] = opinion.detail;
    }
  }
  const min = RECONCILE_SETTINGS.minStructureSupport;
  // Readings that share an input are one check (countSharedInputsOnce).
  const independent = (sources: readonly StructureSource[]) =>
    RECONCILE_SETTINGS.countSharedInputsOnce ? independentCount(sources, READER_GROUPS) : sources.length;
  // Relations are checked by full segmentations only (a fragments reading has no opinion on them).
  const relationChecks = independent(supporters.filter((source) => readings.some((r) => r.source === source && r.kind === "tables")));
  const hasRelations =
    relations !== undefined && relations.right.length + relations.below.length + relations.left.length + relations.above.length > 0;
  const relationsUnchecked = RECONCILE_SETTINGS.relationSupport && hasRelations && relationChecks < RECONCILE_SETTINGS.minRelationSupport;
  const nFor = independent(supporters);
  const nAgainst = independent(against);
  let level: StructureLevel;
  if (nAgainst >= nFor && nAgainst > 0) level = "disputed";
  else if (nFor < min || relationsUnchecked) level = "single";
  else level = against.length === 0 ? "agreed" : "majority";
  return { level, supporters, against, versions, reasons, details, ...(concurring.length > 0 ? { concurring } : {}) };
}

/** Weakest first: a relation takes the weaker confidence of its cells. */
export const CONFIDENCE_RANK: Partial<Record<Confidence, number>> = {
  disputed: 0,
  unverified: 1,
  resolved: 2,
  reviewed: 3,
  verified: 4,
  confirmed: 5,
  exact: 6,
};

const RANK = CONFIDENCE_RANK;

function capAt(cell: Cell, level: Confidence): Cell {
  if ((RANK[cell.confidence] ?? 0) <= (RANK[level] ?? 0)) return cell;
  return { ...cell, confidence: level };
}

/** Every version of the value: the value readings (what the value vote kept, or each agreeing
 * source's value) and then the structure readings'. */
function withVersions(cell: Cell, verdict: StructureVerdict): Record<string, string> {
  const values: Record<string, string> = cell.readings ? { ...cell.readings } : {};
  if (!cell.readings) for (const source of cell.sources) values[source] = cell.value;
  return { ...values, ...(verdict.versions as Record<string, string>) };
}

/** The structure readings that are also sources of the results' vocabulary, and so name a cell
 * they support, or have the same cell as without a say in the vote, among its `sources` (the
 * trained reading pdf-model). */
const CELL_SOURCE_READINGS: readonly StructureSource[] = ["pdf-model"];

function withStructureSources(cell: Cell, verdict: StructureVerdict): Cell {
  const added = CELL_SOURCE_READINGS.filter(
    (source) =>
      (verdict.supporters.includes(source) || verdict.concurring?.includes(source)) && !cell.sources.includes(source as CellSource),
  );
  return added.length === 0 ? cell : { ...cell, sources: [...cell.sources, ...(added as CellSource[])] };
}

export function applyVerdict(cell: Cell, verdict: StructureVerdict): Cell {
  // The structure sources are named last: a cell's `readings` hold value readings and the
  // structure readings' versions, not a source's echo of the value.
  return withStructureSources(voteOnCell(cell, verdict), verdict);
}

function voteOnCell(cell: Cell, verdict: StructureVerdict): Cell {
  switch (verdict.level) {
    case "agreed":
      return cell;
    case "single": {
      // A majority whose relations only one segmentation checked (minRelationSupport) still
      // shows the objection: the reviewer sees what the reading against it would make of it.
      const capped = capAt(cell, "unverified");
      return capped === cell || verdict.against.length === 0 ? capped : { ...capped, readings: withVersions(cell, verdict) };
    }
    case "majority": {
      const capped = capAt(cell, "resolved");
      return capped === cell ? cell : { ...capped, readings: withVersions(cell, verdict) };
    }
    case "disputed": {
      if (cell.confidence === "confirmed" || cell.confidence === "exact") return cell;
      return { ...cell, confidence: "disputed", readings: withVersions(cell, verdict), provisional: true };
    }
  }
}

export interface TableStructureOutcome {
  table: Table;
  /** Per unit, for eval and debugging. */
  verdicts: Array<{ unit: CellUnit; verdict: StructureVerdict }>;
}

/** A neighbour without a box: its words are unknown. */
const UNKNOWN_NEIGHBOUR: Neighbour = { key: null, back: [], ahead: [] };

/** The structure vote over one delivered table (after the value vote). */
export function voteOnStructure(
  table: Table,
  model: TableModel | null,
  page: PageWords,
  readings: readonly PreparedReading[],
): TableStructureOutcome {
  const out: Table = { ...table, header_cells: [...table.header_cells], rows: table.rows.map((r) => [...r]) };
  const bands = [...(table.colbands ?? [])];
  const verdicts: TableStructureOutcome["verdicts"] = [];
  const units = tableUnits(table, model);
  const unitWords = units.map((unit) => page.inBox(unit.box));
  // A reading that reads this table as two or more stacked tables, each opening with its own
  // header, does not support its cells, however alike their cells and neighbours: the delivered
  // table joins what it keeps apart, and the metric scores the parts of one delivered table
  // against one true table only (generated family stacked-panels with the detection rule off:
  // pdf-stream's parts agreed cell by cell, and 209 of 453 verified relations were wrong).
  // Its objections stand.
  const judges = RECONCILE_SETTINGS.splitWithholdsSupport ? readings.map((r) => (r.splits?.(unitWords) ? withoutSupport(r) : r)) : readings;
  const neighbours = unitNeighbours(table, units);
  const keys = unitWords.map((words) => (words.length === 0 ? "?" : wordsKey(words)));
  const keyOfUnit = (n: number) => (n < 0 ? "?" : keys[n]!);
  // Each unit is the neighbour of every cell beside it (a spanning cell of many), so its view from
  // either side is built once per table, not once per cell; the judges only read it.
  const seenFrom = (back: "left" | "above", ahead: "right" | "below"): Neighbour[] =>
    units.map((_, n) =>
      unitWords[n]!.length === 0
        ? UNKNOWN_NEIGHBOUR
        : { key: keys[n]!, back: neighbours[n]![back].map(keyOfUnit), ahead: neighbours[n]![ahead].map(keyOfUnit) },
    );
  const fromLeft = seenFrom("left", "right");
  const fromAbove = seenFrom("above", "below");
  const asNeighbours = (list: readonly number[], seen: readonly Neighbour[]): Neighbour[] =>
    list.map((n) => (n < 0 ? UNKNOWN_NEIGHBOUR : seen[n]!));
  units.forEach((unit, u) => {
    const words = unitWords[u]!;
    if (words.length === 0) return;
    const mine = neighbours[u]!;
    const relations: CellRelations = {
      right: asNeighbours(mine.right, fromLeft),
      below: asNeighbours(mine.below, fromAbove),
      left: mine.left.map(keyOfUnit),
      above: mine.above.map(keyOfUnit),
    };
    const verdict = judgeCell(words, unit.box, unit.value, judges, unit.under ? wordsInBoxes(page, unit.under) : undefined, relations);
    verdicts.push({ unit, verdict });
    const ref = unit.ref;
    if (ref.kind === "header") out.header_cells[ref.col] = applyVerdict(out.header_cells[ref.col]!, verdict);
    else if (ref.kind === "body") out.rows[ref.row]![ref.col] = applyVerdict(out.rows[ref.row]![ref.col]!, verdict);
    else if (verdict.level !== "agreed") {
      const band = table.colbands![ref.band]!;
      const cap: Confidence = verdict.level === "majority" ? "resolved" : "unverified";
      for (let col = band.start_col; col <= band.end_col; col++) {
        const cell = out.header_cells[col];
        if (cell && cell.value !== "") out.header_cells[col] = capAt(cell, cap);
      }
      // The band's own confidence (from the value vote on its label), capped like a cell's.
      if (band.confidence) {
        const own: Confidence = verdict.level === "disputed" ? "disputed" : cap;
        bands[ref.band] = { ...band, confidence: (RANK[band.confidence] ?? 0) <= (RANK[own] ?? 0) ? band.confidence : own };
      }
    }
  });
  out.header = out.header_cells.length > 0 ? out.header_cells.map((c) => c.value) : out.header;
  if (table.colbands) out.colbands = bands;
  return { table: out, verdicts };
}

export type { CellSource };

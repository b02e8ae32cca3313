// The boundary vote: where a table starts and ends, whether it is one table or two, and how many
// columns it has, checked like a cell. Table detection decides these once, upstream of every cell
// reader, so the cell vote never sees a wrong one: every reading of the detected region inherits
// it. Here the readings that find tables on their own (their inputs hold no "detected-regions":
// pdf-grid from the rulings, pdf-tags from the tag tree, ocr-layout from the page image), and
// that do not share an input with the reading the delivered table came from, each propose the
// table's boundaries. They are compared in the page's words (a table is the set of words it holds):
//   - split:   two or more of the proposal's tables each hold at least `partMinWords` of the
//              delivered table's words (it reads one table where they read two);
//   - merged:  the proposal's table holding the delivered table's words also holds at least
//              `partMinWords` of another delivered table's (two tables where it reads one);
//   - extent:  more than `extentShare` of the delivered table's words lie outside the proposal's
//              table, or of the proposal table's words outside every delivered table (a block
//              taken in or left out);
//   - columns: the proposal reads another number of columns (a reading of the page image only
//              when it reads more: its detector joins text across narrow gutters).
// A proposal with no table over the delivered one has no opinion (a reader that sees tables only
// where they are ruled, or tagged, or where the image's text lines form one); nor has a reading
// of the page image's words on a table read from drawn rulings.
// A table any independent proposal disputes carries `layout_disputed`, and none of its cells stays
// `verified`: each is capped at `resolved` (its value is still the majority's; its place is in
// doubt), so the review page asks the one question "one table or two / where does it end".
import type { Cell, Table } from "../../../lib/result/schema";
import type { Box, TableModel, Word } from "../types";
import type { StructureReading, StructureSource } from "../structure/types";
import { RECONCILE_SETTINGS } from "./settings";
import { CONFIDENCE_RANK } from "./structure-vote";

export type BoundaryDisputeKind = "split" | "merged" | "extent" | "columns";

export interface BoundaryDispute {
  /** Index of the delivered table on the page. */
  table: number;
  by: StructureSource;
  kind: BoundaryDisputeKind;
}

export interface BoundarySettings {
  partMinWords: number;
  extentShare: number;
}

/** What a reader is made from, and its independence group (structure/registry.ts). */
export interface ReaderDeclarations {
  readsDetectedRegions(source: string): boolean;
  /** The reading is made from the page image (its column count errs on the side of too few). */
  readsPageImage?(source: string): boolean;
  groupOf(source: string): string;
}

function wordsIn(words: readonly Word[], box: Box): Set<number> {
  const out = new Set<number>();
  words.forEach((w, i) => {
    const cx = (w.box[0] + w.box[2]) / 2;
    const cy = (w.box[1] + w.box[3]) / 2;
    if (cx >= box[0] && cx <= box[2] && cy >= box[1] && cy <= box[3]) out.add(i);
  });
  return out;
}

function count(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}

/** Every dispute of every delivered table on the page. `models[i]` is table i's model (its source
 * says which reading it came from); a table without one is judged against every proposal. */
export function boundaryDisputes(
  tables: readonly Table[],
  models: readonly (TableModel | null)[],
  words: readonly Word[],
  readings: readonly StructureReading[],
  declared: ReaderDeclarations,
  settings: BoundarySettings = RECONCILE_SETTINGS.boundary,
): BoundaryDispute[] {
  const delivered = tables.map((t, i) => (t.bbox ? wordsIn(words, models[i]?.box ?? t.bbox) : new Set<number>()));
  const disputes: BoundaryDispute[] = [];
  for (const reading of readings) {
    if (reading.kind !== "tables" || reading.objectsOnly || declared.readsDetectedRegions(reading.source)) continue;
    const proposed = reading.tables.map((m) => ({ model: m, words: wordsIn(words, m.box) }));
    tables.forEach((_, i) => {
      const own = models[i]?.source;
      if (own && declared.groupOf(own) === declared.groupOf(reading.source)) return;
      // A table read from its drawn rulings has its boxes where the lines are; a reading of the
      // page image that reads no lines (ocr-layout lays out words only) has no say on where such
      // a table starts, ends or splits. On EU (mostly ruled) it disputed 15 of 71 right tables
      // and none wrong; a raster-rulings reading of the render would have a say.
      if (own === "pdf-grid" && declared.readsPageImage?.(reading.source)) return;
      const mine = delivered[i]!;
      if (mine.size === 0) return;
      const over = proposed.filter((p) => count(p.words, mine) > 0);
      if (over.length === 0) return;
      const parts = over.filter((p) => count(p.words, mine) >= settings.partMinWords);
      const push = (kind: BoundaryDisputeKind) => disputes.push({ table: i, by: reading.source, kind });
      if (parts.length >= 2) return push("split");
      const main = over.sort((a, b) => count(b.words, mine) - count(a.words, mine))[0]!;
      if (delivered.some((other, j) => j !== i && count(main.words, other) >= settings.partMinWords)) return push("merged");
      const outsideProposal = mine.size - count(main.words, mine);
      let outsideDelivered = 0;
      for (const w of main.words) if (!delivered.some((d) => d.has(w))) outsideDelivered++;
      if (outsideProposal > mine.size * settings.extentShare || outsideDelivered > main.words.size * settings.extentShare)
        return push("extent");
      const cols = models[i]?.nCols ?? Math.max(tables[i]!.header_cells.length, ...tables[i]!.rows.map((r) => r.length));
      // The page image's reading joins text across a gutter narrower than about a line height
      // (the OCR detector's lines do: structure/ocr-lines.ts), so fewer columns from it is no
      // evidence; more columns is: it saw a gutter the delivered table closed.
      const fewerIsEvidence = !declared.readsPageImage?.(reading.source);
      if (main.model.nCols > cols || (fewerIsEvidence && main.model.nCols < cols)) return push("columns");
    });
  }
  return disputes;
}

/** The structure vote's order of confidence levels, weakest first. */
const RANK = CONFIDENCE_RANK;

function capAtResolved(cell: Cell): Cell {
  return (RANK[cell.confidence] ?? 0) > (RANK.resolved ?? 0) && cell.confidence !== "confirmed" && cell.confidence !== "exact"
    ? { ...cell, confidence: "resolved" }
    : cell;
}

/** The delivered tables whose structure detection itself doubts (`TableModel.structureDoubt`:
 * every reading of the text shares the choice, so the votes cannot see it) flagged, their verified
 * cells capped like a disputed boundary's. A table detection only flags because the rulings and
 * the text disagree it exists is left to the votes (capping those took right ruled tables). */
export function capDoubtedStructures(
  tables: readonly Table[],
  models: readonly (TableModel | null)[],
  kinds: readonly string[] = RECONCILE_SETTINGS.capDoubtKinds,
): Table[] {
  const doubted = models.flatMap((m, i) => (m?.structureDoubt && kinds.includes(m.structureDoubt) ? [i] : []));
  if (doubted.length === 0) return [...tables];
  return applyBoundaryDisputes(
    tables,
    doubted.map((table) => ({ table, by: models[table]!.source, kind: "columns" as const })),
  );
}

/** The delivered tables with every disputed one flagged and its verified cells capped. */
export function applyBoundaryDisputes(tables: readonly Table[], disputes: readonly BoundaryDispute[]): Table[] {
  const disputed = new Set(disputes.map((d) => d.table));
  return tables.map((table, i) => {
    if (!disputed.has(i)) return table;
    const out: Table = {
      ...table,
      layout_disputed: true,
      header_cells: table.header_cells.map(capAtResolved),
      rows: table.rows.map((r) => r.map(capAtResolved)),
    };
    if (table.colbands)
      out.colbands = table.colbands.map((b) =>
        b.confidence && (RANK[b.confidence] ?? 0) > (RANK.resolved ?? 0) ? { ...b, confidence: "resolved" } : b,
      );
    return out;
  });
}

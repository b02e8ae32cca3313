// The pairwise error matrix of the structure readings: how often two readings are wrong on the same
// relation. A vote between readings helps only where they fail apart; two readings that are wrong
// together (because they start from the same detected region, or the same word groups) add no
// evidence to each other, and their agreement is no check. Measured against the ground truth per
// table: a reading is "wrong on a relation" when the relation is in the truth and not in its
// reading of that table, or in its reading and not in the truth (adjacency relations, the
// competition metric's unit, compared as multisets). A reading with no table over a true table has
// no opinion there and is left out of that table's counts (pdf-grid on an unruled table, pdf-tags on
// an untagged file): the matrix compares readings where both spoke.
// Each reading's cells are read with the page's own words (readingTables), so the matrix compares
// where readings cut, not how an OCR engine spelt the words.
// "delivered" is the table the pipeline delivers (built from one of the readings, so it shares
// that reading's errors by construction); it is listed to show which readings its errors follow.
import type { StructureReading } from "../../pipeline/structure/types";
import type { Table } from "../../../lib/result/schema";
import type { Box, TableModel, Word } from "../../pipeline/types";
import { modelToTable, tableToGrid } from "../../pipeline/tables/assemble-table";
import { gridToRelations } from "./adjacency";
import type { GtRegion } from "./ground-truth";

export interface ReaderErrorCounts {
  /** Per reading: true tables it read, their true relations, the relations it got wrong. */
  perReader: Record<string, { tables: number; relations: number; wrong: number }>;
  /** Per pair "a|b" (names in order): over true tables both read, relations both got wrong, relations
   * either got wrong, and the true relations of those tables. */
  pairs: Record<string, { both: number; either: number; relations: number }>;
}

export function emptyReaderErrors(): ReaderErrorCounts {
  return { perReader: {}, pairs: {} };
}

export function addReaderErrors(into: ReaderErrorCounts, more: ReaderErrorCounts): ReaderErrorCounts {
  const out: ReaderErrorCounts = { perReader: { ...into.perReader }, pairs: { ...into.pairs } };
  for (const [name, c] of Object.entries(more.perReader)) {
    const prev = out.perReader[name] ?? { tables: 0, relations: 0, wrong: 0 };
    out.perReader[name] = { tables: prev.tables + c.tables, relations: prev.relations + c.relations, wrong: prev.wrong + c.wrong };
  }
  for (const [pair, c] of Object.entries(more.pairs)) {
    const prev = out.pairs[pair] ?? { both: 0, either: 0, relations: 0 };
    out.pairs[pair] = { both: prev.both + c.both, either: prev.either + c.either, relations: prev.relations + c.relations };
  }
  return out;
}

/** What one reading proposes on a page: its tables (boxes top-left) as relation multisets. */
export interface ProposedTable {
  box: Box;
  relations: Map<string, number>;
}

/** A reading's tables as relations. With the page's words given, each cell's text is the page's
 * words in its box (centre inside, in reading order): a reading made from OCR words (ocr-layout)
 * is then judged on where it cuts, not on how the engine spelt the words. */
export function readingTables(models: readonly TableModel[], page: number, words?: readonly Word[]): ProposedTable[] {
  return models.map((model, k) => {
    const retexted = words ? { ...model, cells: model.cells.map((c) => (c.box ? { ...c, text: textIn(words, c.box) } : c)) } : model;
    return { box: model.box, relations: gridToRelations(tableToGrid(modelToTable(retexted, page, k)).cells) };
  });
}

function textIn(words: readonly Word[], box: Box): string {
  return words
    .filter((w) => {
      const cx = (w.box[0] + w.box[2]) / 2;
      const cy = (w.box[1] + w.box[3]) / 2;
      return cx >= box[0] && cx <= box[2] && cy >= box[1] && cy <= box[3];
    })
    .sort((a, b) =>
      Math.abs(a.box[1] - b.box[1]) > Math.min(a.box[3] - a.box[1], b.box[3] - b.box[1]) / 2 ? a.box[1] - b.box[1] : a.box[0] - b.box[0],
    )
    .map((w) => w.text)
    .join(" ");
}

export function deliveredTables(tables: readonly Table[]): ProposedTable[] {
  return tables.filter((t) => t.bbox).map((t) => ({ box: t.bbox as Box, relations: gridToRelations(tableToGrid(t).cells) }));
}

/** The truth table's box, top-left origin, from its cells' boxes (bottom-left origin in the file). */
export function truthBox(region: GtRegion, pageHeight: number): Box | null {
  const boxes = region.cells.flatMap((c) => (c.box ? [c.box] : []));
  if (boxes.length === 0) return null;
  const x0 = Math.min(...boxes.map((b) => Math.min(b[0], b[2])));
  const x1 = Math.max(...boxes.map((b) => Math.max(b[0], b[2])));
  const y0 = Math.min(...boxes.map((b) => Math.min(b[1], b[3])));
  const y1 = Math.max(...boxes.map((b) => Math.max(b[1], b[3])));
  return [x0, pageHeight - y1, x1, pageHeight - y0];
}

function overlaps(a: Box, b: Box): boolean {
  return Math.min(a[2], b[2]) > Math.max(a[0], b[0]) && Math.min(a[3], b[3]) > Math.max(a[1], b[1]);
}

/** The relations a reading gets wrong on one true table, as labelled keys (a key seen n times in
 * the truth and m times in the reading gives |n - m| wrong keys). */
function wrongKeys(truth: Map<string, number>, proposed: Map<string, number>): Set<string> {
  const wrong = new Set<string>();
  for (const key of new Set([...truth.keys(), ...proposed.keys()])) {
    const n = truth.get(key) ?? 0;
    const m = proposed.get(key) ?? 0;
    for (let k = 0; k < Math.abs(n - m); k++) wrong.add(`${n > m ? "missed" : "extra"}\t${key}\t${k}`);
  }
  return wrong;
}

/** The counts on one page: its true tables (with their relations), each reading's proposed tables. */
export function readerErrorsOnPage(
  truth: ReadonlyArray<{ box: Box; relations: Map<string, number> }>,
  proposals: ReadonlyMap<string, readonly ProposedTable[]>,
): ReaderErrorCounts {
  const counts = emptyReaderErrors();
  const names = [...proposals.keys()].sort();
  for (const t of truth) {
    let total = 0;
    for (const v of t.relations.values()) total += v;
    const wrong = new Map<string, Set<string>>();
    for (const name of names) {
      const over = proposals.get(name)!.filter((p) => overlaps(p.box, t.box));
      if (over.length === 0) continue;
      const merged = new Map<string, number>();
      for (const p of over) for (const [k, v] of p.relations) merged.set(k, (merged.get(k) ?? 0) + v);
      const w = wrongKeys(t.relations, merged);
      wrong.set(name, w);
      const prev = counts.perReader[name] ?? { tables: 0, relations: 0, wrong: 0 };
      counts.perReader[name] = { tables: prev.tables + 1, relations: prev.relations + total, wrong: prev.wrong + w.size };
    }
    const spoke = names.filter((n) => wrong.has(n));
    for (let i = 0; i < spoke.length; i++) {
      for (let j = i + 1; j < spoke.length; j++) {
        const a = wrong.get(spoke[i]!)!;
        const b = wrong.get(spoke[j]!)!;
        let both = 0;
        for (const k of a) if (b.has(k)) both++;
        const key = `${spoke[i]}|${spoke[j]}`;
        const prev = counts.pairs[key] ?? { both: 0, either: 0, relations: 0 };
        counts.pairs[key] = { both: prev.both + both, either: prev.either + a.size + b.size - both, relations: prev.relations + total };
      }
    }
  }
  return counts;
}

/** Each tables reading's proposals on a page, by reader name (fragments readings have no relations,
 * nor has a reading of table boundaries alone, whose tables hold no cells: page-ink, nor a check
 * of the delivered tables that may only support, whose tables are the delivered ones: ink-grid). */
export function proposalsOf(
  readings: readonly StructureReading[],
  page: number,
  delivered: readonly Table[],
  words?: readonly Word[],
): Map<string, ProposedTable[]> {
  const out = new Map<string, ProposedTable[]>();
  for (const reading of readings)
    if (reading.kind === "tables" && !reading.supportsOnly && reading.tables.some((table) => table.cells.length > 0))
      out.set(reading.source, readingTables(reading.tables, page, words));
  out.set("delivered", deliveredTables(delivered));
  return out;
}

/** The matrix as printed lines: each reading's error rate where it spoke, then every pair's
 * relations wrong together, as a share of the relations either got wrong (1 = always wrong
 * together, 0 = never). */
export function formatReaderErrors(counts: ReaderErrorCounts, pct: (x: number) => string, groups?: ReadonlyMap<string, string>): string[] {
  const lines = ["structure readings wrong together (per true table both read; both / either wrong)"];
  const names = Object.keys(counts.perReader).sort();
  if (names.length === 0) return [...lines, "    (no structure readings on the ground truth's pages)"];
  for (const name of names) {
    const c = counts.perReader[name]!;
    const group = groups?.get(name);
    lines.push(
      `    ${name.padEnd(15)} read ${String(c.tables).padStart(4)} tables, wrong on ${c.wrong} of ${c.relations} relations (${pct(c.relations ? c.wrong / c.relations : 0)})${group ? `; inputs: ${group}` : ""}`,
    );
  }
  for (const [pair, c] of Object.entries(counts.pairs).sort()) {
    const [a, b] = pair.split("|");
    lines.push(
      `    ${a!.padEnd(15)} x ${b!.padEnd(15)} both wrong ${String(c.both).padStart(5)} of ${String(c.either).padStart(5)} either (${c.either ? pct(c.both / c.either) : "-"}), ${c.relations} relations`,
    );
  }
  return lines;
}

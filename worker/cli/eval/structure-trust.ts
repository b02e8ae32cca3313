// The eval's figures on structure trust, per document and summed per set: the table boundaries
// against the truth (boundary-figures.ts) and the pairwise error matrix of the structure readings
// (reader-errors.ts). eval.ts keeps each page's structure readings and calls this once per document.
import type { Table } from "../../../lib/result/schema";
import type { StructureReading } from "../../pipeline/structure/types";
import type { Box, Word } from "../../pipeline/types";
import { readerInputs } from "../../pipeline/structure/registry";
import { gridToRelations } from "./adjacency";
import { addBoundaries, boundariesOnPage, emptyBoundaries, formatBoundaries, type BoundaryCounts } from "./boundary-figures";
import type { GtRegion } from "./ground-truth";
import {
  addReaderErrors,
  emptyReaderErrors,
  formatReaderErrors,
  proposalsOf,
  readerErrorsOnPage,
  truthBox,
  type ReaderErrorCounts,
} from "./reader-errors";

export interface StructureTrustCounts {
  boundaries: BoundaryCounts;
  readerErrors: ReaderErrorCounts;
}

export function emptyStructureTrust(): StructureTrustCounts {
  return { boundaries: emptyBoundaries(), readerErrors: emptyReaderErrors() };
}

export function addStructureTrust(a: StructureTrustCounts, b: StructureTrustCounts): StructureTrustCounts {
  return { boundaries: addBoundaries(a.boundaries, b.boundaries), readerErrors: addReaderErrors(a.readerErrors, b.readerErrors) };
}

export interface PageStructure {
  height: number;
  readings: readonly StructureReading[];
  /** The page's words (text layer), the text every reading's cells are read with. */
  words?: readonly Word[];
}

/** One document: `truth` its true tables (cells as grid cells, boxes bottom-left), `pages` each
 * read page's height and structure readings, `tables` the delivered tables. A rotated document is
 * left out (its truth boxes are in no frame the readings use). */
export function structureTrustOfDocument(
  truth: ReadonlyArray<{ region: GtRegion; cells: Parameters<typeof gridToRelations>[0] }>,
  pages: ReadonlyMap<number, PageStructure>,
  tables: readonly Table[],
  rotated: boolean,
): StructureTrustCounts {
  let counts = emptyStructureTrust();
  if (rotated) return counts;
  const pageNumbers = new Set([...truth.map((t) => t.region.page), ...tables.map((t) => t.page)]);
  for (const page of pageNumbers) {
    const read = pages.get(page);
    if (!read) continue;
    const onPage = truth
      .filter((t) => t.region.page === page)
      .flatMap((t) => {
        const box = truthBox(t.region, read.height);
        return box ? [{ box, relations: gridToRelations(t.cells) }] : [];
      });
    const delivered = tables.filter((t) => t.page === page);
    const boundaries = boundariesOnPage(
      onPage.map((t): Box => t.box),
      delivered,
    );
    const readerErrors = readerErrorsOnPage(onPage, proposalsOf(read.readings, page, delivered, read.words));
    counts = addStructureTrust(counts, { boundaries, readerErrors });
  }
  return counts;
}

export function formatStructureTrust(counts: StructureTrustCounts, pct: (x: number) => string): string[] {
  const inputs = new Map<string, string>();
  for (const name of Object.keys(counts.readerErrors.perReader)) {
    const declared = readerInputs(name);
    if (declared) inputs.set(name, declared.join(", "));
  }
  return [formatBoundaries(counts.boundaries), ...formatReaderErrors(counts.readerErrors, pct, inputs)];
}

// Where the structure readers leave the delivered cells to fewer than two segmentations
// (what caps the verified share). Counts only, summed over a set, never per document: per reader, how many
// delivered cells it neither supported nor objected to, by why; and for the cells whose verdict
// is `single`, which readers supported them. pdf-stream's reasons are its own declines per table
// region (pdf-stream.ts streamRegion); every other reader's are "no reading on the page" (it
// proposed nothing there) or "outside its tables" (it read tables on the page, not this one) or,
// for a fragments reading, "no opinion". Where pdf-stream reads the delivered table as stacked
// tables of its own (the vote then takes none of its support), its reason is "reads stacked
// tables here".
import type { Box, Ruling, TableModel, Word } from "../../pipeline/types";
import { STRUCTURE_SETTINGS } from "../../pipeline/structure/settings";
import type { StructureReading, StructureSource } from "../../pipeline/structure/types";
import type { StructureVerdict } from "../../pipeline/reconcile/structure-vote";
import type { CellRef } from "../../pipeline/reconcile/cell-units";
import { streamRegion, type StreamDecline } from "../../pipeline/structure/pdf-stream";
import { RECONCILE_SETTINGS } from "../../pipeline/reconcile/settings";

/** reader -> reason -> delivered cells. */
export type NotRead = Record<string, Record<string, number>>;

export interface Coverage {
  notRead: NotRead;
  /** Single cells by their supporters ("pdf-layout+ocr-2-lines"; "none" for no supporter). */
  singleBy: Record<string, number>;
  /** Single cells by why pdf-stream did not read them ("read" when it did). */
  singleStream: Record<string, number>;
}

export const emptyCoverage = (): Coverage => ({ notRead: {}, singleBy: {}, singleStream: {} });

/** What the tally needs of one page: the delivered tables' regions and verdicts (same order), the
 * words and detected tables the readers saw (in the page's reading frame), and the readings. */
export interface CoveragePage {
  regions: readonly Box[];
  verdicts: ReadonlyArray<ReadonlyArray<{ unit: { ref: CellRef }; verdict: StructureVerdict }>>;
  words: readonly Word[];
  detectedTables: readonly TableModel[];
  /** The page's rulings as table detection snapped them (pdf-stream reads bands from rules). */
  rulings?: readonly Ruling[];
  readings: readonly StructureReading[];
  /** The words are OCR's (a scan): pdf-stream does not read scans. */
  scan: boolean;
}

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

export function addCoverage(coverage: Coverage, page: CoveragePage, readers: readonly StructureSource[]): Coverage {
  const withReading = new Map(page.readings.map((r) => [r.source, r]));
  page.verdicts.forEach((tableVerdicts, t) => {
    const region = page.regions[t];
    const declinedParts: StreamDecline[] = [];
    const stream = page.scan
      ? "scan"
      : region
        ? streamRegion(region, page.words, page.detectedTables, STRUCTURE_SETTINGS, page.rulings ?? [], declinedParts)
        : "no region";
    // pdf-stream reads the delivered table as stacked tables, a later one with its own header:
    // the structure vote takes none of its support there (splitWithholdsSupport).
    const splits =
      RECONCILE_SETTINGS.splitWithholdsSupport &&
      typeof stream !== "string" &&
      stream.length >= 2 &&
      stream.slice(1).some((m) => m.headerRows > 0);
    const streamReason = typeof stream === "string" ? stream : splits ? "reads stacked tables here" : null;
    // A cell outside the tables pdf-stream read in a region where it declined a stacked part:
    // counted under the part's own reason.
    const outside = (header: boolean) =>
      declinedParts.length > 0
        ? `stacked part declined: ${[...new Set(declinedParts)].sort().join(" / ")}`
        : header
          ? "outside its tables (header)"
          : "outside its tables (body)";
    for (const { unit, verdict } of tableVerdicts) {
      const header = unit.ref.kind !== "body";
      for (const source of readers) {
        if (verdict.supporters.includes(source) || verdict.against.includes(source)) continue;
        const reading = withReading.get(source);
        let reason: string;
        if (source === "pdf-stream" && streamReason !== null) reason = streamReason;
        else if (source === "pdf-stream" && reading?.kind === "tables") reason = outside(header);
        else if (!reading) reason = "no reading on the page";
        else if (reading.kind === "fragments") reason = "no opinion";
        else reason = header ? "outside its tables (header)" : "outside its tables (body)";
        bump((coverage.notRead[source] ??= {}), reason);
      }
      if (verdict.level === "single") {
        bump(coverage.singleBy, verdict.supporters.length === 0 ? "none" : [...verdict.supporters].sort().join("+"));
        const streamRead = verdict.supporters.includes("pdf-stream") || verdict.against.includes("pdf-stream");
        // (A split's cells pdf-stream objects to count as read.)
        bump(coverage.singleStream, streamRead ? "read" : (streamReason ?? outside(header)));
      }
    }
  });
  return coverage;
}

/** The tally as report lines, largest counts first. */
export function formatCoverage(coverage: Coverage): string[] {
  const sorted = (counts: Record<string, number>) => Object.entries(counts).sort((a, b) => b[1] - a[1]);
  const lines = ["delivered cells a reader did not read, by reason:"];
  for (const [source, reasons] of Object.entries(coverage.notRead)) {
    const total = Object.values(reasons).reduce((a, b) => a + b, 0);
    lines.push(
      `    ${source.padEnd(14)} ${total}: ${sorted(reasons)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
  }
  lines.push(
    `single cells by supporters: ${
      sorted(coverage.singleBy)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ") || "none"
    }`,
  );
  lines.push(
    `single cells by pdf-stream's reason: ${
      sorted(coverage.singleStream)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ") || "none"
    }`,
  );
  return lines;
}

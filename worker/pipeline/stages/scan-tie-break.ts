// Stage "scan-tie-break": on a scan both engines read, the cells they still read differently after
// the value vote and the scan checks are read a third time, alone, by Tesseract's legacy
// classifier, and resolved where it agrees with one of the two (scan/tie-break.ts). Before the
// structure vote, which may still dispute a resolved cell's place. In the same call it reads the
// cells only one engine read, checked against that one reading (scan/lone-readings.ts).
import { cellsToBreak, withTieBroken } from "../scan/tie-break";
import { loneCells, withLoneReadingsChecked } from "../scan/lone-readings";
import { OCR_ENGINE_NAMES } from "../../../lib/ocr/engine-names";
import { extractionOf, okReadings } from "./page-context";
import type { PageStage } from "./page-stage";

export const scanTieBreakStage: PageStage = {
  name: "scan-tie-break",
  failsAs: "reconcile",
  // Part of the value vote: a caller that switches the vote off switches this off too.
  skippable: "reconcile",
  applies: (ctx) =>
    !ctx.hasTextLayer &&
    ctx.scanImage !== null &&
    ctx.pageOcr !== null &&
    ctx.run.engines !== null &&
    (ctx.run.settings.scanTieBreak || ctx.run.settings.scanLoneReadings) &&
    OCR_ENGINE_NAMES.every((engine) => okReadings(ctx.pageOcr!.readings)[engine]),
  async run(ctx) {
    const extraction = extractionOf(ctx);
    const { scanTieBreak, scanLoneReadings, scanTieBreakFailedReading } = ctx.run.settings;
    // Words standing on end, of either reading: their cells are not asked about (lone-readings.ts).
    const standing = scanLoneReadings
      ? Object.values(okReadings(ctx.pageOcr!.readings)).flatMap((r) => r.words.filter((w) => w.dir !== undefined))
      : [];
    const lone = scanLoneReadings ? extraction.tables.flatMap((table) => loneCells(table, standing)) : [];
    const tied = scanTieBreak ? extraction.tables.flatMap((table) => cellsToBreak(table, scanTieBreakFailedReading)) : [];
    const boxes = [...tied, ...lone];
    if (boxes.length === 0) return;
    const { input, engines, failures } = ctx.run;
    const image = ctx.scanImage!;
    const words = await engines!.readTieBreakCells({
      page: image,
      pageNumber: ctx.pageNumber,
      fileSha256: input.fileSha256,
      cacheDir: input.cacheDir,
      // The prepared page the cells' boxes are on, whether or not the readings came from the cache.
      pageOcr: { readings: ctx.pageOcr!.readings, render: image },
      boxes,
    });
    // Without the third reading the cells stay as they were.
    if (!words) failures.push({ page: ctx.pageNumber, stage: "ocr-3", message: "the third reading of disputed or lone cells failed" });
    else {
      if (tied.length > 0) extraction.tables = extraction.tables.map((table) => withTieBroken(table, words, scanTieBreakFailedReading));
      if (lone.length > 0)
        extraction.tables = extraction.tables.map((table) => withLoneReadingsChecked(table, words, ctx.run.settings, standing));
    }
  },
};

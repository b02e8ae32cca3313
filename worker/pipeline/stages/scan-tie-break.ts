// Stage "scan-tie-break": on a scan both engines read, the cells they still read differently after
// the value vote and the scan checks are read a third time, alone, by Tesseract's legacy
// classifier, and resolved where it agrees with one of the two (scan/tie-break.ts). Before the
// structure vote, which may still dispute a resolved cell's place.
import { cellsToBreak, withTieBroken } from "../scan/tie-break";
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
    ctx.run.settings.scanTieBreak &&
    OCR_ENGINE_NAMES.every((engine) => okReadings(ctx.pageOcr!.readings)[engine]),
  async run(ctx) {
    const extraction = extractionOf(ctx);
    const boxes = extraction.tables.flatMap(cellsToBreak);
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
    // Without the third reading the cells stay disputed, as they were.
    if (!words) failures.push({ page: ctx.pageNumber, stage: "ocr-3", message: "the third reading of disputed cells failed" });
    else extraction.tables = extraction.tables.map((table) => withTieBroken(table, words));
  },
};

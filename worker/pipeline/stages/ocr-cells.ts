// Stage "ocr-cells", the cascade (ocr/cascade.ts): the second engine reads the cells in doubt,
// among them every cell a structure reading is against (disputedCellBoxes: the structure vote's
// judgement of the assembled tables, before the value vote, timed as structure-vote); on a scan
// every cell, and the empty cells the first engine may have missed a mark in.
import { cellVoteReadings } from "../reconcile/cell-vote-readings";
import { disputedCellBoxes, readCellsInDoubt } from "../ocr/cascade";
import { emptySlotsOf } from "../scan/empty-slots";
import { standingCells } from "../ocr/standing-cells";
import { scriptCells } from "../ocr/script-cells";
import { extractionOf } from "./page-context";
import type { PageStage } from "./page-stage";

export const ocrCellsStage: PageStage = {
  name: "ocr-cells",
  failsAs: "ocr",
  applies: (ctx) => ctx.pageOcr !== null && ctx.run.engines !== null,
  timing: "parts",
  async run(ctx) {
    const extraction = extractionOf(ctx);
    const { page, pageNumber, readings, structureReadings, hasTextLayer, turn, timer } = ctx;
    const { input, engines, settings, failures } = ctx.run;
    const ocrPage = ctx.pageOcr!;
    // First, so that ocr-scripts has them whatever fails below.
    if (hasTextLayer) ctx.scriptCells = scriptCells(extraction.tables);
    const disputedBoxes =
      structureReadings.length === 0
        ? []
        : timer.run("structure-vote", () =>
            disputedCellBoxes(extraction.tables, extraction.tableModels, readings.words, cellVoteReadings(structureReadings)),
          );
    // On a scan the second engine also reads the empty cells ocr-1 may have missed a mark in.
    if (!hasTextLayer) ctx.emptySlots = extraction.tables.map((table) => emptySlotsOf(table, settings));
    const extraScanBoxes = ctx.emptySlots.flat().map((slot) => slot.box);
    // Cells whose text stands on end (on a scan: words the first engine read turned, scan/
    // standing-lines.ts) are read turned by the next stage, and cells in Hebrew, Greek or Arabic
    // by the stage after it with their script's model: neither is read here.
    ctx.standingCells = standingCells(extraction.tables, readings.words, turn);
    const inScripts = [...ctx.scriptCells.values()].flat();
    const failed = await timer.runAsync("ocr-cells", () =>
      readCellsInDoubt(engines!, {
        page,
        pageNumber,
        fileSha256: input.fileSha256,
        cacheDir: input.cacheDir,
        pageOcr: ocrPage,
        tables: extraction.tables,
        disputedBoxes,
        scanned: !hasTextLayer,
        turn,
        extraScanBoxes,
        readElsewhere: [...ctx.standingCells.map((cell) => cell.box), ...inScripts],
        textWords: hasTextLayer ? readings.words : undefined,
      }),
    );
    if (failed) failures.push({ page: pageNumber, stage: failed.engine, message: failed.error });
  },
};

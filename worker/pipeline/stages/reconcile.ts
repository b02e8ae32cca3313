// Stage "reconcile", the value vote: every cell, prose block and figure against the OCR readings
// (the one the page's words came from, a scan's, is skipped by the reconcilers as `ownSource`).
// On a scan both engines read, the tables neither reads alike are dropped (scan/unread-tables.ts)
// and the rest go through the scan checks (scan/scan-checks.ts).
import type { Table } from "../../../lib/result/schema";
import { ocrNonTextRegions, ocrWordReadings, verifyFigure } from "../reconcile";
import { bandBoxes } from "../reconcile/cell-units";
import { reconcileInFrame } from "../reconcile/in-reading-frame";
import { raisedMarksOf } from "../reconcile/reconcile-page";
import { sharedGrey } from "../render/render-page";
import { readTableIndexes } from "../scan/unread-tables";
import { runScanChecks } from "../scan/scan-checks";
import { SCAN_SECOND_ENGINE } from "../ocr/engines";
import { withStandingReadings } from "../ocr/standing-cells";
import { withScriptReadings } from "../ocr/script-cells";
import { OCR_ENGINE_NAMES } from "../../../lib/ocr/engine-names";
import { extractionOf, okReadings } from "./page-context";
import type { PageStage } from "./page-stage";

export const reconcileStage: PageStage = {
  name: "reconcile",
  failsAs: "reconcile",
  skippable: "reconcile",
  applies: (ctx) => ctx.pageOcr !== null || ctx.visionValues !== null,
  run(ctx) {
    const extraction = extractionOf(ctx);
    const { readings, ownSource, hasTextLayer, scanImage, emptySlots } = ctx;
    const { settings } = ctx.run;
    const ocrPage = ctx.pageOcr;
    // Cells whose text stands on end: their turned reading, not the upright junk (ocr/standing-cells.ts).
    // Cells in a script read with a model of its own: that reading, not the English model's junk
    // (ocr/script-cells.ts).
    const values = ocrPage
      ? withScriptReadings(
          withStandingReadings(ocrWordReadings(ocrPage.readings), ctx.standingCells, ctx.standingReadings),
          ctx.scriptReadings,
        )
      : {};
    const { visionValues } = ctx;
    const proseBefore = extraction.prose;
    const tablesBefore = extraction.tables;
    // A sideways or upside-down page is voted on in its reading frame (words in order).
    const frame = extraction.frame ? { dir: extraction.frame.turn, size: [readings.width, readings.height] as [number, number] } : null;
    const voted = reconcileInFrame(
      frame,
      visionValues ? { ...values, ...visionValues } : values,
      ownSource,
      extraction.tables.map((table, i) => ({
        table,
        bandBoxes: bandBoxes(table, extraction.tableModels[i] ?? null),
        // Footnote marks set small and raised are marks to the vote (reconcile/raised-marks.ts);
        // upright pages with a text layer only, where "raised" is up the page.
        raisedMarks: ownSource === "pdf-text" && (!frame || frame.dir === 0) ? raisedMarksOf(table, readings.words) : null,
      })),
      extraction.prose,
    );
    extraction.tables = voted.tables;
    extraction.prose = voted.prose;
    if (visionValues) {
      // Vision readings are cells' readings: prose is voted on by the OCR readings alone, and
      // ocr_unsupported still says what OCR saw (nothing, when OCR is off).
      extraction.prose = ocrPage ? reconcileInFrame(frame, values, ownSource, [], proseBefore).prose : proseBefore;
      if (!ocrPage)
        extraction.tables = extraction.tables.map(({ ocr_unsupported: _flag, ...table }, i) =>
          tablesBefore[i]?.ocr_unsupported ? { ...table, ocr_unsupported: true as const } : table,
        );
    }
    // A scan's tables neither OCR engine reads alike are a chart's ink (scan/unread-tables.ts).
    const worked = ocrPage ? okReadings(ocrPage.readings) : {};
    const second = worked[SCAN_SECOND_ENGINE];
    if (!hasTextLayer && OCR_ENGINE_NAMES.every((engine) => worked[engine]) && second) {
      const keep = readTableIndexes(extraction.tables, settings);
      const grey = scanImage ? sharedGrey(scanImage) : null;
      const wordBoxes = readings.words.map((w) => w.box);
      // Numbered again so a page's table indexes stay 0, 1, 2...
      extraction.tables = keep.map((i, k): Table => ({
        ...runScanChecks(extraction.tables[i]!, {
          slots: emptySlots[i] ?? [],
          secondWords: second.words,
          image: scanImage,
          grey,
          rulings: readings.graphics.rulings,
          wordBoxes,
          settings,
        }),
        index: k,
      }));
      extraction.tableModels = keep.map((i) => extraction.tableModels[i]!);
    }
    if (ocrPage) {
      const regions = ocrNonTextRegions(ocrPage.readings);
      ctx.figureVerdicts = extraction.figures.map((figure) => verifyFigure(figure.box, figure.sources, regions));
    }
  },
};

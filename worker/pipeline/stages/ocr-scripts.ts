// Stage "ocr-scripts": on a page with a text layer, the table cells whose text-layer value is in a
// script the first OCR family reads only with a model of its own (Hebrew, Greek, Arabic) are read
// again, cropped, with that model (ocr/script-languages.ts); the value vote then takes that
// reading in place of the English model's junk.
import { cropOfCell } from "../ocr/cell-crops";
import type { PageStage } from "./page-stage";

export const ocrScriptsStage: PageStage = {
  name: "ocr-scripts",
  failsAs: "ocr",
  applies: (ctx) => ctx.pageOcr !== null && ctx.run.engines !== null && ctx.hasTextLayer,
  async run(ctx) {
    for (const [language, cells] of ctx.scriptCells) {
      // Cropped whole where a cell is cut to its text, as the cascade crops (ocr/cascade.ts).
      const boxes = cells.map((box) => cropOfCell(box, ctx.readings.words));
      const read = await ctx.run.engines!.readScriptCells({
        page: ctx.page,
        pageNumber: ctx.pageNumber,
        fileSha256: ctx.run.input.fileSha256,
        cacheDir: ctx.run.input.cacheDir,
        pageOcr: ctx.pageOcr!,
        boxes,
        language,
      });
      if (read) ctx.scriptReadings.push({ engine: read.engine, language, boxes, words: read.words });
    }
  },
};

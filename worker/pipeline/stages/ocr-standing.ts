// Stage "ocr-standing": the cells whose text stands on end (a column heading set bottom to top)
// are read again, cropped, in their text's direction (ocr/standing-cells.ts); the value vote then
// takes that reading in place of the upright junk. On a scan the page's words already hold the
// first engine's turned reading, and this is the second engine's: without it such a cell has one
// reading, and a right heading waits for a person.
import { standingReadings, type StandingCell } from "../ocr/standing-cells";
import type { PageStage } from "./page-stage";

export const ocrStandingStage: PageStage = {
  name: "ocr-standing",
  failsAs: "ocr",
  applies: (ctx) => ctx.pageOcr !== null && ctx.run.engines !== null,
  async run(ctx) {
    // Found by ocr-cells, which leaves them out of its upright crops.
    const cells = ctx.standingCells;
    const byDir = new Map<StandingCell["dir"], StandingCell[]>();
    for (const cell of cells) byDir.set(cell.dir, [...(byDir.get(cell.dir) ?? []), cell]);
    const sizePt: [number, number] = [ctx.readings.width, ctx.readings.height];
    for (const [dir, group] of byDir) {
      const read = await ctx.run.engines!.readStandingCells({
        page: ctx.page,
        pageNumber: ctx.pageNumber,
        fileSha256: ctx.run.input.fileSha256,
        cacheDir: ctx.run.input.cacheDir,
        pageOcr: ctx.pageOcr!,
        boxes: group.map((cell) => cell.box),
        turn: dir,
      });
      if (read) ctx.standingReadings.push(...standingReadings(group, read.words, read.engine, sizePt));
    }
  },
};

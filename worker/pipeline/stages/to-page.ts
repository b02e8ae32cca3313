// Stage "to-page": everything before it worked on the prepared scan (upright, deskewed); the
// result's boxes are on the page as scanned (scan/map-to-page.ts). Only on scans.
import { extractionToPage } from "../scan/map-to-page";
import { extractionOf } from "./page-context";
import type { PageStage } from "./page-stage";

export const toPageStage: PageStage = {
  name: "to-page",
  // Recorded as it always was: part of the structure vote's step.
  failsAs: "structure-vote",
  applies: (ctx) => ctx.scanTransform !== null,
  run(ctx) {
    ctx.extraction = extractionToPage(extractionOf(ctx), ctx.scanTransform!);
    ctx.readings = { ...ctx.readings, width: ctx.size.width, height: ctx.size.height };
  },
};

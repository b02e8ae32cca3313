// Stage "crops": each figure is cut out of the page render into the output directory, with the
// value vote's verdict on it; crops are hashed so the same picture on several pages says also_on.
// Its failures (and those of delivering the page after it) are recorded as "figures".
import { round2 } from "../geometry/box";
import { cropFigures } from "../figures/crop-figures";
import { extractionOf } from "./page-context";
import type { PageStage } from "./page-stage";

export const cropsStage: PageStage = {
  name: "crops",
  failsAs: "figures",
  skippable: "crops",
  timing: "parts",
  async run(ctx) {
    const extraction = extractionOf(ctx);
    const { input, settings, images, imageHashes, cropPages } = ctx.run;
    const { page, pageNumber, timer, figureVerdicts } = ctx;
    if (extraction.figures.length === 0 || input.skipFigureCrops) return;
    const crops = await timer.runAsync("crops", () =>
      cropFigures(
        page,
        pageNumber,
        extraction.figures.map((f) => f.box),
        input.outputDir,
        settings.figureRenderScale,
      ),
    );
    extraction.figures.forEach((figure, index) => {
      const crop = crops[index]!;
      const verdict = figureVerdicts?.[index];
      images.push({
        page: pageNumber,
        index,
        path: crop.path,
        confidence: verdict?.confidence ?? "unverified",
        bbox: figure.box.map((v) => round2(v)) as [number, number, number, number],
        order: figure.order,
        also_on: [],
        sources: verdict?.sources ?? figure.sources,
      });
      imageHashes.push(crop.sha256);
      const seen = cropPages.get(crop.sha256) ?? [];
      if (!seen.includes(pageNumber)) seen.push(pageNumber);
      cropPages.set(crop.sha256, seen);
    });
  },
};

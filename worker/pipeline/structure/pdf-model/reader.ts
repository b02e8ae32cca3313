// Structure reader pdf-model: a trained reading of a table region's text layer (no OCR, no
// rulings). Where the other text readings are rules written by hand (pdf-layout's chunking and
// gutters, pdf-stream's value-line profile), this one was learned from the generated layout
// families and one shared set (docs/pdf-model.md): boosted trees decide which neighbouring words
// share a cell, which lines continue a row, which whitespace valleys are column boundaries and
// which top rows are the header, and the grid is assembled from those answers (read-region.ts).
// Learned and hand-written readings fail on different tables, which is what a vote needs.
// It reads the regions table detection delivers, like pdf-layout, and abstains where its table is
// no segmentation (isSegmentation) or holds no number (a legend, a key: text in columns).
// Not on a scan: there the words are an OCR reading and the model was trained on text layers.
// Its say in the vote is a setting (STRUCTURE_SETTINGS.pdfModelVote): voting in full, it lowered
// the trust figures with OCR on, so by default it is reported beside the vote.
import type { StructureReader } from "../types";
import { isSegmentation } from "../is-segmentation";
import { holdsNumbers } from "../pdf-layout";
import { STRUCTURE_SETTINGS } from "../settings";
import { loadPdfModel } from "./model-file";
import { modelDeciders, readRegion } from "./read-region";

export const pdfModelReader: StructureReader = {
  name: "pdf-model",
  // The text layer's words inside the regions table detection delivered: the same inputs as
  // pdf-layout, so it counts in its group when shared inputs are counted once.
  inputs: ["text-geometry", "detected-regions"],
  async read({ words, tableRegions, wordsFromOcr }) {
    if (wordsFromOcr || tableRegions.length === 0) return null;
    const deciders = modelDeciders(await loadPdfModel());
    const tables = tableRegions.flatMap((region) => {
      const model = readRegion(words, region, deciders);
      return model && isSegmentation(model) && holdsNumbers(model) ? [model] : [];
    });
    if (tables.length === 0) return null;
    const vote = STRUCTURE_SETTINGS.pdfModelVote;
    return {
      source: "pdf-model",
      kind: "tables",
      tables,
      ...(vote === "objects" ? { objectsOnly: true } : vote === "none" ? { concursOnly: true } : {}),
    };
  },
};

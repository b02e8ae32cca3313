// What the pdf-model tests share (pdf-model.test.ts on text layers, scan-model.test.ts on scans):
// regions of a few generated families to train and score a tiny model on, the tiny model's
// training options, a model that has learnt nothing, and the structure context of one region.
import { FAMILIES, generateDocument } from "../../../../tests/pdf/corpus/generate";
import { SETTINGS } from "../../settings";
import type { Word } from "../../types";
import type { StructureContext } from "../types";
import { loadRegions, type ScoredRegion } from "./load-regions";
import { GAP_FEATURES, LINE_PAIR_FEATURES, ROW_FEATURES, WORD_PAIR_FEATURES } from "./features";
import type { PdfModel } from "./model-file";

const FAMILY_NAMES = ["wrapped-labels", "multi-level-header", "total-rows", "sparse-placeholders"];

/** Training options small enough for a test: a few shallow trees. */
export const TINY = { rounds: 25, depth: 3, learningRate: 0.3, minLeaf: 3, lambda: 1, bins: 16 };

/** The table regions of the families' documents drawn from `seed`, one document per variant. */
export async function familyRegions(seed: number, variants: number[]): Promise<ScoredRegion[]> {
  const out: ScoredRegion[] = [];
  for (const name of FAMILY_NAMES) {
    const family = FAMILIES.find((f) => f.name === name)!;
    for (const v of variants) {
      const doc = await generateDocument(family, v, seed);
      out.push(...(await loadRegions(doc.pdf, doc.tables, { group: "all", doc: doc.name, alternative: doc.name })));
    }
  }
  return out;
}

/** A model with no trees: what its scores are worth before training. */
export const UNTRAINED: PdfModel = {
  version: "untrained",
  wordPair: { features: WORD_PAIR_FEATURES, bias: 0, trees: [] },
  linePair: { features: LINE_PAIR_FEATURES, bias: 0, trees: [] },
  gap: { features: GAP_FEATURES, bias: 0, trees: [] },
  header: { features: ROW_FEATURES, bias: 0, trees: [] },
};

/** A page holding only `region`'s table, read from `words` (the region's own by default): no
 * rulings, no images, no OCR readings; `fields` sets the rest (wordsFromOcr, otherOcrWords...). */
export function regionContext(
  region: ScoredRegion,
  words: Word[] = region.words,
  fields: Partial<StructureContext> = {},
): StructureContext {
  return {
    pageNumber: 1,
    words,
    graphics: { rulings: [], filledRects: [], drawings: [], images: [] },
    detected: { tables: [], rulings: [], grids: [], layoutRegions: [] },
    tableRegions: [region.region],
    ocr: {},
    page: null,
    settings: SETTINGS,
    ...fields,
  };
}

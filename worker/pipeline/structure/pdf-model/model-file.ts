// The trained pdf-model: four boosted-tree classifiers in one JSON file committed next to this
// module (model.json, written by `npm run train:pdf-model`). Imported, not read by path, so the
// compiled entries carry it in a chunk of their own (never downloaded, never looked up on disk at
// run time), and imported lazily: a process pays for parsing it once, on the first page that asks,
// and start-up not at all.
import type { BoostedTrees } from "./gbdt";
import { GAP_FEATURES, LINE_PAIR_FEATURES, ROW_FEATURES, WORD_PAIR_FEATURES } from "./features";

export interface PdfModel {
  /** Which training run made it (seed, corpus size), for the model card. */
  version: string;
  wordPair: BoostedTrees;
  linePair: BoostedTrees;
  gap: BoostedTrees;
  header: BoostedTrees;
}

/** Checks a model's feature lists against the code's: a model trained on other features would
 * answer other questions. */
export function checkModel(model: PdfModel): PdfModel {
  const expected: Array<[BoostedTrees, string[]]> = [
    [model.wordPair, WORD_PAIR_FEATURES],
    [model.linePair, LINE_PAIR_FEATURES],
    [model.gap, GAP_FEATURES],
    [model.header, ROW_FEATURES],
  ];
  for (const [trees, names] of expected) {
    if (trees.features.join(",") !== names.join(","))
      throw new Error("pdf-model: the model file's features differ from the code's; run npm run train:pdf-model");
  }
  return model;
}

let loading: Promise<PdfModel> | null = null;

/** The committed model, loaded once per process. */
export function loadPdfModel(): Promise<PdfModel> {
  loading ??= import("./model.json", { with: { type: "json" } }).then((m) => checkModel(m.default ?? m));
  return loading;
}

let loadingScan: Promise<PdfModel> | null = null;

/** The model for scans (model-scan.json: the same questions, trained on text-layer words made to
 * look like OCR boxes, scan-noise.ts), loaded once per process on the first scanned page that asks. */
export function loadPdfScanModel(): Promise<PdfModel> {
  loadingScan ??= import("./model-scan.json", { with: { type: "json" } }).then((m) => checkModel(m.default ?? m));
  return loadingScan;
}

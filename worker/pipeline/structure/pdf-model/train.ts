// Trains pdf-model's four classifiers in the order reading asks them (word pairs, line pairs,
// column gaps, header rows), each on examples built from the answers of the ones trained before
// it, and scores a model on labelled regions with the competition's adjacency relations.
import { gridToRelationList, type GridCell } from "../../tables/adjacency-relations";
import { trainTrees, DEFAULT_TRAIN, type BoostedTrees, type TrainOptions } from "./gbdt";
import { GAP_FEATURES, LINE_PAIR_FEATURES, ROW_FEATURES, WORD_PAIR_FEATURES } from "./features";
import { modelDeciders, readRegion, type Deciders } from "./read-region";
import { buildExamples, type LabelledRegion } from "./training-data";
import type { PdfModel } from "./model-file";
import type { ScoredRegion } from "./load-regions";

/** Before a question is trained, the stages after it are not asked; these stand in. */
const untrained = (names: string[]): BoostedTrees => ({ features: names, bias: 0, trees: [] });

/** Per question: the column question has few "no" examples (most valleys in a table are
 * boundaries), so its leaves must hold more of them before a tree may single a few out: with 10 a
 * leaf, a handful of odd valleys taught it to refuse plain stub gutters. */
export const STAGE_TRAIN: Record<"wordPair" | "linePair" | "gap" | "header", Partial<TrainOptions>> = {
  wordPair: {},
  linePair: {},
  gap: { minLeaf: 40, depth: 3 },
  header: {},
};

export function trainPdfModel(
  regions: readonly LabelledRegion[],
  version: string,
  options: TrainOptions = DEFAULT_TRAIN,
  log: (line: string) => void = () => {},
  stageOptions = STAGE_TRAIN,
): PdfModel {
  const model: PdfModel = {
    version,
    wordPair: untrained(WORD_PAIR_FEATURES),
    linePair: untrained(LINE_PAIR_FEATURES),
    gap: untrained(GAP_FEATURES),
    header: untrained(ROW_FEATURES),
  };
  const stages: Array<keyof Omit<PdfModel, "version">> = ["wordPair", "linePair", "gap", "header"];
  for (const stage of stages) {
    const deciders: Deciders = modelDeciders(model);
    const examples = buildExamples(regions, deciders)[stage];
    const started = performance.now();
    model[stage] = trainTrees(examples.names, examples.x, examples.y, { ...options, ...stageOptions[stage] });
    const positives = examples.y.reduce((s, v) => s + v, 0);
    log(`${stage}: ${examples.y.length} examples (${positives} yes), ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return model;
}

export interface SetScore {
  tp: number;
  gt: number;
  pred: number;
  f1: number;
}

function gridToRelations(cells: GridCell[]): Map<string, number> {
  const relations = new Map<string, number>();
  for (const { key } of gridToRelationList(cells)) relations.set(key, (relations.get(key) ?? 0) + 1);
  return relations;
}
const countRelations = (rel: Map<string, number>) => [...rel.values()].reduce((s, v) => s + v, 0);
const intersectRelations = (a: Map<string, number>, b: Map<string, number>) =>
  [...a].reduce((s, [k, v]) => s + Math.min(v, b.get(k) ?? 0), 0);

const f1 = (tp: number, gt: number, pred: number) => (tp === 0 ? 0 : (2 * tp) / (gt + pred));

/** Structure-only adjacency F1 (micro, pooled) per group: each region read by the model and
 * compared with its ground truth; a document with two ground-truth alternatives keeps the better. */
export function scoreModel(model: PdfModel, regions: readonly ScoredRegion[]): Map<string, SetScore> {
  const deciders = modelDeciders(model);
  // doc -> alternative -> counts
  const byDoc = new Map<string, { group: string; alts: Map<string, { tp: number; gt: number; pred: number }> }>();
  for (const region of regions) {
    const table = readRegion(region.words, region.region, deciders);
    const gt = gridToRelations(region.texts);
    const pred = table ? gridToRelations(table.cells) : new Map<string, number>();
    const doc = byDoc.get(region.doc) ?? { group: region.group, alts: new Map<string, { tp: number; gt: number; pred: number }>() };
    byDoc.set(region.doc, doc);
    const counts = doc.alts.get(region.alternative) ?? { tp: 0, gt: 0, pred: 0 };
    doc.alts.set(region.alternative, counts);
    counts.tp += intersectRelations(gt, pred);
    counts.gt += countRelations(gt);
    counts.pred += countRelations(pred);
  }
  const out = new Map<string, SetScore>();
  for (const doc of byDoc.values()) {
    const best = [...doc.alts.values()].sort((a, b) => f1(b.tp, b.gt, b.pred) - f1(a.tp, a.gt, a.pred))[0]!;
    const s = out.get(doc.group) ?? { tp: 0, gt: 0, pred: 0, f1: 0 };
    s.tp += best.tp;
    s.gt += best.gt;
    s.pred += best.pred;
    s.f1 = f1(s.tp, s.gt, s.pred);
    out.set(doc.group, s);
  }
  return out;
}

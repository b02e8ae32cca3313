// The reader's evaluation of a trained model (flat arrays) gives the very number the tree walk of
// training gives, on every question of the committed model, for feature values on both sides of
// its thresholds, on them, and missing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { treesMargin, treesProbability, type BoostedTrees } from "./gbdt";
import { loadPdfModel } from "./model-file";

/** A deterministic stream of numbers in [0, 1). */
function numbers(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

test("treesProbability is the sigmoid of treesMargin, bit for bit, on every committed question", async () => {
  const model = await loadPdfModel();
  const next = numbers(7);
  for (const trees of [model.wordPair, model.linePair, model.gap, model.header] as BoostedTrees[]) {
    const thresholds = trees.trees.flatMap((tree) => tree.filter((node) => node.feature >= 0).map((node) => node.threshold));
    assert.ok(thresholds.length > 100);
    for (let i = 0; i < 500; i++) {
      const x = trees.features.map(() => {
        const pick = next();
        const t = thresholds[Math.floor(next() * thresholds.length)]!;
        // On a threshold, just either side of one, or anywhere in a wide range.
        return pick < 0.3 ? t : pick < 0.6 ? t + (next() - 0.5) * 1e-9 : (next() - 0.3) * 20;
      });
      assert.equal(treesProbability(trees, x), 1 / (1 + Math.exp(-treesMargin(trees, x))));
    }
    // A shorter vector (a missing feature compares as not below any threshold) answers alike too.
    const short = trees.features.slice(1).map(() => next() * 5);
    assert.equal(treesProbability(trees, short), 1 / (1 + Math.exp(-treesMargin(trees, short))));
  }
});

// Gradient-boosted decision trees for one yes/no question (binary logistic loss), trained and
// evaluated in plain TypeScript. Why trees: the features are a few dozen hand-measured quantities
// on very different scales (gaps in ems, shares of rows, counts, yes/no flags); trees need no
// scaling, split on thresholds a person can read, and evaluating a hundred depth-4 trees is a few
// thousand comparisons per question: microseconds, so a page of a few hundred questions stays far
// under a millisecond. Training is deterministic: no sampling, ties broken by feature order, bins
// from sorted values.

export interface TreeNode {
  /** Leaf when feature < 0: `value` is its log-odds contribution. */
  feature: number;
  threshold: number;
  left: number;
  right: number;
  value: number;
}

export interface BoostedTrees {
  features: string[];
  /** Log-odds before the first tree (the training set's base rate). */
  bias: number;
  trees: TreeNode[][];
}

export interface TrainOptions {
  rounds: number;
  depth: number;
  learningRate: number;
  /** Fewest training examples in a leaf. */
  minLeaf: number;
  /** L2 penalty on leaf values (XGBoost's lambda). */
  lambda: number;
  /** Candidate thresholds per feature (quantiles of its values). */
  bins: number;
}

export const DEFAULT_TRAIN: TrainOptions = { rounds: 120, depth: 4, learningRate: 0.15, minLeaf: 10, lambda: 1, bins: 48 };

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Log-odds that the answer is yes. */
export function treesMargin(model: BoostedTrees, x: ArrayLike<number>): number {
  let z = model.bias;
  for (const tree of model.trees) {
    let k = 0;
    for (;;) {
      const node = tree[k]!;
      if (node.feature < 0) {
        z += node.value;
        break;
      }
      k = x[node.feature]! < node.threshold ? node.left : node.right;
    }
  }
  return z;
}

export function treesProbability(model: BoostedTrees, x: ArrayLike<number>): number {
  return sigmoid(treesMargin(model, x));
}

/** Trains on rows `x` (one feature vector each) with answers `y` (0 or 1). */
export function trainTrees(featureNames: string[], x: number[][], y: number[], options: TrainOptions = DEFAULT_TRAIN): BoostedTrees {
  const n = x.length;
  const nf = featureNames.length;
  const positives = y.reduce((s, v) => s + v, 0);
  const rate = Math.min(1 - 1e-6, Math.max(1e-6, n > 0 ? positives / n : 0.5));
  const bias = Math.log(rate / (1 - rate));
  const model: BoostedTrees = { features: featureNames, bias, trees: [] };
  if (n === 0) return model;
  // Per feature: sorted distinct cut points and each example's bin index.
  const cuts: number[][] = [];
  const binOf: Uint16Array[] = [];
  for (let f = 0; f < nf; f++) {
    const values = x.map((row) => row[f]!).sort((a, b) => a - b);
    const c: number[] = [];
    for (let b = 1; b < options.bins; b++) {
      const lo = values[Math.floor(((b - 0.5) * n) / options.bins)]!;
      const hi = values[Math.min(n - 1, Math.floor(((b + 0.5) * n) / options.bins))]!;
      const cut = lo === hi ? lo : (lo + hi) / 2;
      if (cut > values[0]! && (c.length === 0 || cut > c[c.length - 1]!)) c.push(cut);
    }
    cuts.push(c);
    const bins = new Uint16Array(n);
    for (let i = 0; i < n; i++) {
      const v = x[i]![f]!;
      let lo = 0;
      let hi = c.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (v < c[mid]!) hi = mid;
        else lo = mid + 1;
      }
      bins[i] = lo;
    }
    binOf.push(bins);
  }
  const margin = new Float64Array(n).fill(bias);
  const grad = new Float64Array(n);
  const hess = new Float64Array(n);
  for (let round = 0; round < options.rounds; round++) {
    for (let i = 0; i < n; i++) {
      const p = sigmoid(margin[i]!);
      grad[i] = p - y[i]!;
      hess[i] = Math.max(1e-6, p * (1 - p));
    }
    const tree: TreeNode[] = [];
    const grow = (members: Uint32Array, depth: number): number => {
      let g = 0;
      let h = 0;
      for (const i of members) {
        g += grad[i]!;
        h += hess[i]!;
      }
      const at = tree.length;
      tree.push({ feature: -1, threshold: 0, left: -1, right: -1, value: (-g / (h + options.lambda)) * options.learningRate });
      if (depth >= options.depth || members.length < 2 * options.minLeaf) return at;
      const parentScore = (g * g) / (h + options.lambda);
      let best = { gain: 1e-9, feature: -1, bin: -1 };
      for (let f = 0; f < nf; f++) {
        const nb = cuts[f]!.length + 1;
        if (nb < 2) continue;
        const gs = new Float64Array(nb);
        const hs = new Float64Array(nb);
        const cs = new Uint32Array(nb);
        const bins = binOf[f]!;
        for (const i of members) {
          const b = bins[i]!;
          gs[b] = gs[b]! + grad[i]!;
          hs[b] = hs[b]! + hess[i]!;
          cs[b]!++;
        }
        let gl = 0;
        let hl = 0;
        let cl = 0;
        for (let b = 0; b < nb - 1; b++) {
          gl += gs[b]!;
          hl += hs[b]!;
          cl += cs[b]!;
          const cr = members.length - cl;
          if (cl < options.minLeaf || cr < options.minLeaf) continue;
          const gr = g - gl;
          const hr = h - hl;
          const gain = (gl * gl) / (hl + options.lambda) + (gr * gr) / (hr + options.lambda) - parentScore;
          if (gain > best.gain) best = { gain, feature: f, bin: b };
        }
      }
      if (best.feature < 0) return at;
      const bins = binOf[best.feature]!;
      const left = members.filter((i) => bins[i]! <= best.bin);
      const right = members.filter((i) => bins[i]! > best.bin);
      const node = tree[at]!;
      node.feature = best.feature;
      node.threshold = cuts[best.feature]![best.bin]!;
      node.value = 0;
      node.left = grow(left, depth + 1);
      node.right = grow(right, depth + 1);
      return at;
    };
    const all = new Uint32Array(n);
    for (let i = 0; i < n; i++) all[i] = i;
    grow(all, 0);
    model.trees.push(tree);
    for (let i = 0; i < n; i++) margin[i] = margin[i]! + treesMargin({ features: featureNames, bias: 0, trees: [tree] }, x[i]!);
  }
  return model;
}

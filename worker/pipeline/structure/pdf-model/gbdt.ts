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

/** A trained model's nodes in flat typed arrays (node k of every tree at one index, children as
 * indices into the same arrays): the reader asks a model thousands of questions a page, and walking
 * arrays of numbers is about twice as fast as walking an array of node objects per tree. */
interface FlatTrees {
  bias: number;
  roots: Int32Array;
  feature: Int32Array;
  threshold: Float64Array;
  left: Int32Array;
  right: Int32Array;
  value: Float64Array;
}

/** Per trained model; a model is never changed once trained (training adds trees to a model of
 * its own and evaluates them with treesMargin). */
const flatModels = new WeakMap<BoostedTrees, FlatTrees>();

function flatTrees(model: BoostedTrees): FlatTrees {
  const known = flatModels.get(model);
  if (known) return known;
  const n = model.trees.reduce((sum, tree) => sum + tree.length, 0);
  const flat: FlatTrees = {
    bias: model.bias,
    roots: new Int32Array(model.trees.length),
    feature: new Int32Array(n),
    threshold: new Float64Array(n),
    left: new Int32Array(n),
    right: new Int32Array(n),
    value: new Float64Array(n),
  };
  let offset = 0;
  model.trees.forEach((tree, t) => {
    flat.roots[t] = offset;
    tree.forEach((node, k) => {
      flat.feature[offset + k] = node.feature;
      flat.threshold[offset + k] = node.threshold;
      flat.left[offset + k] = offset + node.left;
      flat.right[offset + k] = offset + node.right;
      flat.value[offset + k] = node.value;
    });
    offset += tree.length;
  });
  flatModels.set(model, flat);
  return flat;
}

/** treesMargin of a trained model, on its flat form: the same comparisons and the same sum in the
 * same order, so the same number. */
function flatMargin(model: BoostedTrees, x: ArrayLike<number>): number {
  const { bias, roots, feature, threshold, left, right, value } = flatTrees(model);
  let z = bias;
  for (let t = 0; t < roots.length; t++) {
    let k = roots[t]!;
    let f = feature[k]!;
    while (f >= 0) {
      k = x[f]! < threshold[k]! ? left[k]! : right[k]!;
      f = feature[k]!;
    }
    z += value[k]!;
  }
  return z;
}

/** Probability that the answer is yes, from a trained model. */
export function treesProbability(model: BoostedTrees, x: ArrayLike<number>): number {
  return sigmoid(flatMargin(model, x));
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

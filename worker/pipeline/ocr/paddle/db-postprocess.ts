// Differentiable-binarisation (DB) post-processing for the PaddleOCR detection model: probability
// map -> text boxes. Axis-aligned boxes instead of PaddleOCR's minimum-area rectangles: table and
// prose lines on PDF pages are upright, and an upright box crops exactly what a cell box asks.

export interface DetBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  score: number;
  /** The unclip distance added on every side (detection pixels). */
  grow: number;
}

export interface DbOptions {
  threshold: number;
  boxThreshold: number;
  unclipRatio: number;
  minSide: number;
}

/** Connected regions of `prob > threshold` (4-connected), scored by the mean probability over
 * their bounding box (PaddleOCR "fast" box score) and grown by the unclip distance
 * area * ratio / perimeter (the model predicts shrunken text kernels). */
export function probabilityMapToBoxes(prob: Float32Array, width: number, height: number, options: DbOptions): DetBox[] {
  const label = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  const boxes: DetBox[] = [];
  let next = 0;
  for (let start = 0; start < prob.length; start++) {
    if (label[start] !== 0 || prob[start]! <= options.threshold) continue;
    next++;
    label[start] = next;
    let top = 0;
    stack[top++] = start;
    let x0 = width;
    let y0 = height;
    let x1 = -1;
    let y1 = -1;
    while (top > 0) {
      const i = stack[--top]!;
      const x = i % width;
      const y = (i - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (x > 0 && label[i - 1] === 0 && prob[i - 1]! > options.threshold) {
        label[i - 1] = next;
        stack[top++] = i - 1;
      }
      if (x < width - 1 && label[i + 1] === 0 && prob[i + 1]! > options.threshold) {
        label[i + 1] = next;
        stack[top++] = i + 1;
      }
      if (y > 0 && label[i - width] === 0 && prob[i - width]! > options.threshold) {
        label[i - width] = next;
        stack[top++] = i - width;
      }
      if (y < height - 1 && label[i + width] === 0 && prob[i + width]! > options.threshold) {
        label[i + width] = next;
        stack[top++] = i + width;
      }
    }
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (Math.min(w, h) < options.minSide) continue;
    let sum = 0;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) sum += prob[y * width + x]!;
    }
    const score = sum / (w * h);
    if (score < options.boxThreshold) continue;
    const distance = (w * h * options.unclipRatio) / (2 * (w + h));
    boxes.push({
      x0: Math.max(0, x0 - distance),
      y0: Math.max(0, y0 - distance),
      x1: Math.min(width, x1 + 1 + distance),
      y1: Math.min(height, y1 + 1 + distance),
      score,
      grow: distance,
    });
  }
  return boxes;
}

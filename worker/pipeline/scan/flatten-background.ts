// Shaded table cells lifted to paper for OCR (scan preparation): each pixel of a tinted area
// divided by the background around it (the lightest grey within a window a little wider than a
// glyph's stroke) and multiplied by the paper's level. Paper itself is not touched (a first
// version that divided every pixel, paper included, changed how Tesseract read plain ruled cells:
// an EU document's "1" came back as "ft"); in a tinted cell the tint becomes paper while the text keeps its
// contrast. Dark fills (a header bar
// with white text) are left alone: there the "background" is the fill, and dividing by it would
// wipe the bar and the text in it. Only the image OCR reads is flattened; people's crops are cut
// from the page as scanned.

/** The background around every pixel of a grey page: the lightest mean of the blocks of
 * `window` / 2 pixels within about `window` pixels (a window a little wider than a glyph's stroke
 * finds the paper or the tint between strokes). Per block: `background[by * blocksWide + bx]`;
 * `blocks` holds the blocks' own means. `closed`: then the darkest of those backgrounds within the
 * same reach (a closing): near the end of a shaded band the lightest grey around is the paper
 * beyond it, which would make the band's own end look like ink; closed, the band's edge keeps the
 * band's level, and paper beside a band, darker "background" than itself, stays no ink. */
export function backgroundOf(
  grey: Uint8Array,
  width: number,
  height: number,
  window: number,
  closed: boolean | "wide" = false,
): { block: number; blocksWide: number; blocks: Uint8Array; background: Uint8Array } {
  // Block means first (the mean of a block of paper or tint is steady, where a maximum would pick
  // the sensor noise's outliers and leave blotches), then the lightest block among the
  // neighbours: a window of about 2 * window + block pixels, in two passes over a small image.
  const block = Math.max(1, Math.round(window / 2));
  const bw = Math.ceil(width / block);
  const bh = Math.ceil(height / block);
  const sums = new Float64Array(bw * bh);
  const counts = new Float64Array(bw * bh);
  const columnBlock = blockOfEach(width, block);
  for (let y = 0; y < height; y++) {
    const row = ((y / block) | 0) * bw;
    for (let x = 0; x < width; x++) {
      const b = row + columnBlock[x]!;
      sums[b]! += grey[y * width + x]!;
      counts[b]! += 1;
    }
  }
  const blocks = new Uint8Array(bw * bh);
  for (let b = 0; b < blocks.length; b++) blocks[b] = Math.round(sums[b]! / counts[b]!);
  const reach = Math.max(1, Math.round(window / block));
  const lightest = slideExtreme(slideExtreme(blocks, bw, bh, reach, "across", Math.max), bw, bh, reach, "down", Math.max);
  if (!closed) return { block, blocksWide: bw, blocks, background: lightest };
  // "wide": the closing reaches one block further, past the block that straddles a band's edge
  // (its mean between band and paper), so the band's outermost pixels keep the band's level too.
  const close = closed === "wide" ? reach + 1 : reach;
  const background = slideExtreme(slideExtreme(lightest, bw, bh, close, "across", Math.min), bw, bh, close, "down", Math.min);
  return { block, blocksWide: bw, blocks, background };
}

/** For each of `length` pixels along a line, the block of `block` pixels it falls in. */
export function blockOfEach(length: number, block: number): Int32Array {
  const out = new Int32Array(length);
  for (let i = 0; i < length; i++) out[i] = (i / block) | 0;
  return out;
}

/** The lightest (`pick` Math.max) or darkest (Math.min) value within `reach` cells of each cell of
 * a `wide` x `high` grid, along one direction. */
function slideExtreme(
  values: Uint8Array,
  wide: number,
  high: number,
  reach: number,
  direction: "across" | "down",
  pick: (a: number, b: number) => number,
): Uint8Array {
  const out = new Uint8Array(values.length);
  for (let y = 0; y < high; y++) {
    for (let x = 0; x < wide; x++) {
      const [at, limit] = direction === "across" ? [x, wide] : [y, high];
      let m = values[y * wide + x]!;
      for (let k = Math.max(0, at - reach); k <= Math.min(limit - 1, at + reach); k++)
        m = pick(m, direction === "across" ? values[y * wide + k]! : values[k * wide + x]!);
      out[y * wide + x] = m;
    }
  }
  return out;
}

/** `grey` with its tinted backgrounds lifted to the paper's level: a pixel v whose background b
 * (the lightest mean of the `window` / 2 pixel blocks within about `window` pixels) is at least
 * `atLeast` and darker than the paper p by more than `paperMargin` becomes min(255, v * p / b).
 * Pixels on paper are returned unchanged. */
export function flattenBackground(
  grey: Uint8Array,
  width: number,
  height: number,
  window: number,
  atLeast: number,
  paperMargin: number,
): Uint8Array {
  const { block, blocksWide: bw, blocks, background } = backgroundOf(grey, width, height, window);
  // The paper's own level: the median block (most of a page is paper). Backgrounds within
  // `paperMargin` of it are paper and left exactly as they are.
  const paper = median(blocks);
  const out = new Uint8Array(grey.length);
  for (let y = 0; y < height; y++) {
    const row = ((y / block) | 0) * bw;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const b = background[row + ((x / block) | 0)]!;
      out[i] = b >= atLeast && b < paper - paperMargin ? Math.min(255, Math.round((grey[i]! * paper) / b)) : grey[i]!;
    }
  }
  return out;
}

function median(values: Uint8Array): number {
  const hist = new Float64Array(256);
  for (const v of values) hist[v]! += 1;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += hist[v]!;
    if (seen >= values.length / 2) return v;
  }
  return 255;
}

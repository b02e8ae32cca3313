// Pixel helpers for the PaddleOCR models: resample a region of an RGBA render straight into the
// normalised CHW float tensor a model takes, without an intermediate image.

export interface Rgba {
  rgba: Uint8Array;
  width: number;
  height: number;
}

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Normalisation {
  /** Per output channel, in output channel order. */
  mean: readonly [number, number, number];
  std: readonly [number, number, number];
}

/**
 * Writes `region` of `image`, resampled to outWidth x outHeight, into `out` (a [3, outHeight,
 * rowStride] plane set starting at `offset`) as BGR, (value / 255 - mean) / std. BGR because the
 * PaddleOCR models were trained on OpenCV images. Shrinking averages every source pixel a target
 * pixel covers (so thin strokes survive a 2x reduction); enlarging samples bilinearly.
 */
export function writeRegionToChw(
  image: Rgba,
  region: Region,
  outWidth: number,
  outHeight: number,
  norm: Normalisation,
  out: Float32Array,
  offset: number,
  rowStride: number,
  planeStride: number,
): void {
  const sx = region.width / outWidth;
  const sy = region.height / outHeight;
  const { rgba, width, height } = image;
  const scale: number[] = [];
  const bias: number[] = [];
  for (let c = 0; c < 3; c++) {
    scale.push(1 / (255 * norm.std[c]!));
    bias.push(-norm.mean[c]! / norm.std[c]!);
  }
  const [s0, s1, s2] = scale as [number, number, number];
  const [b0, b1, b2] = bias as [number, number, number];
  const shrinking = sx > 1 || sy > 1;
  for (let oy = 0; oy < outHeight; oy++) {
    for (let ox = 0; ox < outWidth; ox++) {
      let r = 0;
      let g = 0;
      let b = 0;
      if (shrinking) {
        const x0 = Math.max(0, Math.floor(region.x + ox * sx));
        const x1 = Math.min(width, Math.max(x0 + 1, Math.floor(region.x + (ox + 1) * sx)));
        const y0 = Math.max(0, Math.floor(region.y + oy * sy));
        const y1 = Math.min(height, Math.max(y0 + 1, Math.floor(region.y + (oy + 1) * sy)));
        let n = 0;
        for (let y = y0; y < y1; y++) {
          let i = (y * width + x0) * 4;
          for (let x = x0; x < x1; x++, i += 4) {
            r += rgba[i]!;
            g += rgba[i + 1]!;
            b += rgba[i + 2]!;
            n++;
          }
        }
        if (n === 0) {
          r = g = b = 255;
        } else {
          r /= n;
          g /= n;
          b /= n;
        }
      } else {
        const fx = Math.min(width - 1, Math.max(0, region.x + (ox + 0.5) * sx - 0.5));
        const fy = Math.min(height - 1, Math.max(0, region.y + (oy + 0.5) * sy - 0.5));
        const x0 = Math.floor(fx);
        const y0 = Math.floor(fy);
        const x1 = Math.min(width - 1, x0 + 1);
        const y1 = Math.min(height - 1, y0 + 1);
        const ax = fx - x0;
        const ay = fy - y0;
        const i00 = (y0 * width + x0) * 4;
        const i01 = (y0 * width + x1) * 4;
        const i10 = (y1 * width + x0) * 4;
        const i11 = (y1 * width + x1) * 4;
        const w00 = (1 - ax) * (1 - ay);
        const w01 = ax * (1 - ay);
        const w10 = (1 - ax) * ay;
        const w11 = ax * ay;
        r = rgba[i00]! * w00 + rgba[i01]! * w01 + rgba[i10]! * w10 + rgba[i11]! * w11;
        g = rgba[i00 + 1]! * w00 + rgba[i01 + 1]! * w01 + rgba[i10 + 1]! * w10 + rgba[i11 + 1]! * w11;
        b = rgba[i00 + 2]! * w00 + rgba[i01 + 2]! * w01 + rgba[i10 + 2]! * w10 + rgba[i11 + 2]! * w11;
      }
      const o = offset + oy * rowStride + ox;
      out[o] = b * s0 + b0;
      out[o + planeStride] = g * s1 + b1;
      out[o + 2 * planeStride] = r * s2 + b2;
    }
  }
}

/** Greyscale copy of `image` shrunk to outWidth x outHeight by area averaging. */
export function shrinkToGrey(image: Rgba, outWidth: number, outHeight: number): Uint8Array {
  const out = new Uint8Array(outWidth * outHeight);
  const sx = image.width / outWidth;
  const sy = image.height / outHeight;
  const { rgba, width, height } = image;
  for (let oy = 0; oy < outHeight; oy++) {
    const y0 = Math.floor(oy * sy);
    const y1 = Math.min(height, Math.max(y0 + 1, Math.floor((oy + 1) * sy)));
    for (let ox = 0; ox < outWidth; ox++) {
      const x0 = Math.floor(ox * sx);
      const x1 = Math.min(width, Math.max(x0 + 1, Math.floor((ox + 1) * sx)));
      let sum = 0;
      let n = 0;
      for (let y = y0; y < y1; y++) {
        let i = (y * width + x0) * 4;
        for (let x = x0; x < x1; x++, i += 4) {
          sum += rgba[i]! * 299 + rgba[i + 1]! * 587 + rgba[i + 2]! * 114;
          n++;
        }
      }
      out[oy * outWidth + ox] = n === 0 ? 255 : sum / (n * 1000);
    }
  }
  return out;
}

// Turning grey page images: by any small angle (deskew, and the eval's realistic scans) and by
// quarter turns (pages scanned sideways or upside down).

/** `grey` turned by `degrees` about its centre (bilinear; `fill` where the page was not). Positive
 * turns clockwise as seen: a horizontal line's right end goes down. */
export function rotateGrey(grey: Uint8Array, width: number, height: number, degrees: number, fill = 255): Uint8Array {
  const out = new Uint8Array(width * height);
  const rad = (degrees * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y++) {
    const dy = y + 0.5 - cy;
    for (let x = 0; x < width; x++) {
      // Inverse mapping: where in the source this output pixel comes from.
      const dx = x + 0.5 - cx;
      const sx = cos * dx + sin * dy + cx - 0.5;
      const sy = -sin * dx + cos * dy + cy - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) {
        out[y * width + x] = fill;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * width + x0;
      const top = grey[i]! * (1 - fx) + grey[i + 1]! * fx;
      const bottom = grey[i + width]! * (1 - fx) + grey[i + width + 1]! * fx;
      out[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return out;
}

/** `grey` turned clockwise by `turns` quarter turns; width and height swap on odd turns. */
export function rotateQuarter(
  grey: Uint8Array,
  width: number,
  height: number,
  turns: number,
): { grey: Uint8Array; width: number; height: number } {
  const t = ((turns % 4) + 4) % 4;
  if (t === 0) return { grey, width, height };
  const outWidth = t % 2 === 1 ? height : width;
  const outHeight = t % 2 === 1 ? width : height;
  const out = new Uint8Array(grey.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = grey[y * width + x]!;
      let nx: number;
      let ny: number;
      if (t === 1) [nx, ny] = [height - 1 - y, x];
      else if (t === 2) [nx, ny] = [width - 1 - x, height - 1 - y];
      else [nx, ny] = [y, width - 1 - x];
      out[ny * outWidth + nx] = v;
    }
  }
  return { grey: out, width: outWidth, height: outHeight };
}

// The OCR layout's view of figures: ink on the page that the text detector did not claim, minus
// ruling lines. A figure the layout reading found is verified when this finds ink overlapping it
// (a figure's source "ocr"); it never looks at the PDF's image objects.

export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface NonTextOptions {
  /** Grey level below which a pixel is ink (light table shading stays out). */
  inkBelow: number;
  /** Pixels in a straight run at least this long and at most `lineThickness` thick are rulings. */
  lineRun: number;
  lineThickness: number;
  /** Grid cell size for grouping ink into regions. */
  cell: number;
  /** A region must be at least this many pixels on each side to count as a figure. */
  minSide: number;
  /** ...and at least this share of its cells must hold ink. */
  minCellShare: number;
}

/** Regions of non-text ink in a greyscale image, given the text boxes found on it. */
export function findNonTextRegions(
  grey: Uint8Array,
  width: number,
  height: number,
  textBoxes: readonly PixelBox[],
  options: NonTextOptions,
): PixelBox[] {
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < ink.length; i++) ink[i] = grey[i]! < options.inkBelow ? 1 : 0;
  for (const box of textBoxes) {
    for (let y = Math.max(0, Math.floor(box.y0)); y < Math.min(height, Math.ceil(box.y1)); y++) {
      ink.fill(0, y * width + Math.max(0, Math.floor(box.x0)), y * width + Math.min(width, Math.ceil(box.x1)));
    }
  }
  removeRulings(ink, width, height, options.lineRun, options.lineThickness);

  const cols = Math.ceil(width / options.cell);
  const rows = Math.ceil(height / options.cell);
  const cellInk = new Uint8Array(cols * rows);
  const minInk = Math.max(2, Math.floor((options.cell * options.cell) / 16));
  const counts = new Uint16Array(cols * rows);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / options.cell) * cols;
    for (let x = 0; x < width; x++) {
      if (ink[y * width + x]) counts[row + Math.floor(x / options.cell)]! += 1;
    }
  }
  for (let i = 0; i < counts.length; i++) cellInk[i] = counts[i]! >= minInk ? 1 : 0;

  // 8-connected regions of inked cells, allowing one empty cell between parts of a figure.
  const seen = new Uint8Array(cols * rows);
  const regions: PixelBox[] = [];
  const stack: number[] = [];
  for (let start = 0; start < cellInk.length; start++) {
    if (!cellInk[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    let cx0 = cols;
    let cy0 = rows;
    let cx1 = -1;
    let cy1 = -1;
    let inked = 0;
    while (stack.length > 0) {
      const i = stack.pop()!;
      const cx = i % cols;
      const cy = (i - cx) / cols;
      inked++;
      cx0 = Math.min(cx0, cx);
      cy0 = Math.min(cy0, cy);
      cx1 = Math.max(cx1, cx);
      cy1 = Math.max(cy1, cy);
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const nx = cx + dx;
          const ny = cy + dy;
          if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
          const j = ny * cols + nx;
          if (cellInk[j] && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    const box = {
      x0: cx0 * options.cell,
      y0: cy0 * options.cell,
      x1: Math.min(width, (cx1 + 1) * options.cell),
      y1: Math.min(height, (cy1 + 1) * options.cell),
    };
    const area = (cx1 - cx0 + 1) * (cy1 - cy0 + 1);
    if (box.x1 - box.x0 < options.minSide || box.y1 - box.y0 < options.minSide) continue;
    if (inked / area < options.minCellShare) continue;
    regions.push(box);
  }
  return regions;
}

/** Clears long thin horizontal and vertical runs of ink in place (table rulings, underlines);
 * returns the mask of the pixels cleared. */
export function removeRulings(ink: Uint8Array, width: number, height: number, run: number, thickness: number): Uint8Array {
  const line = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    let x = 0;
    while (x < width) {
      if (!ink[y * width + x]) {
        x++;
        continue;
      }
      let end = x;
      while (end < width && ink[y * width + end]) end++;
      if (end - x >= run) {
        for (let k = x; k < end; k++) if (verticalExtent(ink, width, height, k, y) <= thickness) line[y * width + k] = 1;
      }
      x = end;
    }
  }
  for (let x = 0; x < width; x++) {
    let y = 0;
    while (y < height) {
      if (!ink[y * width + x]) {
        y++;
        continue;
      }
      let end = y;
      while (end < height && ink[end * width + x]) end++;
      if (end - y >= run) {
        for (let k = y; k < end; k++) if (horizontalExtent(ink, width, k, x) <= thickness) line[k * width + x] = 1;
      }
      y = end;
    }
  }
  for (let i = 0; i < ink.length; i++) if (line[i]) ink[i] = 0;
  return line;
}

function verticalExtent(ink: Uint8Array, width: number, height: number, x: number, y: number): number {
  let top = y;
  while (top > 0 && ink[(top - 1) * width + x] && y - top < 16) top--;
  let bottom = y;
  while (bottom < height - 1 && ink[(bottom + 1) * width + x] && bottom - y < 16) bottom++;
  return bottom - top + 1;
}

function horizontalExtent(ink: Uint8Array, width: number, y: number, x: number): number {
  let left = x;
  while (left > 0 && ink[y * width + left - 1] && x - left < 16) left--;
  let right = x;
  while (right < width - 1 && ink[y * width + right + 1] && right - x < 16) right++;
  return right - left + 1;
}

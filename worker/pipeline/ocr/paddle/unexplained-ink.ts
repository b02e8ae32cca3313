// The pixel check that lets ocr-2 read a born-digital page on the text layer's line crops
// (text-layer-lines.ts) instead of its own detection: is there ink on the page that no crop
// covers and that is not a ruling? A lying text layer may draw text it has no word for (glyphs
// as an image or as paths, a minus sign beside the word it belongs to); such ink, and any figure,
// logo or dotted leader, sends the page to detection, which reads whatever is drawn.
import { removeRulings, type PixelBox } from "./non-text-regions";

export interface UnexplainedInkOptions {
  /** Grey level below which a pixel is ink (as the figure search). */
  inkBelow: number;
  /** Rulings: straight runs at least this long and at most `lineThickness` thick. */
  lineRun: number;
  lineThickness: number;
}

/** Pixels of ink outside `covered` (pixel boxes), rulings and what is left where they cross
 * removed. Pixels, not grid cells: a minus sign is ~10 pixels at detection size, and split over
 * four cells it would fill none of them. */
export function unexplainedInkPixels(
  grey: Uint8Array,
  width: number,
  height: number,
  covered: readonly PixelBox[],
  options: UnexplainedInkOptions,
): number {
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < ink.length; i++) ink[i] = grey[i]! < options.inkBelow ? 1 : 0;
  // Rulings first: a ruling the crops overlap would otherwise be left in pieces too short to
  // count as one.
  const ruled = removeRulings(ink, width, height, options.lineRun, options.lineThickness);
  for (const box of covered) {
    for (let y = Math.max(0, Math.floor(box.y0)); y < Math.min(height, Math.ceil(box.y1)); y++) {
      ink.fill(0, y * width + Math.max(0, Math.floor(box.x0)), y * width + Math.max(0, Math.min(width, Math.ceil(box.x1))));
    }
  }
  clearRulingDebris(ink, ruled, width, height, options.lineThickness * options.lineThickness);
  let pixels = 0;
  for (let i = 0; i < ink.length; i++) pixels += ink[i]!;
  return pixels;
}

/** Where two rulings cross, neither run is thin across the other, so a speck of at most a
 * ruling's thickness squared survives their removal (on a ruled table, one at each crossing).
 * Such a speck, touching a removed ruling and joined to no more ink, is cleared; a glyph touching
 * a ruling is larger and stays. */
function clearRulingDebris(ink: Uint8Array, ruled: Uint8Array, width: number, height: number, maxPixels: number): void {
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  const component: number[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    component.length = 0;
    let touchesRuling = false;
    while (stack.length > 0) {
      const i = stack.pop()!;
      component.push(i);
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          if (ruled[j]) touchesRuling = true;
          if (ink[j] && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    if (touchesRuling && component.length <= maxPixels) for (const i of component) ink[i] = 0;
  }
}

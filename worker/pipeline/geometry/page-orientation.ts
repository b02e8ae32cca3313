// Pages whose text reads sideways or upside down (a landscape table printed on a portrait page,
// with or without /Rotate; a page scanned upside down): the table and prose stages read
// left-to-right lines, so such a page is turned into its own reading frame, read there, and every
// box turned back to the displayed page. Rotated side labels on an upright page are a small share
// of its text and leave the page as it is.
import type { Box, Direction, PdfGraphicsReading, Ruling, Word } from "../types";

/** The quarter turn that makes the page's dominant reading direction left-to-right: the
 * direction holding MORE than `share` (at least half) of the page's characters, or 0. Strictly
 * more: after the turn that direction is upright with the same share, so no other can take the
 * page again (two equal halves at 90 and 270 stay as they are). */
export function readingTurn(words: readonly Word[], share: number): Direction {
  // Asked of every page (and again by its table stages): counted without an array per word.
  const chars = new Map<Direction, number>();
  let total = 0;
  for (const w of words) {
    const n = codePoints(w.text);
    chars.set(w.dir, (chars.get(w.dir) ?? 0) + n);
    total += n;
  }
  const majority = Math.max(share, 0.5);
  for (const dir of [90, 180, 270] as const) if (total > 0 && (chars.get(dir) ?? 0) > total * majority) return dir;
  return 0;
}

/** The characters of `text` as its iterator gives them ([...text].length): a surrogate pair is
 * one, a lone surrogate one. */
export function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++, n++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}

/** Size of the reading frame of a page of `size` read in direction `dir`. */
export function frameSize(size: [number, number], dir: Direction): [number, number] {
  return dir === 90 || dir === 270 ? [size[1], size[0]] : size;
}

/** A displayed-page point (top-left origin) in the reading frame of text running in `dir`:
 * the frame's top-left is where such a line's first glyph starts at the top of the text. */
export function pointToFrame(x: number, y: number, dir: Direction, size: [number, number]): [number, number] {
  const [w, h] = size;
  switch (dir) {
    case 0:
      return [x, y];
    case 90: // top to bottom: glyph tops point right
      return [y, w - x];
    case 180:
      return [w - x, h - y];
    case 270: // bottom to top: glyph tops point left
      return [h - y, x];
  }
}

/** The inverse of pointToFrame. */
export function pointToPage(u: number, v: number, dir: Direction, size: [number, number]): [number, number] {
  const [w, h] = size;
  switch (dir) {
    case 0:
      return [u, v];
    case 90:
      return [w - v, u];
    case 180:
      return [w - u, h - v];
    case 270:
      return [v, h - u];
  }
}

function turnBox(box: Box, map: (x: number, y: number) => [number, number]): Box {
  const a = map(box[0], box[1]);
  const b = map(box[2], box[3]);
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])];
}

export function boxToFrame(box: Box, dir: Direction, size: [number, number]): Box {
  return turnBox(box, (x, y) => pointToFrame(x, y, dir, size));
}

export function boxToPage(box: Box, dir: Direction, size: [number, number]): Box {
  return turnBox(box, (u, v) => pointToPage(u, v, dir, size));
}

/** Words in the reading frame: the dominant direction becomes 0, the others keep their turn
 * relative to it (a side label stays a side label). */
export function wordsToFrame(words: readonly Word[], dir: Direction, size: [number, number]): Word[] {
  return words.map((w) => ({ ...w, box: boxToFrame(w.box, dir, size), dir: ((((w.dir - dir) % 360) + 360) % 360) as Direction }));
}

function rulingToFrame(r: Ruling, dir: Direction, size: [number, number]): Ruling {
  const box: Box = r.orientation === "h" ? [r.start, r.pos, r.end, r.pos] : [r.pos, r.start, r.pos, r.end];
  const [x0, y0, x1, y1] = boxToFrame(box, dir, size);
  // A quarter turn swaps horizontal and vertical.
  return y1 - y0 <= x1 - x0 ? { orientation: "h", pos: y0, start: x0, end: x1 } : { orientation: "v", pos: x0, start: y0, end: y1 };
}

export function graphicsToFrame(graphics: PdfGraphicsReading, dir: Direction, size: [number, number]): PdfGraphicsReading {
  return {
    rulings: graphics.rulings.map((r) => rulingToFrame(r, dir, size)),
    filledRects: graphics.filledRects.map((r) => ({ box: boxToFrame(r.box, dir, size) })),
    drawings: graphics.drawings.map((b) => boxToFrame(b, dir, size)),
    images: graphics.images.map((i) => ({ ...i, box: boxToFrame(i.box, dir, size) })),
  };
}

// pdf-stream's vocabulary (structure/pdf-stream.ts): a region's words as lines, a line's runs as
// pieces over whole columns, rows of pieces, and the small tests its body and header readers share.
import type { Box, Word } from "../types";
import type { STRUCTURE_SETTINGS } from "./settings";

export type StreamSettings = typeof STRUCTURE_SETTINGS;

const JOINING_WORDS = new Set(["of", "and", "or", "the", "for", "in", "to", "with", "by", "on", "at", "from", "&"]);

export interface Line {
  words: Word[];
  top: number;
  bottom: number;
}

/** A run of words of one line read as one cell: its first and last column. */
export interface Piece {
  words: Word[];
  first: number;
  last: number;
}

export interface Row {
  cells: Map<number, Piece>;
  /** Whether a line of values made or joined the row (a row of words only may still take one). */
  values?: boolean;
}

export const textOf = (words: readonly Word[]) =>
  words
    .map((w) => w.text)
    .join(" ")
    .trim();

/** Which column a word's centre lies in (the nearest one when it lies in a gutter). */
export function columnOf(x: number, columns: ReadonlyArray<[number, number]>): number {
  let best = 0;
  let bestDistance = Infinity;
  columns.forEach(([x0, x1], c) => {
    const d = x < x0 ? x0 - x : x > x1 ? x - x1 : 0;
    if (d < bestDistance) [best, bestDistance] = [c, d];
  });
  return best;
}

/** Whether `next` carries on `text` (the cell above it): a lower-case or parenthesised start
 * ("(Thousands)"), or `text` ends in a hyphen, a comma or a joining word. */
export function carriesOn(text: string, next: string): boolean {
  if (/^[a-z(]/.test(next)) return true;
  if (/[-,&(/]$/.test(text)) return true;
  const last = text.split(/\s+/).pop()?.toLowerCase() ?? "";
  return JOINING_WORDS.has(last);
}

/** Whether a word's centre lies in `region` (1 pt of slack). */
export function inRegion(w: Word, region: Box): boolean {
  const cx = (w.box[0] + w.box[2]) / 2;
  const cy = (w.box[1] + w.box[3]) / 2;
  return cx >= region[0] - 1 && cx <= region[2] + 1 && cy >= region[1] - 1 && cy <= region[3] + 1;
}

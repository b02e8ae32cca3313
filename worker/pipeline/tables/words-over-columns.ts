// Words of a line each standing over a column of its own: the test a line of names set close
// passes (a name wider than its numbers and right-aligned with them runs into the gutters, so
// chunk gaps do not find its columns). Shared by the layout reading (layout-model.ts
// wordsOverOwnColumns) and detection (names-over-values.ts).
import type { Word } from "../types";
import type { ColumnSpan } from "../geometry/chunks-to-columns";

/** Each word's column: the one it overlaps most (a name wider than its numbers, right-aligned with
 * them, has its centre left of them), or -1 where it overlaps none. */
export function columnsOfWords(words: readonly Word[], columns: readonly ColumnSpan[]): number[] {
  const overlap = (w: Word, col: ColumnSpan) => Math.min(w.box[2], col.x1) - Math.max(w.box[0], col.x0);
  return words.map((w) => {
    const best = columns.reduce((b, col, c) => (overlap(w, col) > overlap(w, columns[b]!) ? c : b), 0);
    return overlap(w, columns[best]!) > 0 ? best : -1;
  });
}

/** Whether consecutive words stand at least `apartEm` of the larger one's size apart: further
 * than a word space (0.2-0.35 em in common fonts), so they are not one phrase. */
export function wordsSetApart(words: readonly Word[], apartEm: number): boolean {
  return words.every((w, k) => k === 0 || w.box[0] - words[k - 1]!.box[2] >= apartEm * Math.max(w.size, words[k - 1]!.size));
}

// When a stub label ran out of room: the one place that says it, for the three tests that ask
// whether a line at a hanging indent carries on the label above it (row-continuation.ts
// hangsUnder, and through it stub-wraps.ts wrapsStubByValues; stub-wraps.ts wrapsRowLabel on
// detection's lines). A label wraps where its next word would not fit; an indented line under a
// label with room to spare for its first word is a row of its own ("Employment" / "of which
// women").
import type { Word } from "../types";

/** The label's line, ending at `lineRight`, had no room for `word` (the next line's first word)
 * before `stubRight`, the stub's right edge: a word space (settings.wrapSpaceEm of `size`) and
 * the word's width run past it. Only the word's width counts, not where it stands. */
export function noRoomFor(
  lineRight: number,
  word: Word,
  stubRight: number,
  size: number,
  settings: { readonly wrapSpaceEm: number },
): boolean {
  return lineRight + size * settings.wrapSpaceEm + (word.box[2] - word.box[0]) > stubRight;
}

// Footnote references set small and raised after a label or a value ("Tomatoes²", "1,234ʳ", "10.2 p"
// with a raised "p"): OCR reads such a glyph as "?", "®", "*", "'" or drops it, and each one
// disputed a cell whose text layer was right. The text layer knows which words are small and
// raised, so the value vote treats them as it treats daggers (marks-only.ts): an OCR reading may
// drop them or read them as a mark or a look-alike letter, never as another digit. Only raised
// words count; the digits and letters of the value itself compare as always, so a lie about the
// value still disputes. The delivered value keeps the text layer's spelling.
import { isCentreIn } from "../geometry/box";
import type { BBox } from "../../../lib/result/schema";
import type { Word } from "../types";
import { RECONCILE_SETTINGS } from "./settings";

/** What every raised character becomes in the compared copy: a dagger, a mark (marks-only.ts). */
const MARK = "\u2020";

/** The words of `cellWords` set small and raised: short, smaller than the largest type of the
 * line they stand on (the body words their height overlaps), and their foot above that type's. */
export function raisedWords(cellWords: readonly Word[], settings = RECONCILE_SETTINGS): Word[] {
  if (cellWords.length < 2) return [];
  return cellWords.filter((word) => {
    if ([...word.text.trim()].length > settings.raisedMarkMaxChars) return false;
    const line = cellWords.filter((w) => w !== word && w.box[1] < word.box[3] && w.box[3] > word.box[1]);
    if (line.length === 0) return false;
    const body = Math.max(...line.map((w) => w.size));
    const foot = Math.max(...line.filter((w) => w.size === body).map((w) => w.box[3]));
    return word.size <= settings.raisedMarkMaxSize * body && word.box[3] <= foot - settings.raisedMarkMinRise * body;
  });
}

/** The cell's value as the vote compares it when some of its words are raised marks: each raised
 * word's characters (its last occurrence in the value) made marks. Null when none is raised or
 * a raised word is not found in the value. */
export function valueWithRaisedMarks(
  value: string,
  cellBox: BBox,
  pageWords: readonly Word[],
  settings = RECONCILE_SETTINGS,
): string | null {
  const inside = pageWords.filter((w) => w.dir === 0 && isCentreIn(w.box, cellBox));
  const raised = raisedWords(inside, settings);
  if (raised.length === 0) return null;
  let marked = value;
  for (const word of raised) {
    const text = word.text.trim();
    const at = marked.lastIndexOf(text);
    if (text === "" || at < 0) return null;
    marked = marked.slice(0, at) + MARK.repeat([...text].length) + marked.slice(at + text.length);
  }
  return marked;
}

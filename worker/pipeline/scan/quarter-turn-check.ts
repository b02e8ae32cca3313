// A scanned page turned a quarter turn the wrong way, caught by the reading itself. Orientation is
// guessed from the ink before OCR (page-orientation.ts: a page's text lines make its row profile
// sharper than its column profile), and a page that is one tall table of short values has column
// gutters as sharp as any text lines: the guess turns it sideways. Tesseract then still reads its
// words (it finds vertical text lines and reads them turned), but every word box stands on end, so
// no text line and no table is found: on the generated realistic scans (seed 13, 99 pages) the first pages of two `continued-table` documents, 50 rows each, came back
// with no table. On those two pages every character was in a word box taller than wide; on the
// other 97 at most 5%, and on the 111 EU realistic pages at most 52% (a page of narrow rotated
// column heads) and the 62 US odd ones at most 2%. So a reading with more than
// `sidewaysAboveShare` of its characters in standing boxes is read again a quarter turn either
// way, and a reading of lying words, at least as confidently read, is kept.
import type { Word } from "../ocr/types";
import type { ScanTransform } from "./prepare-scan";
import { QUARTER_TURN_SETTINGS } from "./settings";

/** The share of characters (in words of minWordChars or more letters and digits) whose word box
 * is taller than wide; 0 when there are none. */
export function standingShare(words: readonly Pick<Word, "text" | "bbox">[]): number {
  let all = 0;
  let standing = 0;
  for (const word of words) {
    const n = word.text.replace(/[^\p{L}\p{N}]/gu, "").length;
    if (n < QUARTER_TURN_SETTINGS.minWordChars) continue;
    all += n;
    const [x0, y0, x1, y1] = word.bbox;
    if (y1 - y0 > x1 - x0) standing += n;
  }
  return all === 0 ? 0 : standing / all;
}

/** Whether a scan's reading stands on end: the page was turned a quarter turn wrong. */
export function isReadSideways(words: readonly Pick<Word, "text" | "bbox">[]): boolean {
  return standingShare(words) > QUARTER_TURN_SETTINGS.sidewaysAboveShare;
}

/** The two quarter turns to try instead of `transform`'s: a quarter turn more either way. */
export function quarterTurnsToTry(transform: ScanTransform): ScanTransform["quarterTurns"][] {
  return [
    ((transform.quarterTurns + 1) % 4) as ScanTransform["quarterTurns"],
    ((transform.quarterTurns + 3) % 4) as ScanTransform["quarterTurns"],
  ];
}

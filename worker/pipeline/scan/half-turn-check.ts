// A scanned page read the wrong way up, caught by the reading itself. Orientation is guessed from
// the ink before OCR (page-orientation.ts: ascenders above the x-height, descenders below), and on
// a page holding one small table (a few short labels, numbers, a frame) that guess has too few
// letters to go on: 3 of 4 generated column-ruled pages and 10 of 86 generated pages in all
// (realistic scans, seed 13) were read upside down, and then Tesseract
// reads gibberish ("9'EL vee ueisy" for "Asian 23.4 73.6") and the page has no table at all.
// Tesseract's word confidences tell: on those pages at most 17% of the characters were read with
// confidence >= 0.8, on every page read the right way up at least 32% (EU realistic scans, 111
// pages, the lowest a chart page) and on the generated ones at least 38%. So a page whose share is
// under `halfTurnBelowShare` is read again turned half a turn, and the reading with more confident
// characters is kept (an upright page read again upside down scores lower still, so it stays).
// Digits read as digits either way up, so a page of numbers is also judged by its words of
// letters alone (isWorthTurningOver).
import type { Word } from "../ocr/types";
import type { ScanTransform } from "./prepare-scan";
import { HALF_TURN_SETTINGS } from "./settings";

/** The share of the reading's characters in words read with confidence >= confidentWord (0 when
 * nothing was read). */
export function confidentShare(words: readonly Pick<Word, "text" | "confidence">[]): number {
  let all = 0;
  let sure = 0;
  for (const word of words) {
    const n = word.text.length;
    all += n;
    if (word.confidence >= HALF_TURN_SETTINGS.confidentWord) sure += n;
  }
  return all === 0 ? 0 : sure / all;
}

/** A word of letters: two letters in a row (of any script). */
const LETTERS = /\p{L}{2}/u;

/** The characters of the reading's words of letters, and their confidentShare. */
export function letterWords(words: readonly Pick<Word, "text" | "confidence">[]): { chars: number; confidentShare: number } {
  const letters = words.filter((word) => LETTERS.test(word.text));
  return { chars: letters.reduce((n, word) => n + word.text.length, 0), confidentShare: confidentShare(letters) };
}

/** Whether a scan's reading is worth reading again turned half a turn: few confident characters
 * in all, or few among its words of letters. Upside down, digits still read as digits ("10" as
 * "01", "0,1" as "1'0"), so a table of short numbers with its labels on a tint read upside down
 * scored 31% in all but 19% among its labels (a generated `shaded-stub-grid` scan, seed 13); the
 * words of letters on upright pages scored at least 32% (EU realistic scans and generated seed 13,
 * 143 pages with 20 or more such characters). A page with no words at all is read again only when
 * the orientation guess (`transform`) turned it over: read that way it gave nothing; a blank page
 * is not turned by the guess. */
export function isWorthTurningOver(
  words: readonly Pick<Word, "text" | "confidence">[],
  transform?: Pick<ScanTransform, "quarterTurns">,
): boolean {
  if (words.length === 0) return transform !== undefined && transform.quarterTurns >= 2;
  if (confidentShare(words) < HALF_TURN_SETTINGS.halfTurnBelowShare) return true;
  const letters = letterWords(words);
  return letters.chars >= HALF_TURN_SETTINGS.minLetterChars && letters.confidentShare < HALF_TURN_SETTINGS.letterWordsBelowShare;
}

/** The transform of the same page turned half a turn more (the skew is the same either way up). */
export function halfTurned(transform: ScanTransform): ScanTransform {
  return { ...transform, quarterTurns: ((transform.quarterTurns + 2) % 4) as ScanTransform["quarterTurns"] };
}

// A cell's text from its words, and what counts as a number in a cell: the text helpers every
// table builder shares (grid-model.ts, layout-model.ts, raw-model.ts, header-rows.ts).
import type { Box, Word } from "../types";
import { isPointInBox } from "../geometry/box";
import { wordsToLines } from "../geometry/words-to-lines";
import type { Settings } from "../settings";

const NUMERIC =
  /^[-+−–]?\d[\d.,]*%?\s*\(\s*[-+−–]?\d[\d.,]*%?\s*\)$|^[-+−–(]?[$€£¥%]?\s?\d[\d.,\s]*([-–]\d[\d.,]*)?%?\)?[*a-z]?$|^[-–—.…x*]+$|^n\.?a\.?$|^:$/i;

/** A currency sign before a negative amount in parentheses, "$ (1,234)" (the sign set apart at
 * the column's left edge joins its number's cell, sign-columns.ts). */
const SIGN_BEFORE_PARENTHESIS = /^(US\$|[$€£¥])\s?(?=\()/;

export function isNumeric(text: string): boolean {
  return NUMERIC.test(text.trim().replace(SIGN_BEFORE_PARENTHESIS, ""));
}

export function wordCenterIn(word: Word, box: Box, tolerance = 0): boolean {
  return isPointInBox((word.box[0] + word.box[2]) / 2, (word.box[1] + word.box[3]) / 2, box, tolerance);
}

/** Joins the words of one cell: lines top to bottom, words left to right. */
export function wordsToText(words: Word[], settings: Settings): string {
  return wordsToLines(words, settings.lineCenterToleranceEm)
    .map((l) => l.text)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

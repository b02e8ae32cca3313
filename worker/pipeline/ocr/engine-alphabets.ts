// Which letters each OCR engine can read at all. Tesseract (ocr-1) runs the English model: Latin
// letters. PaddleOCR (ocr-2) runs PP-OCRv4's Chinese model: its dictionary (Chinese, Latin, a few
// Greek and Cyrillic letters). A text-layer value with a letter outside an engine's alphabet
// (Hebrew or Arabic for both, Chinese for Tesseract, Greek words for both) cannot be read by that
// engine: what it returns there is junk ("niooyY" for a Hebrew word), and it disputed cells whose
// text layer was right. So that engine's reading of such a cell is no reading: it neither backs
// nor disputes it. A cell no engine can read has the text layer alone (unverified); one the other
// engine can read is checked by that one. Accents are not letters here: a Latin letter with an
// accent an engine lacks is its bare letter, which marks-only.ts compares.
// Where Tesseract read a cell with a model of the value's script (Hebrew, Greek, Arabic:
// script-languages.ts), that reading counts (reconcile-cell.ts checks for it).
// An engine outside this table (one added to the registry later) is taken to read everything.
import fs from "node:fs";
import path from "node:path";
import type { OcrEngineName } from "./types";
import { PADDLE_DICTIONARY_FILE, paddleModelDir } from "./paddle/model-dir";

type Alphabet = (letter: string) => boolean;

const latin: Alphabet = (letter) => /\p{Script=Latin}/u.test(letter);

let paddleLetters: Set<string> | null = null;
/** PaddleOCR's dictionary, read once; Latin letters always (the dictionary has them all). */
const paddle: Alphabet = (letter) => {
  if (!paddleLetters) {
    try {
      paddleLetters = new Set(fs.readFileSync(path.join(paddleModelDir(), PADDLE_DICTIONARY_FILE), "utf8").split("\n"));
    } catch {
      // Without the dictionary (the engine cannot run either) nothing is ruled out.
      paddleLetters = new Set();
      return true;
    }
  }
  return latin(letter) || paddleLetters.has(letter) || paddleLetters.size === 0;
};

const ALPHABETS: Partial<Record<OcrEngineName, Alphabet>> = { "ocr-1": latin, "ocr-2": paddle };

/** Whether `engine` can read every letter of `text` (accents aside). */
export function engineCanRead(engine: OcrEngineName, text: string): boolean {
  const alphabet = ALPHABETS[engine];
  if (!alphabet) return true;
  for (const ch of text.normalize("NFKD").replace(/\p{M}/gu, "")) {
    if (/\p{L}/u.test(ch) && !alphabet(ch)) return false;
  }
  return true;
}

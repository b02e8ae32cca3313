// Cells in a script the first OCR family's English model cannot read (Hebrew, Greek, Arabic),
// read again by that family with a model of the script. Tesseract reads a Hebrew word with its
// English model as junk ("niooyY"), so engine-alphabets.ts takes no reading from it there, and a
// cell whose text layer no engine can check stays unverified: a person had to read every such
// label on the review page, on documents whose text layer was right. Tesseract has trained models
// for these scripts (the @tesseract.js-data packages, installed from npm like the English one), so
// the cells whose text-layer value is in one of them are cropped and read by a Tesseract worker
// of that language (stage ocr-scripts), and that reading takes the place of the English junk in
// the value vote. PaddleOCR's model has no such letters at all (its dictionary), so it still
// abstains: a cell read alike by the text layer and the script model is two readings that agree.
// A value mixing two of these scripts, or one with none installed, is left as it was.
import { createRequire } from "node:module";
import path from "node:path";

/** A script, the Tesseract language that reads it, and the npm package its model comes in. */
export interface ScriptLanguage {
  /** Unicode script name (as in \p{Script=...}). */
  script: string;
  /** Tesseract's language code. */
  language: string;
  /** Its letters. */
  letter: RegExp;
}

/** The scripts read by a model of their own. Each language's model is one npm package
 * (@tesseract.js-data/<language>); one not installed is not read. Tesseract's own table of
 * languages names these three for the scripts of the statistical reports a text layer carries
 * outside Latin; Cyrillic has no package of this family on npm. */
export const SCRIPT_LANGUAGES: readonly ScriptLanguage[] = [
  { script: "Hebrew", language: "heb", letter: /\p{Script=Hebrew}/u },
  { script: "Greek", language: "ell", letter: /\p{Script=Greek}/u },
  { script: "Arabic", language: "ara", letter: /\p{Script=Arabic}/u },
];

const require = createRequire(import.meta.url);

/** The folder holding `language`'s model variants (inside node_modules), or null when its
 * package is not installed. */
export function languageDataDir(language: string): string | null {
  try {
    return path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`));
  } catch {
    return null;
  }
}

const installed = new Map<string, boolean>();
function isInstalled(language: string): boolean {
  let known = installed.get(language);
  if (known === undefined) installed.set(language, (known = languageDataDir(language) !== null));
  return known;
}

/** The language to read `value` in: the one script among SCRIPT_LANGUAGES its non-Latin letters
 * are all in, when that language is installed; else null (Latin only, two scripts, or another
 * script). Digits, punctuation and Latin words around the script's words are read by its model
 * too (each of these models carries digits and Latin letters). */
export function scriptLanguageOf(value: string): string | null {
  let found: ScriptLanguage | null = null;
  for (const ch of value.normalize("NFKD").replace(/\p{M}/gu, "")) {
    if (!/\p{L}/u.test(ch) || /\p{Script=Latin}/u.test(ch)) continue;
    const script = SCRIPT_LANGUAGES.find((s) => s.letter.test(ch));
    if (!script || (found && found !== script)) return null;
    found = script;
  }
  return found && isInstalled(found.language) ? found.language : null;
}

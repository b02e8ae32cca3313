// Which values a script model reads: drawn values in Hebrew, Greek and Arabic with digits, Latin
// words and punctuation around them, against values mixing two scripts and scripts without a model.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pick, seededRng } from "../../../tests/pdf/corpus/content";
import { languageDataDir, SCRIPT_LANGUAGES, scriptLanguageOf } from "./script-languages";

const WORDS: Record<string, string[]> = {
  heb: ["ירושלים", "תל אביב", "אוכלוסייה", "משקי בית"],
  ell: ["Αθήνα", "Πληθυσμός", "Έκταση", "ΣΥΝΟΛΟ"],
  ara: ["القاهرة", "السكان", "الأسر", "المحافظة"],
};
const AROUND = ["", " 2021", " (%)", "Total ", " n.a.", " 1,234.5", " *"];

test("every script's model is installed from npm", () => {
  for (const { language } of SCRIPT_LANGUAGES) assert.ok(languageDataDir(language), `@tesseract.js-data/${language}`);
});

test("a value in one script, whatever stands around it, is read in that script's language", () => {
  const rnd = seededRng(7);
  for (let k = 0; k < 300; k++) {
    const language = pick(rnd, Object.keys(WORDS));
    const around = pick(rnd, AROUND);
    const word = pick(rnd, WORDS[language]!);
    const value = around.endsWith(" ") ? `${around}${word}` : `${word}${around}`;
    assert.equal(scriptLanguageOf(value), language, value);
  }
});

test("Latin, digits, two scripts in one value, or a script without a model: no script reading", () => {
  const rnd = seededRng(8);
  for (const value of ["Total", "1,234", "(Z)", "Übersee", "", "—"]) assert.equal(scriptLanguageOf(value), null, value);
  // Latin beside the script is read by the script's model too.
  assert.equal(scriptLanguageOf("Ελλάδα (Greece)"), "ell");
  for (let k = 0; k < 100; k++) {
    const [a, b] = [pick(rnd, ["heb", "ell", "ara"]), pick(rnd, ["heb", "ell", "ara"])];
    if (a === b) continue;
    assert.equal(scriptLanguageOf(`${pick(rnd, WORDS[a]!)} ${pick(rnd, WORDS[b]!)}`), null);
  }
  for (const value of ["Москва", "人口", "東京都", "서울"]) assert.equal(scriptLanguageOf(value), null, value);
});

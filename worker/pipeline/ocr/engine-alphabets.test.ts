// Scripts an engine cannot read, as a generated family: values in Hebrew, Arabic, Greek, Cyrillic
// and Chinese, with and without Latin words and numbers around them, read by engines that return
// junk for the letters they lack. No such cell may be disputed by junk: where neither engine reads
// the script the text layer stands alone (unverified); where one does and agrees, it is verified.
// Latin values, accented or not, are read as before, and a lie in them still disputes.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Cell } from "../../../lib/result/schema";
import { reconcileExistingCell } from "../reconcile/reconcile-cell";
import { engineCanRead } from "./engine-alphabets";
import { pick, seededRng as random } from "../../../tests/pdf/corpus/content";

const UNREAD_BY_BOTH = [
  "\u05e6\u05e4\u05d9\u05e4\u05d5\u05ea",
  "\u05ea\u05dc \u05d0\u05d1\u05d9\u05d1",
  "\u0627\u0644\u0633\u0643\u0627\u0646",
  "\u03c0\u03bb\u03b7\u03b8\u03c5\u03c3\u03bc\u03cc\u03c2",
];
const CHINESE = ["\u4eba\u53e3", "\u5317\u4eac\u5e02", "\u5408\u8ba1"];
const JUNK = ["niooyY", "D'7oyin", "nID'DY", "", "Ty", "7in", "'"];
const BOX: [number, number, number, number] = [0, 0, 80, 10];
const cell = (value: string): Cell => ({ value, confidence: "unverified", sources: ["pdf-text"], bbox: BOX });
const word = (text: string) => [{ text, bbox: BOX }];

test("generated family: junk from an engine that cannot read the script never disputes", () => {
  for (let seed = 1; seed <= 200; seed++) {
    const rnd = random(seed);
    const around = pick(rnd, ["", " 2021", " (%)", "Total "]);
    const foreign = pick(rnd, UNREAD_BY_BOTH);
    const value = around.startsWith(" ") || around === "" ? `${foreign}${around}` : `${around}${foreign}`;
    const voted = reconcileExistingCell(cell(value), "pdf-text", {
      "ocr-1": word(pick(rnd, JUNK) || "x"),
      "ocr-2": word(pick(rnd, JUNK) || "y"),
    });
    assert.equal(voted.confidence, "unverified", `seed ${seed}: ${value} -> ${JSON.stringify(voted)}`);
    assert.deepEqual(voted.sources, ["pdf-text"]);
    assert.equal(voted.readings, undefined, `seed ${seed}: no junk kept as a reading`);
    // Chinese: PaddleOCR reads it, Tesseract's English model does not.
    const zh = pick(rnd, CHINESE) + around;
    const read = reconcileExistingCell(cell(zh), "pdf-text", { "ocr-1": word(pick(rnd, JUNK) || "x"), "ocr-2": word(zh) });
    assert.equal(read.confidence, "verified", `seed ${seed}: ${zh}`);
    assert.deepEqual([...read.sources].sort(), ["ocr-2", "pdf-text"]);
    // ...and a Chinese lie PaddleOCR reads differently is disputed.
    const lie = reconcileExistingCell(cell(zh), "pdf-text", {
      "ocr-1": word("x"),
      "ocr-2": word(`${CHINESE.find((c) => !zh.startsWith(c))}${around}`),
    });
    assert.equal(lie.confidence, "disputed", `seed ${seed}: ${zh} against another word`);
  }
});

test("engine alphabets: Latin with accents is read by both; a Latin lie still disputes", () => {
  assert.equal(engineCanRead("ocr-1", "Promodès 12,5"), true);
  assert.equal(engineCanRead("ocr-2", "Øresund"), true);
  assert.equal(engineCanRead("ocr-1", "\u4eba\u53e3"), false);
  assert.equal(engineCanRead("ocr-2", "\u4eba\u53e3"), true);
  assert.equal(engineCanRead("ocr-2", "\u05e2\u05d9\u05e8"), false);
  const voted = reconcileExistingCell(cell("Total 17"), "pdf-text", { "ocr-1": word("Total 42"), "ocr-2": word("Total 42") });
  assert.equal(voted.confidence, "disputed");
});

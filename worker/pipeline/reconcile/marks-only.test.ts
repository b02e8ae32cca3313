// Calibrated value disputes, as a generated family: values of every kind (integers, decimals with
// either separator, negatives, percentages, words, labels with numbers) carrying marks of every
// kind at every position, read by OCR engines that fail on the marks in every way seen (dropped,
// read as look-alike letters or "+", a speck read as a mark, a ruling glyph glued to a scanned
// cell's edge). None of those may dispute. Then the same values with a lie in the text layer (a
// digit, a letter, a separator or a sign changed), marks or not: every one must be disputed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { voteOnReadings } from "./vote";
import { readsTextLayerValue, isMark } from "./marks-only";
import { comparisonKey } from "./normalise";
import { withoutEdgeRulings } from "./edge-rulings";
import { int, pick, seededRng as random } from "../../../tests/pdf/corpus/content";

const WORDS = ["Germany", "Total", "Agriculture", "Households", "Other services", "Men", "Women", "Exports", "n.a.", "Belgium"];
const MARKS = ["\u2020", "\u2021", "*", "**", "\u00a7", "\u00b6", "#", "\u00b0", "\u2020\u2020", "\u00a4", "\u2022", "'"];
/** What an engine makes of a mark: nothing, a look-alike letter or two, a plus, a yen sign. */
const MARK_READINGS = ["", "", "t", "i", "f", "\u00a5", "tt", "ff", "+", "*", "l"];
const RULINGS = ["|", "]", "[", "|", "!", "_", "\u00a6"];

function value(rnd: () => number): string {
  switch (int(rnd, 0, 6)) {
    case 0:
      return String(int(rnd, 0, 99999));
    case 1:
      return `${int(rnd, 0, 999)}.${int(rnd, 0, 9)}`;
    case 2:
      return `${int(rnd, 1, 99)},${String(int(rnd, 0, 999)).padStart(3, "0")}`;
    case 3:
      return `-${int(rnd, 1, 999)}.${int(rnd, 0, 99)}`;
    case 4:
      return `${int(rnd, 0, 100)}.${int(rnd, 0, 9)}%`;
    case 5:
      return pick(rnd, WORDS);
    default:
      return `${pick(rnd, WORDS)} ${int(rnd, 1990, 2030)}`;
  }
}

/** The value with marks set at random places: before, after, between words, doubled. */
function withMarks(rnd: () => number, v: string): { text: string; marks: string[] } {
  const marks = Array.from({ length: int(rnd, 1, 2) }, () => pick(rnd, MARKS));
  let text = v;
  for (const mark of marks) {
    const where = int(rnd, 0, 3);
    if (where === 0) text = `${text}${mark}`;
    else if (where === 1) text = `${mark}${text}`;
    else if (where === 2) text = `${text} ${mark}`;
    else {
      const space = text.indexOf(" ");
      text = space > 0 ? `${text.slice(0, space)}${mark}${text.slice(space)}` : `${text}${mark}`;
    }
  }
  return { text, marks };
}

/** How an OCR engine reads the marked value: every mark failed on in some way, sometimes a speck
 * read as a mark of its own somewhere. */
function ocrFailingOnMarks(rnd: () => number, marked: string): string {
  let read = [...marked].map((ch) => (isMark(ch) ? pick(rnd, MARK_READINGS) : ch)).join("");
  if (rnd() < 0.3) read = rnd() < 0.5 ? `${read}'` : `${read}*`;
  return read;
}

/** A lie: the value with one digit, letter, separator or sign changed (what hidden text over
 * different glyphs does). */
function lie(rnd: () => number, v: string): string {
  const chars = [...v];
  const places = chars.map((ch, i) => ({ ch, i })).filter(({ ch }) => /[\p{L}\p{N}.,-]/u.test(ch));
  const { ch, i } = pick(rnd, places);
  let other: string;
  if (/\d/.test(ch)) other = String((Number(ch) + int(rnd, 1, 9)) % 10);
  else if (ch === ".") other = ",";
  else if (ch === ",") other = ".";
  else if (ch === "-") other = "";
  // Another letter, not the same one in another case or with an accent, nor a digit's look-alike.
  else
    other = pick(
      rnd,
      [..."aekmrtw"].filter((c) => c !== ch.toLowerCase()),
    );
  chars[i] = other;
  return chars.join("");
}

const CASES = 400;

test("generated family: OCR failing on the text layer's marks never disputes a cell", () => {
  for (let seed = 1; seed <= CASES; seed++) {
    const rnd = random(seed);
    const v = value(rnd);
    const { text } = withMarks(rnd, v);
    const readings = { "pdf-text": text, "ocr-1": ocrFailingOnMarks(rnd, text), "ocr-2": ocrFailingOnMarks(rnd, text) };
    const verdict = voteOnReadings(readings);
    assert.equal(verdict.confidence, "verified", `seed ${seed}: ${JSON.stringify(readings)} -> ${JSON.stringify(verdict)}`);
    assert.equal(verdict.value, text, `seed ${seed}: the text layer's spelling is delivered`);
    // One OCR family on: the same.
    assert.equal(voteOnReadings({ "pdf-text": text, "ocr-1": readings["ocr-1"] }).confidence, "verified", `seed ${seed} (one family)`);
  }
});

test("generated family: a lying text layer is disputed whatever marks it carries and OCR fails on", () => {
  let disputed = 0;
  for (let seed = 1; seed <= CASES; seed++) {
    const rnd = random(seed * 7919);
    const truth = value(rnd);
    const told = lie(rnd, truth);
    if (comparisonKey(told) === comparisonKey(truth)) continue;
    // The marks are the document's, drawn and in the text layer alike; the lie is in the value.
    const marked = rnd() < 0.7 ? withMarks(rnd, "").text.trim() : "";
    const textLayer = rnd() < 0.5 ? `${told}${marked}` : `${marked}${told}`;
    const drawn = textLayer.replace(told, truth);
    const readings = { "pdf-text": textLayer, "ocr-1": ocrFailingOnMarks(rnd, drawn), "ocr-2": ocrFailingOnMarks(rnd, drawn) };
    const verdict = voteOnReadings(readings);
    assert.equal(verdict.confidence, "disputed", `seed ${seed}: ${JSON.stringify(readings)} -> ${JSON.stringify(verdict)}`);
    assert.deepEqual(Object.keys(verdict.readings ?? {}).sort(), ["ocr-1", "ocr-2", "pdf-text"], `seed ${seed}: every reading kept`);
    assert.equal(voteOnReadings({ "pdf-text": textLayer, "ocr-1": readings["ocr-1"] }).confidence, "disputed", `seed ${seed} (one family)`);
    disputed++;
  }
  assert.ok(disputed > CASES * 0.9, `the family exercised ${disputed} lies`);
});

test("generated family: on a scan, ruling glyphs glued to a cell's edge are part of no reading", () => {
  for (let seed = 1; seed <= CASES; seed++) {
    const rnd = random(seed * 104729);
    const v = value(rnd);
    const glue = (text: string) => {
      const before = rnd() < 0.5 ? pick(rnd, RULINGS) + (rnd() < 0.3 ? " " : "") : "";
      const after = rnd() < 0.5 ? (rnd() < 0.3 ? " " : "") + pick(rnd, RULINGS) : "";
      return `${before}${text}${after}`;
    };
    const readings = { "ocr-1": glue(v), "ocr-2": glue(v) };
    const verdict = voteOnReadings(readings);
    assert.equal(verdict.confidence, "verified", `seed ${seed}: ${JSON.stringify(readings)} -> ${JSON.stringify(verdict)}`);
    assert.equal(verdict.value, v, `seed ${seed}: delivered without the glyphs`);
    // A different value with ruling glyphs glued is still a different value.
    const other = lie(rnd, v);
    if (comparisonKey(other) === comparisonKey(v)) continue;
    const split = voteOnReadings({ "ocr-1": glue(v), "ocr-2": glue(other) });
    assert.equal(split.confidence, "disputed", `seed ${seed}: ${v} against ${other}`);
  }
});

test("generated family: what OCR cannot see (case, accents, look-alikes, a thin space) never disputes", () => {
  const accented: Record<string, string> = { e: "\u00e8", a: "\u00e0", i: "\u00ef", o: "\u00f4", u: "\u00fc", c: "\u00e7" };
  const lookalike: Record<string, string> = { O: "0", "0": "O", l: "I", I: "l", "1": "l" };
  for (let seed = 1; seed <= CASES; seed++) {
    const rnd = random(seed * 31337);
    const v = `${value(rnd)}${rnd() < 0.3 ? ` ${int(rnd, 10, 99)} ${String(int(rnd, 0, 999)).padStart(3, "0")}` : ""}`;
    // The document's spelling: accents, small capitals set as lower case, look-alike glyphs.
    const doc = [...v].map((ch) => (rnd() < 0.3 && accented[ch] ? accented[ch] : ch)).join("");
    const ocr = [...doc]
      .map((ch) => {
        const bare = ch.normalize("NFKD").replace(/\p{M}/gu, "");
        if (rnd() < 0.3 && lookalike[bare]) return lookalike[bare];
        return rnd() < 0.2 ? bare.toUpperCase() : bare;
      })
      .join("")
      .replace(/(\d) (\d)/g, (m, a: string, b: string) => (rnd() < 0.5 ? `${a}${b}` : m));
    const verdict = voteOnReadings({ "pdf-text": doc, "ocr-1": ocr, "ocr-2": ocr });
    assert.equal(verdict.confidence, "verified", `seed ${seed}: ${doc} / ${ocr}`);
    assert.equal(verdict.value, doc);
  }
});

/** A dot leader as documents set it: spaced dots, packed dots or an ellipsis, of any length. */
function leader(rnd: () => number): string {
  const n = int(rnd, 3, 30);
  return pick(rnd, [" " + ". ".repeat(n).trim(), ".".repeat(n), " " + ".".repeat(n), "\u2026", " \u2026\u2026"]);
}

/** How an engine reads a leader: any number of dots, one dot, spaced or not, or nothing. */
function ocrLeader(rnd: () => number): string {
  return pick(rnd, ["", " .", ".", " " + ".".repeat(int(rnd, 2, 40)), ". ".repeat(int(rnd, 1, 12)).trim(), " ..", ""]);
}

test("generated family: dot leaders are typography, whatever OCR makes of them", () => {
  for (let seed = 1; seed <= CASES; seed++) {
    const rnd = random(seed * 65537);
    const label = pick(rnd, WORDS);
    // A stub label with its leader, sometimes with the row's number in the same cell.
    const number = rnd() < 0.4 ? ` ${value(rnd).replace(/^\D+$/, "12.5")}` : "";
    const text = `${label}${leader(rnd)}${number}`;
    const read = () => `${label}${ocrLeader(rnd)}${number}`;
    const readings = { "pdf-text": text, "ocr-1": read(), "ocr-2": read() };
    const verdict = voteOnReadings(readings);
    assert.equal(verdict.confidence, "verified", `seed ${seed}: ${JSON.stringify(readings)} -> ${JSON.stringify(verdict)}`);
    assert.equal(verdict.value.trim(), text.trim(), `seed ${seed}: the text layer's spelling is delivered`);
    // A lie in the label or the number behind a leader is still disputed.
    const told = lie(rnd, `${label}${number}`);
    if (comparisonKey(told) === comparisonKey(`${label}${number}`)) continue;
    const lying = `${told.slice(0, label.length)}${leader(rnd)}${told.slice(label.length)}`;
    const lied = voteOnReadings({ "pdf-text": lying, "ocr-1": read(), "ocr-2": read() });
    assert.equal(lied.confidence, "disputed", `seed ${seed}: ${lying} over ${label}${number}`);
  }
});

test("generated family: a leader the text layer dropped as drawing is typography in OCR's reading too", () => {
  // The text layer's cell holds the label alone (its leader was drawing: readers/typewriter-rules.ts);
  // OCR reads the label with some of the leader glued on. A lie in the label is still disputed.
  for (let seed = 1; seed <= CASES; seed++) {
    const rnd = random(seed * 4099);
    // A label ending in its own dot ("n.a.") is left out: that dot joins the leader's run.
    const words = WORDS.filter((w) => !w.endsWith("."));
    const label = rnd() < 0.5 ? pick(rnd, words) : `${pick(rnd, words)} (${pick(rnd, words).toLowerCase()})`;
    const read = () => `${label}${pick(rnd, ["", " "])}${".".repeat(int(rnd, 3, 40))}`;
    const readings = { "pdf-text": label, "ocr-1": read(), "ocr-2": read() };
    const verdict = voteOnReadings(readings);
    assert.equal(verdict.confidence, "verified", `seed ${seed}: ${JSON.stringify(readings)} -> ${JSON.stringify(verdict)}`);
    assert.equal(verdict.value, label);
    assert.equal(voteOnReadings({ "pdf-text": label, "ocr-1": read() }).confidence, "verified", `seed ${seed} (one family)`);
    const told = lie(rnd, label);
    if (comparisonKey(told) === comparisonKey(label)) continue;
    assert.equal(
      voteOnReadings({ "pdf-text": told, "ocr-1": read(), "ocr-2": read() }).confidence,
      "disputed",
      `seed ${seed}: ${told} over ${label}`,
    );
    assert.equal(
      voteOnReadings({ "pdf-text": told, "ocr-1": read() }).confidence,
      "disputed",
      `seed ${seed}: ${told} over ${label} (one family)`,
    );
  }
  // Two dots are no leader ("n.a.." is not "n.a."); a decimal number's dot is a value's.
  assert.equal(readsTextLayerValue(comparisonKey("15"), comparisonKey("1.5")), false);
  assert.equal(readsTextLayerValue(comparisonKey("Total"), comparisonKey("Total..")), false);
});

test("marks-only: the rule's edges", () => {
  // Same kind, different value: disputed.
  assert.equal(readsTextLayerValue(comparisonKey("Hungary"), comparisonKey("Hunaary")), false);
  assert.equal(readsTextLayerValue(comparisonKey("17"), comparisonKey("42")), false);
  // A dash read as a mark: no value on either side.
  assert.equal(readsTextLayerValue(comparisonKey("-"), comparisonKey('"')), true);
  assert.equal(readsTextLayerValue(comparisonKey("-"), comparisonKey("5")), false);
  // A digit never stands in for a mark; nor a whole word.
  assert.equal(readsTextLayerValue(comparisonKey("12*"), comparisonKey("127")), false);
  assert.equal(readsTextLayerValue(comparisonKey("Germany\u2020"), comparisonKey("Germanyabc")), false);
  // Separators and signs are values, not marks.
  assert.equal(readsTextLayerValue(comparisonKey("1,234\u2020"), comparisonKey("1.234")), false);
  assert.equal(readsTextLayerValue(comparisonKey("-5*"), comparisonKey("5")), false);
  assert.equal(readsTextLayerValue(comparisonKey("12.5%"), comparisonKey("12.5")), false);
  // Leaders are typography; a decimal point is not a leader's dot.
  assert.equal(readsTextLayerValue(comparisonKey("Employed . . . . . ."), comparisonKey("Employed .")), true);
  assert.equal(readsTextLayerValue(comparisonKey("Total . . . 1.5"), comparisonKey("Total ..... 15")), false);
  assert.equal(readsTextLayerValue(comparisonKey("Total . . . 1.5"), comparisonKey("Tonal . 1.5")), false);
  // Without a leader in the text layer, a dot is a value's.
  assert.equal(readsTextLayerValue(comparisonKey("Total 1.5"), comparisonKey("Total 15")), false);
  // A text layer of marks alone is no value to agree with.
  assert.equal(readsTextLayerValue("\u2020", "t"), false);
  // Brackets that belong to the value stay on a scanned reading; a loose one comes off.
  assert.equal(withoutEdgeRulings("Total [a]"), "Total [a]");
  assert.equal(withoutEdgeRulings("[59,332 ]"), "59,332");
  assert.equal(withoutEdgeRulings("| 1,234 ]"), "1,234");
  assert.equal(withoutEdgeRulings("(12.5)|"), "(12.5)");
});

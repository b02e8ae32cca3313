// Disagreements the readings settle themselves, as generated families: values of every kind
// (integers, decimals with either separator, negatives, percentages, labels of one to three
// words, census markers) read by two OCR engines that each misread ANOTHER part of the value (a
// character changed, dropped, or one added; a sign or a label's tail lost) are resolved, not
// asked; marker codes read with "Z" as "2" or with one bracket of their pair lost are read alike.
// Then the same values with a lie in the text layer (a digit, letter, separator or sign changed),
// read by engines that see the drawn value and misread it too, anywhere: every one is disputed,
// and so is a truthful value both engines misread at the same place.
import { test } from "node:test";
import assert from "node:assert/strict";
import { voteOnReadings } from "./vote";
import { changedPlaces, settledCharacterByCharacter } from "./character-majority";
import { comparisonKey } from "./normalise";
import { readsTextLayerValue } from "./marks-only";
import { queueLevel } from "../../../lib/review/queue";
import { reviewItems } from "../../../lib/review/structure-items";
import type { Cell, Table } from "../../../lib/result/schema";
import { int, pick, seededRng as random } from "../../../tests/pdf/corpus/content";
import { tableFixture } from "../../../tests/result/table-fixture";

const WORDS = ["Energy", "Water", "supply", "Mining", "excl.", "Households", "Other", "services", "Germany", "Total", "Exports", "net"];
/** Words without the letters that fold to a digit (i, l, o, z), so a lost tail cannot be matched
 * elsewhere ("Mini" for "Mining (supply)" could end on the "l" of "supply", read as "1"). */
const PLAIN_WORDS = ["Energy", "Water", "Germany", "Other", "net", "Tax", "Sheep", "Rent", "Wages", "Trade", "Meat", "Gas"];

function value(rnd: () => number, words: readonly string[] = WORDS): string {
  switch (int(rnd, 0, 6)) {
    case 0:
      return String(int(rnd, 10, 99999));
    case 1:
      return `${int(rnd, 0, 999)}.${int(rnd, 0, 9)}`;
    case 2:
      return `${int(rnd, 1, 99)},${String(int(rnd, 0, 999)).padStart(3, "0")}`;
    case 3:
      return `-${int(rnd, 1, 999)}.${int(rnd, 0, 99)}`;
    case 4:
      return `${int(rnd, 0, 100)}.${int(rnd, 0, 9)}%`;
    case 5:
      // Distinct words: in "supply supply" a lost tail could be either word's.
      return [...new Set(Array.from({ length: int(rnd, 1, 3) }, () => pick(rnd, words)))].join(" ");
    default:
      return `${pick(rnd, words)} (${pick(rnd, words).toLowerCase()})`;
  }
}

/** A character of another kind's stand-in: a digit for a digit, a letter for a letter, else junk
 * an engine writes ("¢", "."). Never the character itself, nor (for a letter) a case or look-alike
 * of it. */
function misreadOf(rnd: () => number, ch: string): string {
  if (/\d/.test(ch)) return String((Number(ch) + int(rnd, 1, 9)) % 10);
  if (/\p{L}/u.test(ch))
    return pick(
      rnd,
      [..."aekmrtw"].filter((c) => c !== ch.toLowerCase()),
    );
  return pick(
    rnd,
    ["\u00a2", ".", ",", "7"].filter((c) => c !== ch),
  );
}

/** The reading with one misreading at character `at` (0-based): changed, dropped, or a character
 * added after it; or, at the end, the tail from `at` on lost (a label cut short). */
function misread(rnd: () => number, v: string, at: number, how = int(rnd, 0, 3)): string {
  const chars = [...v];
  if (how === 0) chars[at] = misreadOf(rnd, chars[at]!);
  else if (how === 1) chars.splice(at, 1);
  else if (how === 2) chars.splice(at + 1, 0, misreadOf(rnd, chars[at]!));
  else chars.splice(at);
  return chars.join("");
}

/** The places (characters) of `v` that count: letters, digits, separators and signs. */
const places = (v: string) =>
  [...v]
    .map((ch, i) => ({ ch, i }))
    .filter(({ ch }) => /[\p{L}\p{N}.,%-]/u.test(ch))
    .map(({ i }) => i);

const CASES = 400;

test("generated family: two engines each misreading another part of the value are outvoted there (resolved, not queued)", () => {
  let exercised = 0;
  for (let seed = 1; seed <= 2 * CASES; seed++) {
    const rnd = random(seed);
    const v = value(rnd, PLAIN_WORDS);
    const chars = [...v];
    // Places whose character repeats neither neighbour (a lost "8" of "888" could be any of them).
    const at = places(v).filter((i) => chars[i] !== chars[i - 1] && chars[i] !== chars[i + 1]);
    if (at.length < 2) continue;
    // Two different places, far enough apart that neither misreading reaches the other's (a lost
    // tail goes last).
    const first = at[0]!;
    const second = at[int(rnd, 1, at.length - 1)]!;
    if (second - first < 4) continue;
    const readings = {
      "pdf-text": v,
      "ocr-1": misread(rnd, v, first, int(rnd, 0, 2)),
      "ocr-2": misread(rnd, v, second),
    };
    if (rnd() < 0.5) [readings["ocr-1"], readings["ocr-2"]] = [readings["ocr-2"], readings["ocr-1"]];
    const verdict = voteOnReadings(readings);
    if (verdict.confidence === "verified") continue; // a misreading the marks rule already reads alike
    exercised++;
    assert.equal(verdict.confidence, "resolved", `seed ${seed}: ${JSON.stringify(readings)} -> ${JSON.stringify(verdict)}`);
    assert.equal(verdict.value, v, `seed ${seed}: the text layer's spelling is delivered`);
    assert.deepEqual(Object.keys(verdict.readings ?? {}).sort(), ["ocr-1", "ocr-2", "pdf-text"], `seed ${seed}: every reading kept`);
    const cell: Cell = { ...verdict };
    assert.equal(queueLevel(cell), "resolved");
    assert.equal(reviewItems([table([[cell]])]).length, 0, `seed ${seed}: not in the default queue`);
    // One engine alone is no majority: with only one OCR reading the cell is not resolved.
    assert.notEqual(voteOnReadings({ "pdf-text": v, "ocr-1": readings["ocr-1"] }).confidence, "resolved", `seed ${seed} (one family)`);
  }
  assert.ok(exercised > CASES * 0.6, `the family exercised ${exercised} cells`);
});

test("generated family: a truthful value both engines misread at the same place stays disputed", () => {
  for (let seed = 1; seed <= CASES; seed++) {
    const rnd = random(seed * 31);
    const v = value(rnd);
    const at = pick(rnd, places(v));
    const readings = { "pdf-text": v, "ocr-1": misread(rnd, v, at, 0), "ocr-2": misread(rnd, v, at, int(rnd, 0, 1)) };
    const verdict = voteOnReadings(readings);
    if (verdict.confidence === "verified" || comparisonKey(readings["ocr-1"]) === comparisonKey(v)) continue;
    assert.equal(verdict.confidence, "disputed", `seed ${seed}: ${JSON.stringify(readings)} -> ${JSON.stringify(verdict)}`);
  }
});

/** A lie: the value with one digit, letter, separator or sign changed (hidden text over other glyphs). */
function lie(rnd: () => number, v: string): { told: string; at: number } {
  const at = pick(rnd, places(v));
  const chars = [...v];
  const ch = chars[at]!;
  chars[at] = ch === "-" ? "" : ch === "." ? "," : ch === "," ? "." : ch === "%" ? "" : misreadOf(rnd, ch);
  return { told: chars.join(""), at };
}

test("generated family: a lying text layer is disputed even when each engine also misreads another part", () => {
  let lies = 0;
  for (let seed = 1; seed <= CASES; seed++) {
    const rnd = random(seed * 7919);
    const truth = value(rnd);
    const { told } = lie(rnd, truth);
    if (comparisonKey(told) === comparisonKey(truth)) continue;
    // Each engine reads the drawn value, and sometimes misreads a character of its own choosing
    // as well (the lie's place included: then it reads something else there, never the lie).
    const read = () => (rnd() < 0.7 ? misread(rnd, truth, pick(rnd, places(truth)), int(rnd, 0, 2)) : truth);
    const readings = { "pdf-text": told, "ocr-1": read(), "ocr-2": read() };
    // An engine whose misreading happens to give the lie's own value (a "%" read as a speck where
    // the lie dropped it) is the text layer's ally, as in the whole-value vote: not this family.
    const readsLie = (r: string) => comparisonKey(r) === comparisonKey(told) || readsTextLayerValue(comparisonKey(told), comparisonKey(r));
    if ([readings["ocr-1"], readings["ocr-2"]].some(readsLie)) continue;
    const verdict = voteOnReadings(readings);
    assert.equal(verdict.confidence, "disputed", `seed ${seed}: ${JSON.stringify(readings)} over ${truth} -> ${JSON.stringify(verdict)}`);
    lies++;
  }
  assert.ok(lies > CASES * 0.8, `the family exercised ${lies} lies`);
});

const MARKERS = ["(Z)", "(X)", "(D)", "(NA)", "(S)", "(B)", "(NZ)"];

test("generated family: census markers read with Z as 2 or one bracket lost are read alike; a changed code is disputed", () => {
  for (let seed = 1; seed <= CASES; seed++) {
    const rnd = random(seed * 101);
    const marker = pick(rnd, MARKERS);
    const variants = [marker.replace(/Z/g, "2"), marker.slice(1), marker.slice(0, -1), marker.replace(/Z/g, "2").slice(1)];
    const read = () => pick(rnd, variants);
    const one = read();
    const both = voteOnReadings({ "pdf-text": marker, "ocr-1": one, "ocr-2": read() });
    assert.equal(both.confidence, "verified", `seed ${seed}: ${marker} read ${one}`);
    assert.equal(both.value, marker);
    assert.equal(voteOnReadings({ "pdf-text": marker, "ocr-1": one }).confidence, "verified", `seed ${seed} (one family)`);
    // Another code drawn under the text layer's, brackets kept or one lost: disputed.
    const drawn = pick(
      rnd,
      MARKERS.filter((m) => m.replace(/Z/g, "2") !== marker.replace(/Z/g, "2")),
    );
    const lost = rnd() < 0.5 ? drawn : drawn.slice(1);
    assert.equal(
      voteOnReadings({ "pdf-text": marker, "ocr-1": drawn, "ocr-2": lost }).confidence,
      "disputed",
      `seed ${seed}: ${marker} over ${drawn}`,
    );
    assert.equal(voteOnReadings({ "pdf-text": marker, "ocr-1": lost }).confidence, "disputed", `seed ${seed}: ${marker} over ${lost}`);
  }
  // Brackets are still values: a drawn "5" under the text layer's "(5)" is read without both.
  assert.equal(voteOnReadings({ "pdf-text": "(5)", "ocr-1": "5", "ocr-2": "5" }).confidence, "disputed");
  assert.equal(voteOnReadings({ "pdf-text": "5", "ocr-1": "(5)", "ocr-2": "(5)" }).confidence, "disputed");
});

test("character majority: the places an alignment changes, every alignment of least cost counted", () => {
  assert.deepEqual([...changedPlaces([..."-79.9"], [..."79.9"])], [1]);
  assert.deepEqual(
    [...changedPlaces([..."16,876"], [..."16,8767"])].sort((a, b) => a - b),
    [12],
  );
  // "WJIII" read "WJI": any two of the three I's may be the lost ones.
  assert.deepEqual(
    [...changedPlaces([..."wjiii"], [..."wji"])].sort((a, b) => a - b),
    [5, 7, 9],
  );
  assert.equal(settledCharacterByCharacter("WJIII", ["WJTII", "WJI"]), false);
  assert.equal(settledCharacterByCharacter("-79.9", ["-79.8", "79.9"]), true);
  assert.equal(settledCharacterByCharacter("-79.9", ["-79.8"]), false, "one engine is no majority");
  assert.equal(settledCharacterByCharacter("17", ["42", "42"]), false);
  // "(Z)" over a drawn "(NZ)": one engine adds the "N", the other loses "(" beside it.
  assert.equal(settledCharacterByCharacter("(Z)", ["(NZ)", "NZ)"]), false);
});

const table = (rows: Cell[][]): Table => tableFixture(rows);

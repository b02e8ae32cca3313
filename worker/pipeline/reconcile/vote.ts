// The vote over a cell's value readings:
//   - two or more readings, all equal          -> verified,   sources = all of them
//   - three or more, a strict majority equal   -> resolved,   sources = the majority, readings = all
//     ...unless the text layer is the one outvoted (below): then disputed
//   - the text layer and two or more OCR readings that each misread another part of it, so a
//     majority backs every character (character-majority.ts) -> resolved, sources = all of them
//   - exactly one reading                      -> unverified, sources = that one
//   - readings disagree, no majority           -> disputed,   provisional, readings = all,
//                                                 value = the most trusted reading (VALUE_PRIORITY),
//                                                 or without a text layer the one the OCR
//                                                 tie-breaks pick (ocrTieBreak below)
// `readings` appears only when readings disagree; `provisional` only on disputed.
// This is the value vote; the structure vote (structure-vote.ts) then checks each cell's
// boundaries against the structure readings and can only lower what this gives.
//
// A reading that ran but saw nothing in the cell abstains: OCR drops small isolated marks ("-",
// "5") far more often than it invents them, and counting its silence as a vote for "empty" would
// turn a missed glyph into a dispute (or out-vote a correct value). Hidden text over a blank area
// therefore comes out unverified (one reading), not verified. When every reading saw nothing the
// cell is empty, verified if two or more readings looked.
//
// OCR readings never outvote the text layer (rather than a plain majority, chosen on
// measurement): on the EU set with both OCR engines, 30 cells had two OCR readings agreeing
// against the text layer; the text layer matched the ground truth in all 30, the OCR majority in
// at most one. The two engines share blind spots (letters outside their
// alphabet: "è" read as "e"; "CO2" read as "C02"), so their agreement there is not independent
// evidence. Such a cell is disputed: the text layer's value, provisional, every reading shown, and
// a person settles it (a forged text layer over different glyphs lands here too).
import type { Cell, CellSource } from "../../../lib/result/schema";
import { comparisonKey, displayText, normaliseText } from "./normalise";
import { withoutExtrasIndex } from "./extra-tokens";
import { keptSeparatorIndex } from "./dropped-separator";
import { keptSignIndex } from "./lost-sign";
import { RECONCILE_SETTINGS } from "./settings";
import { OCR_SOURCES } from "../../../lib/ocr/engine-names";
import { readsTextLayerValue } from "./marks-only";
import { withoutEdgeRulings } from "./edge-rulings";
import { settledCharacterByCharacter } from "./character-majority";

/** Which reading's spelling becomes the value when the vote cannot decide: the text layer is the
 * document's own text; then the OCR engines, then anything else in insertion order. */
export const VALUE_PRIORITY: readonly CellSource[] = ["pdf-text", ...OCR_SOURCES];

/** The text each reading saw, keyed by source; a missing key means the reading did not run on
 * this page (disabled or failed), an empty string that it ran and saw nothing here. */
export type CellReadings = Partial<Record<CellSource, string>>;

/** How sure each reading is of its text (0..1, OCR engines' word confidences), keyed by source. */
export type ReadingConfidences = Partial<Record<CellSource, number>>;

export type Verdict = Pick<Cell, "value" | "confidence" | "sources" | "readings" | "provisional">;

/** `textLayerAsCompared`: the text layer's reading with its raised footnote marks made marks
 * (raised-marks.ts), used only to tell whether an OCR reading reads the text layer's value; the
 * delivered spelling stays the text layer's own. */
export function voteOnReadings(readings: CellReadings, confidences: ReadingConfidences = {}, textLayerAsCompared?: string): Verdict {
  const present = orderByPriority(Object.keys(readings) as CellSource[]);
  const spoken = present
    .map((source) => {
      // Ruling glyphs glued to a cell's edge are part of no OCR reading (edge-rulings.ts).
      const raw = source === "pdf-text" ? (readings[source] ?? "") : withoutEdgeRulings(readings[source] ?? "");
      return { source, text: displayText(raw), key: comparisonKey(raw) };
    })
    .filter((r) => r.key !== "");
  // An OCR reading that reads the text layer's value and fails only on what OCR cannot see (a
  // dagger read as "t", an accent or a thin space dropped, "CO2" as "C02") votes with the text
  // layer (marks-only.ts).
  const textLayer = spoken.find((r) => r.source === "pdf-text");
  const compared = textLayer ? (textLayerAsCompared !== undefined ? comparisonKey(textLayerAsCompared) : textLayer.key) : "";
  if (textLayer) {
    for (const r of spoken) if (r !== textLayer && readsTextLayerValue(compared, r.key)) r.key = textLayer.key;
  }

  if (spoken.length === 0) {
    return present.length >= 2
      ? { value: "", confidence: "verified", sources: present }
      : { value: "", confidence: "unverified", sources: present };
  }
  if (spoken.length === 1) {
    const only = spoken[0]!;
    return { value: only.text, confidence: "unverified", sources: [only.source] };
  }

  // Groups of agreeing readings, in priority order of their first member.
  const groups = new Map<string, typeof spoken>();
  for (const reading of spoken) {
    const group = groups.get(reading.key);
    if (group) group.push(reading);
    else groups.set(reading.key, [reading]);
  }
  const ordered = [...groups.values()];
  const first = ordered[0]!;
  if (ordered.length === 1) {
    return { value: first[0]!.text, confidence: "verified", sources: first.map((r) => r.source) };
  }

  const everyVersion: Record<string, string> = {};
  for (const reading of spoken) everyVersion[reading.source] = reading.text;
  const largest = ordered.reduce((best, group) => (group.length > best.length ? group : best), first);
  // `spoken` is in priority order, so a text layer that spoke leads `first`.
  const outvotesTextLayer = first[0]!.source === "pdf-text" && largest !== first;
  if (spoken.length >= 3 && largest.length * 2 > spoken.length && !outvotesTextLayer) {
    return { value: largest[0]!.text, confidence: "resolved", sources: largest.map((r) => r.source), readings: everyVersion };
  }
  // OCR readings that each misread another part of the text layer's value: every character is
  // backed by the text layer and the engines that read it alike (character-majority.ts).
  if (
    first[0]!.source === "pdf-text" &&
    settledCharacterByCharacter(
      compared,
      spoken.filter((r) => !first.includes(r)).map((r) => r.key),
      first.length - 1,
    )
  ) {
    return { value: first[0]!.text, confidence: "resolved", sources: spoken.map((r) => r.source), readings: everyVersion };
  }
  // Without the text layer, OCR readings that differ only by a separator or a sign one of them lost
  // show the one that kept it (dropped-separator.ts, lost-sign.ts), a reading that is another
  // plus words or noise glyphs only it saw shows the other (extra-tokens.ts), and failing those a
  // reading its engine was unsure of shows the other when that one's engine was sure
  // (`confidences`, surerIndex). The cell stays disputed either way, with every reading.
  const shown =
    first[0]!.source === "pdf-text"
      ? first
      : ordered[
          ocrTieBreak(
            ordered.map((group) => group[0]!),
            confidences,
          )
        ]!;
  return {
    value: shown[0]!.text,
    confidence: "disputed",
    sources: shown.map((r) => r.source),
    readings: everyVersion,
    provisional: true,
  };
}

/** Which of disagreeing OCR readings (one per group, in priority order) a disputed cell shows. */
/** The first rule that can tell decides (each gives -1 when it cannot); else the first reading. */
function ocrTieBreak(readings: ReadonlyArray<{ source: CellSource; key: string; text: string }>, confidences: ReadingConfidences): number {
  const keys = readings.map((r) => r.key);
  const rules = [
    () => keptSeparatorIndex(keys),
    () => keptSignIndex(keys),
    () => withoutExtrasIndex(readings.map((r) => normaliseText(r.text))),
    () => surerIndex(readings.map((r) => confidences[r.source])),
  ];
  for (const rule of rules) {
    const pick = rule();
    if (pick >= 0) return pick;
  }
  return 0;
}

/** The reading its engine was sure of, when the first (the vote's priority) was unsure: the first's
 * least confident word in the cell below `ocrUnsureBelow`, another's all at least `ocrSureFrom`.
 * Otherwise -1. */
function surerIndex(confidences: ReadonlyArray<number | undefined>): number {
  const first = confidences[0];
  if (first === undefined || first >= RECONCILE_SETTINGS.ocrUnsureBelow) return -1;
  return confidences.findIndex((c, i) => i > 0 && c !== undefined && c >= RECONCILE_SETTINGS.ocrSureFrom);
}

function orderByPriority(sources: CellSource[]): CellSource[] {
  const rank = (s: CellSource) => {
    const i = VALUE_PRIORITY.indexOf(s);
    return i === -1 ? VALUE_PRIORITY.length : i;
  };
  return sources
    .map((s, i) => ({ s, i }))
    .sort((a, b) => rank(a.s) - rank(b.s) || a.i - b.i)
    .map((x) => x.s);
}

// Words to lines and lines to chunks (runs of words separated by less than a column gap).
import type { Box, TextLine, Word } from "../types";
import { SETTINGS } from "../settings";
import { boxUnion, median } from "./box";
import { isIntervalPair } from "./interval-values";
import { joinSuperscripts, type SuperscriptRule } from "./superscripts";

const SUPERSCRIPTS: SuperscriptRule = {
  sizeRatio: SETTINGS.superscriptSizeRatio,
  gapEm: SETTINGS.superscriptGapEm,
  maxChars: SETTINGS.superscriptMaxChars,
};

/** Groups left-to-right words into lines by vertical centre; lines come out top to bottom, words
 * left to right. Words of other directions are left out (see rotated side labels). */
export function wordsToLines(words: Word[], centerToleranceEm: number, superscripts: SuperscriptRule = SUPERSCRIPTS): TextLine[] {
  // By vertical centre, then left edge; each centre computed once, not at every comparison (the
  // sort is stable either way, so ties keep the words' order).
  const horizontal = words.filter((w) => w.dir === 0);
  const centers = horizontal.map(center);
  const order = [...horizontal.keys()].sort((a, b) => centers[a]! - centers[b]! || horizontal[a]!.box[0] - horizontal[b]!.box[0]);
  const groups: Array<{ center: number; size: number; words: Word[] }> = [];
  for (const index of order) {
    const word = horizontal[index]!;
    const c = centers[index]!;
    // Look back over the last few lines: a superscript can start a line slightly higher.
    let target: (typeof groups)[number] | undefined;
    for (let k = groups.length - 1; k >= 0 && k >= groups.length - 3; k--) {
      const g = groups[k]!;
      if (Math.abs(g.center - c) <= Math.min(g.size, word.size) * centerToleranceEm) {
        target = g;
        break;
      }
    }
    if (target) {
      target.words.push(word);
      target.center = (target.center * (target.words.length - 1) + c) / target.words.length;
    } else {
      groups.push({ center: c, size: word.size, words: [word] });
    }
  }
  return joinSuperscripts(groups, superscripts)
    .map((g) => makeLine(g.words.sort((a, b) => a.box[0] - b.box[0])))
    .sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
}

export function makeLine(words: Word[]): TextLine {
  return {
    words,
    box: boxUnion(words.map((w) => w.box)) as Box,
    text: wordsToLineText(words),
    size: median(
      words.map((w) => w.size),
      10,
    ),
    bold: words.every((w) => w.bold),
  };
}

/** Hebrew, Arabic, Syriac, Thaana and their presentation forms. */
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/** The text of words in left-to-right page order: a run of right-to-left words is read from its
 * right end (the words themselves come from the text layer in logical order, pdf-text.ts). */
export function wordsToLineText(words: readonly Word[]): string {
  // One word reads the same either way (most chunks and cells).
  if (words.length === 1) return words[0]!.text;
  // Asked for every line of every reading: no array per word, only the texts in reading order.
  const out: string[] = [];
  let runStart = -1;
  for (let i = 0; i < words.length; i++) {
    const text = words[i]!.text;
    if (RIGHT_TO_LEFT.test(text)) {
      if (runStart < 0) runStart = i;
      continue;
    }
    for (let k = i - 1; runStart >= 0 && k >= runStart; k--) out.push(words[k]!.text);
    runStart = -1;
    out.push(text);
  }
  for (let k = words.length - 1; runStart >= 0 && k >= runStart; k--) out.push(words[k]!.text);
  return out.join(" ");
}

function center(word: Word): number {
  return (word.box[1] + word.box[3]) / 2;
}

const NUMBER = /^[-+−–(]?[$€£]?\d[\d.,]*([-–]\d[\d.,]*)?%?\)?$/;
const THOUSANDS_GROUP = /^\d{3}([.,]\d+)?\)?%?$/;
/** A share in brackets after a count, "38 (24.7%)": one value, not two cells. */
const BRACKETED_SHARE = /^\(\d[\d.,]*\s?%\)$/;
const PLAIN_COUNT = /^[$€£]?\d[\d.,]*$/;

/** Splits a line where the gap between neighbouring words is wider than `gapEm` ems, and between
 * two numbers separated by more than `numberGapEm` (two numbers side by side are two cells unless
 * the second is a thousands group written with a space, "100 000", or a bracketed share of the
 * first, "38 (24.7%)"). */
export function lineToChunks(line: TextLine, gapEm: number, numberGapEm = gapEm): TextLine[] {
  const chunks: Word[][] = [];
  for (const word of line.words) {
    const chunk = chunks[chunks.length - 1];
    const prev = chunk?.[chunk.length - 1];
    const gap = prev ? word.box[0] - prev.box[2] : Infinity;
    const em = Math.max(prev?.size ?? 0, word.size);
    if (chunk && prev && gap < em * gapEm && !isNumberBreak(prev, word, gap >= em * numberGapEm)) chunk.push(word);
    else chunks.push([word]);
  }
  return chunks.map(makeLine);
}

/** Two numbers side by side at least a number gap apart (`wideGap`) are two cells, unless the
 * second is a thousands group, a bracketed share or the end of an interval. The gap is tested
 * first: lineToChunks asks for every word of every line, and most gaps settle it alone. */
function isNumberBreak(prev: Word, word: Word, wideGap: boolean): boolean {
  if (!wideGap || !NUMBER.test(prev.text) || !NUMBER.test(word.text)) return false;
  const spaceGrouped = /^[-+−–(]?\d{1,3}$/.test(prev.text) && THOUSANDS_GROUP.test(word.text);
  const shareOfCount = PLAIN_COUNT.test(prev.text) && BRACKETED_SHARE.test(word.text);
  return !spaceGrouped && !shareOfCount && !isIntervalPair(prev.text, word.text);
}

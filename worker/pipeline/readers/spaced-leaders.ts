// Dot leaders set in a proportional font are often spaced, ". . . . . . .": the text layer gives
// one word per dot, which neither a leader word ("......") nor a trailing leader ("Total.....")
// matches, so the dots would join the row label's text ("Croatia . . . . ."). A run of at least
// `minDots` single-dot words, each within `maxGapEm` of the one before, the first within
// `startGapEm` after a word of the same line, is a leader (drawing, not text) and is dropped.
// Fewer dots, or dots not after a label, stay (a lone "..." or ". ." in a cell can be a
// placeholder). Generated family proportional-leaders (tests/pdf/corpus).
import type { Word } from "../types";

const DOT = /^[.\u00B7\u2024\u2027\u2219]$/;

export interface SpacedLeaderRule {
  minDots: number;
  /** Between two dots, ems. */
  maxGapEm: number;
  /** Between the label and the first dot, ems. */
  startGapEm: number;
}

function sameLine(a: Word, b: Word): boolean {
  return a.dir === b.dir && Math.abs(a.box[3] - b.box[3]) < Math.min(a.size, b.size) * 0.3;
}

export function dropSpacedLeaders(words: readonly Word[], rule: SpacedLeaderRule): Word[] {
  const kept: Word[] = [];
  let k = 0;
  while (k < words.length) {
    const word = words[k]!;
    const prev = kept[kept.length - 1];
    if (word.dir === 0 && DOT.test(word.text) && prev && !DOT.test(prev.text) && sameLine(prev, word)) {
      let end = k;
      let last = prev;
      while (end < words.length) {
        const dot = words[end]!;
        const gap = dot.box[0] - last.box[2];
        if (!DOT.test(dot.text) || !sameLine(last, dot) || gap < -0.5 || gap > dot.size * (last === prev ? rule.startGapEm : rule.maxGapEm)) break;
        last = dot;
        end++;
      }
      if (end - k >= rule.minDots) {
        k = end;
        continue;
      }
    }
    kept.push(word);
    k++;
  }
  return kept;
}

// Typewriter tables draw their rules and leaders with characters: a line of dashes under the
// header ("-----  -----"), dot leaders from a row label to its first number ("Energy ......").
// They are drawing, not text: a word made only of rule characters becomes a horizontal ruling at
// its middle (the table readers then treat it like a drawn rule), and a word made only of leader
// dots right after a label (within a space) is dropped, as is a run of leader dots ending a word
// ("Energy........"). Dots standing alone in a cell ("..", Eurostat's "not available") stay.
import type { Ruling, Word } from "../types";

/** Dashes, equals signs, underscores and box-drawing lines, optionally with "+" joints. */
const RULE_WORD = /^\+?(?:[-=_\u2010-\u2015\u2500\u2501\u2550~]{2,}\+?)+$/;
/** Dots and middle dots, or an ellipsis character, repeated. */
const LEADER_WORD = /^[.\u00B7\u2026\u2024]{2,}$/;
const TRAILING_LEADER = /[.\u00B7\u2026\u2024]{4,}$/;

export function isRuleWord(text: string): boolean {
  return RULE_WORD.test(text) && text.replace(/\+/g, "").length >= 3;
}

export function textRulesToRulings(words: readonly Word[]): { words: Word[]; rulings: Ruling[] } {
  const kept: Word[] = [];
  const rulings: Ruling[] = [];
  for (const word of words) {
    if (word.dir === 0 && isRuleWord(word.text)) {
      rulings.push({ orientation: "h", pos: (word.box[1] + word.box[3]) / 2, start: word.box[0], end: word.box[2] });
      continue;
    }
    const prev = kept[kept.length - 1];
    const followsLabel = prev !== undefined && !LEADER_WORD.test(prev.text) && Math.abs(prev.box[3] - word.box[3]) < word.size * 0.3 && word.box[0] - prev.box[2] >= 0 && word.box[0] - prev.box[2] < word.size;
    if (word.dir === 0 && LEADER_WORD.test(word.text) && followsLabel) continue;
    if (word.dir === 0 && TRAILING_LEADER.test(word.text)) {
      const text = word.text.replace(TRAILING_LEADER, "");
      if (text !== "") {
        // The box shrinks with the text (characters share the run's width evenly, as in pdf-text).
        const share = [...text].length / [...word.text].length;
        kept.push({ ...word, text, box: [word.box[0], word.box[1], word.box[0] + (word.box[2] - word.box[0]) * share, word.box[3]] });
      }
      continue;
    }
    kept.push(word);
  }
  return { words: kept, rulings };
}

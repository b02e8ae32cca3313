// Typewriter tables draw their rules and leaders with characters: a line of dashes under the
// header ("-----  -----"), dot leaders from a row label to its first number ("Energy ......").
// They are drawing, not text: a word made only of rule characters becomes a horizontal ruling at
// its middle (the table readers then treat it like a drawn rule), and a word made only of leader
// dots right after a label (within a space) is dropped, as is a run of leader dots ending a word
// ("Energy........"), and so are leaders set with spaces (". . . . .", three dots or more in a
// row). Dots standing alone in a cell ("..", Eurostat's "not available") stay.
import type { Ruling, Word } from "../types";
import { characterEdges, faceMetrics } from "./character-advances";

/** Dashes, equals signs, underscores and box-drawing lines, optionally with "+" joints. */
const RULE_WORD = /^\+?(?:[-=_\u2010-\u2015\u2500\u2501\u2550~]{2,}\+?)+$/;
/** Dots and middle dots, or an ellipsis character, repeated. */
const LEADER_WORD = /^[.\u00B7\u2026\u2024]{2,}$/;
const TRAILING_LEADER = /[.\u00B7\u2026\u2024]{4,}$/;

export function isRuleWord(text: string): boolean {
  return RULE_WORD.test(text) && text.replace(/\+/g, "").length >= 3;
}

/** One dot (or middle dot) standing as a word: a piece of a leader set with spaces (". . . ."). */
const SPACED_DOT = /^[.\u00B7]$/;

/** Indices of words in spaced leaders: at least `SPACED_LEADER_MIN` single dots in a row on one
 * baseline, each within an em of the next (US statistical tables lead the eye from a label to its
 * values with ". . . . ."; a lone "." or ".." in a cell is a symbol and stays). */
function spacedLeaderWords(words: readonly Word[]): Set<number> {
  const out = new Set<number>();
  let start = 0;
  for (let k = 0; k <= words.length; k++) {
    const w = words[k];
    const prev = words[k - 1];
    const continues =
      w !== undefined &&
      w.dir === 0 &&
      SPACED_DOT.test(w.text) &&
      k > start &&
      prev !== undefined &&
      Math.abs(prev.box[3] - w.box[3]) < w.size * 0.3 &&
      w.box[0] - prev.box[2] >= 0 &&
      w.box[0] - prev.box[2] < w.size;
    if (continues) continue;
    if (k - start >= SPACED_LEADER_MIN) for (let j = start; j < k; j++) out.add(j);
    start = w !== undefined && w.dir === 0 && SPACED_DOT.test(w.text) ? k : k + 1;
  }
  return out;
}

/** Three dots in a row: fewer could be an ellipsis or a "not available" symbol set with spaces. */
const SPACED_LEADER_MIN = 3;

export function textRulesToRulings(words: readonly Word[], dropSpacedLeaders = true): { words: Word[]; rulings: Ruling[] } {
  const kept: Word[] = [];
  const rulings: Ruling[] = [];
  const leaders = dropSpacedLeaders ? spacedLeaderWords(words) : new Set<number>();
  for (const [index, word] of words.entries()) {
    if (leaders.has(index)) continue;
    if (word.dir === 0 && isRuleWord(word.text)) {
      rulings.push({ orientation: "h", pos: (word.box[1] + word.box[3]) / 2, start: word.box[0], end: word.box[2] });
      continue;
    }
    const prev = kept[kept.length - 1];
    const followsLabel =
      prev !== undefined &&
      !LEADER_WORD.test(prev.text) &&
      Math.abs(prev.box[3] - word.box[3]) < word.size * 0.3 &&
      word.box[0] - prev.box[2] >= 0 &&
      word.box[0] - prev.box[2] < word.size;
    if (word.dir === 0 && LEADER_WORD.test(word.text) && followsLabel) continue;
    if (word.dir === 0 && TRAILING_LEADER.test(word.text)) {
      const text = word.text.replace(TRAILING_LEADER, "");
      if (text !== "") {
        // The box shrinks with the text, each character taking its share of the word's width as
        // in pdf-text (by width: the word carries a leader, whose dots are narrow).
        const share = characterEdges([...word.text], faceMetrics(word.font, word.monospace === true ? "monospace" : undefined, word.bold))[
          [...text].length
        ]!;
        kept.push({ ...word, text, box: [word.box[0], word.box[1], word.box[0] + (word.box[2] - word.box[0]) * share, word.box[3]] });
      }
      continue;
    }
    kept.push(word);
  }
  return { words: kept, rulings };
}

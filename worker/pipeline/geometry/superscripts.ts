// Footnote marks set as superscripts: a smaller digit (or letter, "*") raised after a word
// ("Tomatoes²" drawn as "Tomatoes" and a 60% "2"). Its vertical centre sits well above the
// line's, so grouping words by centre makes it a line of its own, and a table then gets a row
// holding nothing but the mark. A group of small words that stand raised against a line and each
// touch the word before them (no space between) belongs to that line. Generated family
// sparse-placeholders (tests/pdf/corpus).
import type { Word } from "../types";

export interface SuperscriptRule {
  /** A mark's font is at most this share of the line's. */
  sizeRatio: number;
  /** ...starts within this many ems (of the line's size) of the end of the word it is attached
   * to, either side (the text layer's widths and a kerned mark may overlap the word slightly). */
  gapEm: number;
  /** ...and is short (footnote marks: "2", "12", "a", "*"). */
  maxChars: number;
}

interface Group {
  center: number;
  size: number;
  words: Word[];
}

function isMarkOf(mark: Group, line: Group, rule: SuperscriptRule): boolean {
  if (mark === line || mark.words.some((w) => w.size > line.size * rule.sizeRatio || [...w.text].length > rule.maxChars)) return false;
  const top = Math.min(...line.words.map((w) => w.box[1]));
  const bottom = Math.max(...line.words.map((w) => w.box[3]));
  // Raised: its centre above the line's, its box overlapping the line's.
  if (mark.center >= line.center) return false;
  if (!mark.words.every((w) => w.box[3] > top && w.box[1] < bottom)) return false;
  // Each mark touches the end of a word of the line (a word, not a bracket or a dash: "( 4 )" is
  // a raised reference in running text, not a mark on a label), and ends that word: no word of the
  // line follows it closer than a space.
  const gapAfter = (a: Word, b: Word) => b.box[0] - a.box[2];
  return mark.words.every(
    (m) =>
      line.words.some((w) => /[\p{L}\p{N}]/u.test(w.text) && Math.abs(gapAfter(w, m)) <= line.size * rule.gapEm) &&
      !line.words.some((w) => w !== m && Math.abs(gapAfter(m, w)) <= line.size * rule.gapEm),
  );
}

/** Merges groups of superscript marks into the line they are attached to. */
export function joinSuperscripts<G extends Group>(groups: G[], rule: SuperscriptRule): G[] {
  const out = [...groups];
  for (const mark of groups) {
    const line = out.find((g) => isMarkOf(mark, g, rule));
    if (!line) continue;
    line.words.push(...mark.words);
    out.splice(out.indexOf(mark), 1);
  }
  return out;
}

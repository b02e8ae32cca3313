// Prose from the text layer: lines outside tables, split at column gutters, grouped into blocks
// (paragraphs and headings) by vertical gap, alignment and font; role and level from font size and
// weight, for a block whose text can be a heading at all (readsAsHeading: not a page number, not
// a sentence).
import type { Box, TextLine, Word } from "../types";
import { boxUnion, median } from "../geometry/box";
import { lineToChunks, wordsToLines } from "../geometry/words-to-lines";
import type { Settings } from "../settings";

export interface ProseBlock {
  text: string;
  box: Box;
  role: "heading" | "paragraph";
  level: number;
  size: number;
}

export function wordsToProseBlocks(words: Word[], settings: Settings): ProseBlock[] {
  const lines = wordsToLines(words, settings.lineCenterToleranceEm).flatMap((l) => lineToChunks(l, settings.proseColumnGapEm));
  if (lines.length === 0) return [];
  const bodySize = median(
    lines.flatMap((l) => l.words.map((w) => w.size)),
    10,
  );
  // Group: a line joins the block whose last line sits just above it and overlaps it in x.
  const blocks: TextLine[][] = [];
  const sorted = [...lines].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
  for (const line of sorted) {
    const target = blocks.find((block) => {
      const last = block[block.length - 1]!;
      const gap = line.box[1] - last.box[3];
      const overlapX = Math.min(line.box[2], last.box[2]) - Math.max(line.box[0], last.box[0]);
      const sameStyle = Math.abs(last.size - line.size) < 0.6 && last.bold === line.bold;
      return sameStyle && overlapX > 0 && gap > -line.size * 0.5 && gap < line.size * settings.paragraphGapLineHeights;
    });
    if (target) target.push(line);
    else blocks.push([line]);
  }
  const judged = blocks.map((block) => {
    const size = block[0]!.size;
    const text = block
      .map((l) => l.text)
      .join(" ")
      .replace(/- (?=[a-z])/g, "-")
      .replace(/\s+/g, " ")
      .trim();
    const isLarge = size >= bodySize * settings.headingSizeRatio;
    const isBoldLabel = block[0]!.bold && block.length <= 2 && text.length <= settings.maxHeadingChars && !/[.:;,]$/.test(text);
    const isHeading = ((isLarge && block.length <= 3) || isBoldLabel) && readsAsHeading(text, settings);
    return { block, size, text, isLarge, isHeading };
  });
  // Levels by the sizes of the blocks that are headings (a large page number or paragraph is no
  // level above them).
  const headingSizes = [...new Set(judged.filter((b) => b.isHeading && b.isLarge).map((b) => round1(b.size)))].sort((a, b) => b - a);
  return judged.map(({ block, size, text, isLarge, isHeading }) => {
    const level = isHeading ? (isLarge ? headingSizes.indexOf(round1(size)) + 1 : headingSizes.length + 1) : 0;
    return { text, box: boxUnion(block.map((l) => l.box))!, role: isHeading ? "heading" : "paragraph", level, size };
  });
}

/** Page furniture: a page number alone or with its word ("12", "- 12 -", "Page 3 of 10", "iv",
 * "p. 7"), which a larger or bold type does not make a heading. */
const PAGE_NUMBER = /^(?:page|p\.|pg\.|seite|pag\.)?\s*[-–—|]?\s*(?:\d+|[ivxlcdm]+)\s*[-–—|]?\s*(?:(?:of|\/)\s*\d+)?$/i;

/** Whether a block's text can be a heading at all: a name, not a number and not a sentence. It
 * is at most `maxHeadingChars` long, needs letters (a page number, a date or a figure has none
 * worth a heading), must not be page furniture, and must not end a sentence of
 * `headingMaxSentenceWords` words or more. */
export function readsAsHeading(text: string, settings: Pick<Settings, "headingMaxSentenceWords" | "maxHeadingChars">): boolean {
  if (text.length > settings.maxHeadingChars) return false;
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  if (letters < 2 || PAGE_NUMBER.test(text.trim())) return false;
  const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
  const endsSentence = /[^.]\.$/.test(text.trim()) && !/\b(?:etc|e\.g|i\.e|no|fig|vol|ch)\.$/i.test(text.trim());
  return !(endsSentence && words >= settings.headingMaxSentenceWords);
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

// Where a table's body breaks into groups under label-only rows (a group heading, a subgroup
// heading under it, then the members, often with a blank above the group), text-line runs end at
// the blank and the parts come out as regions of their own. Two questions decide whether the
// parts are one table: is the space between them what a table's own spacing gives for the label
// lines it holds, and are those lines row labels (set in the stub, left of every value column)?
import type { Box, TextLine } from "../types";
import { median } from "../geometry/box";
import { lineToChunks } from "../geometry/words-to-lines";
import { isNumeric } from "./cell-text";
import type { Settings } from "../settings";

function linesIn(box: Box, lines: readonly TextLine[]): TextLine[] {
  return lines.filter((l) => l.box[1] >= box[1] - 1 && l.box[3] <= box[3] + 1 && l.box[0] >= box[0] - 1 && l.box[2] <= box[2] + 1);
}

/** The median distance from one line's top to the next inside a region: its row pitch. */
export function rowPitch(box: Box, lines: readonly TextLine[]): number | null {
  const tops = linesIn(box, lines)
    .map((l) => l.box[1])
    .sort((a, b) => a - b);
  const steps = tops.slice(1).map((t, i) => t - tops[i]!);
  return steps.length ? median(steps, 0) : null;
}

/** The widest space between two stacked parts that still holds only the `between` label lines of
 * one table: each label line takes a row pitch, plus a blank of `sectionBlankPitches` pitches
 * (a group set apart by a blank line above it). Never less than `sectionGapEm` ems (the rule
 * before pitches were measured); with no label line between, that rule alone. */
export function sectionGapLimit(
  prev: Box,
  next: Box,
  between: number,
  lines: readonly TextLine[],
  size: number,
  settings: Settings,
): number {
  const byEm = size * settings.sectionGapEm;
  if (between === 0) return byEm;
  const pitches = [rowPitch(prev, lines), rowPitch(next, lines)].filter((p): p is number => p !== null && p > 0);
  if (pitches.length === 0) return byEm;
  const pitch = Math.min(...pitches);
  return Math.max(byEm, (between + 1 + settings.sectionBlankPitches) * pitch - size);
}

/** The left edge of the value columns of two stacked parts: the leftmost second chunk of their
 * lines of several chunks. */
export function valuesLeftOf(boxes: readonly Box[], lines: readonly TextLine[], settings: Settings): number {
  let left = Infinity;
  for (const box of boxes) {
    for (const line of linesIn(box, lines)) {
      const chunks = lineToChunks(line, settings.columnGapEm, settings.numberGapEm);
      if (chunks.length >= 2) left = Math.min(left, chunks[1]!.box[0]);
    }
  }
  return left;
}

/** A row label on a line of its own: one chunk, not a value, ending before the value columns
 * start (a title or a note runs across them). */
export function isStubLabel(line: TextLine, valuesLeft: number, settings: Settings): boolean {
  const chunks = lineToChunks(line, settings.columnGapEm, settings.numberGapEm);
  return chunks.length === 1 && !isNumeric(line.text) && line.box[2] <= valuesLeft + 1;
}

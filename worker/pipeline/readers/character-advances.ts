// Where each character of a glyph run sits along the run: pdf.js gives only the run's total
// advance, so the text layer's word boxes are cut from it by character. Equal shares are exact in a
// monospaced face and wrong elsewhere: a space is half as wide as a digit, a dot half a letter.
// - A run that carries a dot leader ("Water (net) ....................", one run): forty dots at
//   an equal share push the label's box back by twenty letters' worth, its cell box ends in the
//   middle of the label ("Water (n"), the OCR crop of the cell cuts the label's tail and the page's
//   OCR word for it falls outside the cell: the text layer is disputed where every reading read the
//   page right.
// - A run of words: an equal share makes each space as wide as a letter, so the gap between two
//   words of one run reads wider than it is printed (in 7 pt type "Second half" showed a 3.2 pt gap
//   for a 1.9 pt space) and a two-word label centred over two columns is cut at the gutter; a value
//   and its bracket ("(3,840) (28.0)") are placed a little off, so their columns line up less well.
//   Generated families read without OCR (development seeds 21-80, two variants): with widths in
//   every run, multi-level-header exact 112 -> 120 of 120 draws, reversed-header 117 -> 120,
//   band-subset wrong relations undisputed 9 -> 4, bracketed-columns 102 -> 103 exact; no family
//   read worse; the ICDAR 2013 sets' complete-process F1 unchanged.
//
// So each character gets a share proportional to its width in a standard face of the run's kind:
// Helvetica's metrics (as wide as Arial's) for a sans-serif face, Times' (as wide as Times New
// Roman's) for a serif one, each in its regular and its bold weight: narrow dots, spaces and "i",
// wide "m" and "W". A face that is neither (DejaVu, Calibri) has its own widths, but its spaces and
// dots are narrow too (character-advances.test.ts measures one). A character outside the tables
// counts as an average letter. A monospaced face keeps equal shares, which are exact there.
// Times read by Helvetica's widths was off by up to 0.18 em at a word's edge, enough to close a
// half-em gap between two column names set in one run ("Turnover Stocks", bold Times at 9 pt: a
// 4.9 pt gap read as 2.6 pt).
import type { Settings } from "../settings";

/** Which widths a run is cut by (facePitch). */
export type FaceMetrics = "monospace" | "sans" | "sans-bold" | "serif" | "serif-bold";

/** Advance widths (1/1000 em) of the printable ASCII characters, from " " (32) to "~" (126), from
 * the standard 14 fonts' metrics (Adobe AFM, as pdf-lib's standard fonts carry them). */
const ASCII_WIDTHS: Record<Exclude<FaceMetrics, "monospace">, readonly number[]> = {
  sans: [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278,
    278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
    667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556,
    556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
  ],
  "sans-bold": [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333,
    333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722,
    667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611,
    611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
  ],
  serif: [
    250, 333, 408, 500, 500, 833, 778, 180, 333, 333, 500, 564, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 278,
    278, 564, 564, 564, 444, 921, 722, 667, 667, 722, 611, 556, 722, 722, 333, 389, 722, 611, 889, 722, 722, 556, 722, 667, 556, 611, 722,
    722, 944, 722, 722, 611, 333, 278, 333, 469, 500, 333, 444, 500, 444, 500, 444, 333, 500, 500, 278, 278, 500, 278, 778, 500, 500, 500,
    500, 333, 389, 278, 500, 500, 722, 500, 500, 444, 480, 200, 480, 541,
  ],
  "serif-bold": [
    250, 333, 555, 500, 500, 1000, 833, 278, 333, 333, 500, 570, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 333,
    333, 570, 570, 570, 500, 930, 722, 667, 722, 722, 667, 611, 778, 778, 389, 500, 778, 667, 944, 722, 778, 611, 778, 722, 556, 667, 722,
    722, 1000, 722, 722, 667, 333, 278, 333, 581, 500, 333, 500, 556, 444, 556, 444, 333, 500, 556, 278, 333, 556, 278, 833, 556, 500, 556,
    556, 444, 389, 333, 556, 500, 722, 500, 500, 444, 394, 220, 394, 520,
  ],
};

/** Leader dots, a middle-dot leader, an ellipsis, spaces: narrow glyphs set in a row (Helvetica's
 * widths; a serif face's are within 30 of them). */
const OTHER_WIDTHS: Record<string, number> = { "\u00B7": 278, "\u2024": 278, "\u2026": 1000, "\u00A0": 278, "\u2009": 200 };

/** An average letter's width, for characters the tables do not hold. */
const AVERAGE = 556;

const MONOSPACED_NAME = /mono|courier|consol|typewriter|fixed/i;

/** Whether a face is monospaced: pdf.js says so (its text styles' family "monospace", from the
 * font's flags), or its name does. */
export function isMonospaced(fontName: string, family?: string): boolean {
  return family === "monospace" || MONOSPACED_NAME.test(fontName);
}

/** Which widths cut a face's runs: equal shares in a monospaced face; else Times' where pdf.js
 * calls the face serif (its flags) or its name says Times, Helvetica's elsewhere; bold weights
 * their own. */
export function faceMetrics(fontName: string, family: string | undefined, bold: boolean): FaceMetrics {
  if (isMonospaced(fontName, family)) return "monospace";
  const serif = family === "serif" || /times/i.test(fontName);
  return serif ? (bold ? "serif-bold" : "serif") : bold ? "sans-bold" : "sans";
}

function widthOf(ch: string, widths: readonly number[]): number {
  const code = ch.codePointAt(0) ?? 0;
  if (code >= 32 && code <= 126) return widths[code - 32]!;
  return OTHER_WIDTHS[ch] ?? AVERAGE;
}

/** Whether a face's glyphs are exactly as wide as its table says (faceMetrics), so that a run wider
 * than its glyphs holds that much more white space: its name holds one of `faces.standardWidthFaces`
 * and none of `faces.narrowFaceMarks`. */
export function hasStandardWidths(fontName: string, faces: Pick<Settings, "standardWidthFaces" | "narrowFaceMarks">): boolean {
  const name = fontName.toLowerCase();
  return faces.standardWidthFaces.some((face) => name.includes(face)) && !faces.narrowFaceMarks.some((mark) => name.includes(mark));
}

/** A run's advance, for a face with the standard widths: `em` the advance in ems, and the most
 * white space (ems) one space of it may hold. */
export interface RunAdvance {
  em: number;
  maxSpaceEm: number;
}

/** The position of each character's start along the run, as a share of its advance: `chars.length
 * + 1` values from 0 to 1 (the last is the run's end).
 * `advance`, for a face with the standard widths (hasStandardWidths): the run's advance in ems.
 * What the words' glyphs leave of it is the white space between them: a space's own width, but
 * pdf.js also joins two runs 0.1-0.6 em apart into one with a space for the gap (two column names
 * set close), and justified text widens its spaces; so the spaces share it, and each word keeps its
 * glyphs' width. Where a space would get less than its own width or more than pdf.js ever joins
 * (or there is none), every character is scaled alike. */
export function characterEdges(chars: readonly string[], metrics: FaceMetrics, advance?: RunAdvance): number[] {
  const table = metrics === "monospace" ? null : ASCII_WIDTHS[metrics];
  const widths = chars.map((ch) => (table ? widthOf(ch, table) : 1));
  if (table && advance !== undefined) {
    const isSpace = chars.map((ch) => /\s/.test(ch));
    const spaces = isSpace.filter(Boolean).length;
    const glyphs = widths.reduce((sum, w, i) => (isSpace[i] ? sum : sum + w), 0);
    const spaceWidth = widths[isSpace.indexOf(true)] ?? 0;
    const perSpace = spaces > 0 ? (advance.em * 1000 - glyphs) / spaces : 0;
    // At least a space's own width and at most the widest gap pdf.js joins. Less means
    // the glyphs are wider than the table says (an accent or a sign outside it, a face other than
    // its name says: "Ability to detect change" came out as one word), more means something else
    // (letters spaced out); then every character is scaled alike.
    if (spaces > 0 && perSpace >= spaceWidth && perSpace <= advance.maxSpaceEm * 1000)
      isSpace.forEach((space, i) => space && (widths[i] = perSpace));
  }
  const total = widths.reduce((sum, w) => sum + w, 0);
  const edges = [0];
  let at = 0;
  for (const w of widths) edges.push(total > 0 ? (at += w) / total : 0);
  if (total > 0) edges[edges.length - 1] = 1;
  return edges;
}

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
// So each character gets a share proportional to its width in a standard proportional face
// (Helvetica's metrics, as wide as Arial's: narrow dots, spaces and "i", wide "m" and "W"; a serif
// face's own widths differ, but its spaces and dots are narrow too: character-advances.test.ts
// measures both); a character outside the table counts as an average letter. A monospaced face
// keeps equal shares, which are exact there.

/** Helvetica's advance widths (1/1000 em) for the printable ASCII characters, from " " (32) to
 * "~" (126), from the standard 14 fonts' metrics (Adobe AFM). */
const HELVETICA_ASCII = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278,
  278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
  667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556,
  556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** Leader dots, a middle-dot leader, an ellipsis: narrow glyphs set in a row. */
const OTHER_WIDTHS: Record<string, number> = { "\u00B7": 278, "\u2024": 278, "\u2026": 1000, "\u00A0": 278, "\u2009": 200 };

/** An average letter's width, for characters the table does not hold. */
const AVERAGE = 556;

const MONOSPACED_NAME = /mono|courier|consol|typewriter|fixed/i;

/** Whether a face is monospaced: pdf.js says so (its text styles' family "monospace", from the
 * font's flags), or its name does. */
export function isMonospaced(fontName: string, family?: string): boolean {
  return family === "monospace" || MONOSPACED_NAME.test(fontName);
}

function widthOf(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  if (code >= 32 && code <= 126) return HELVETICA_ASCII[code - 32]!;
  return OTHER_WIDTHS[ch] ?? AVERAGE;
}

/** The position of each character's start along the run, as a share of its advance: `chars.length
 * + 1` values from 0 to 1 (the last is the run's end). */
export function characterEdges(chars: readonly string[], monospaced: boolean): number[] {
  const widths = chars.map((ch) => (monospaced ? 1 : widthOf(ch)));
  const total = widths.reduce((sum, w) => sum + w, 0);
  const edges = [0];
  let at = 0;
  for (const w of widths) edges.push(total > 0 ? (at += w) / total : 0);
  if (total > 0) edges[edges.length - 1] = 1;
  return edges;
}

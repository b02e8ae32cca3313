// Reader pdf-text: the PDF's text layer as words with position, size, font and direction,
// one of a cell's independent value readings. Glyph runs from pdf.js getTextContent are mapped through the page viewport, so
// pages with a /Rotate entry and rotated text come out in displayed-page coordinates.
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import type { Box, Direction, PdfTextReading, Word } from "../types";
import { multiplyMatrices } from "../geometry/box";
import type { Settings } from "../settings";
import { textRulesToRulings } from "./typewriter-rules";
import { readPageTextContent } from "./page-text-content";
import { characterEdges, faceMetrics, hasStandardWidths, type FaceMetrics } from "./character-advances";

/** Ligature code points that a text layer may carry; NFKC splits them into plain letters. */
const LIGATURES = /[\uFB00-\uFB06]/g;

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
  fontName: string;
  /** pdf.js runs right-to-left text through the bidi algorithm: `str` is then in logical order
   * and its first character is drawn at the run's right end. */
  dir?: string;
}

export async function readPdfText(page: PDFPageProxy, settings: Settings): Promise<PdfTextReading> {
  const viewport = page.getViewport({ scale: 1 });
  // The marked-content markers in the pass are for pdf-tags (page-text-content.ts); skipped below.
  const content = await readPageTextContent(page);
  const pieces: Word[] = [];
  // A page's runs share a few fonts: each is looked up (and its name matched) once.
  const fonts = new Map<string, RunFont>();
  for (const raw of content.items) {
    if (!("str" in raw)) continue;
    const item = raw as TextItemLike;
    if (item.str.trim() === "") continue;
    const vertical = Boolean(content.styles[item.fontName]?.vertical);
    let font = fonts.get(item.fontName);
    if (!font) {
      const info = fontInfo(page, item.fontName);
      font = {
        ...info,
        metrics: faceMetrics(info.name, content.styles[item.fontName]?.fontFamily, info.bold),
        spaces: hasStandardWidths(info.name, settings) ? { maxEm: settings.spaceShareMaxEm } : undefined,
      };
      fonts.set(item.fontName, font);
    }
    pieces.push(...itemToWords(item, viewport.transform, vertical, font));
  }
  // Rules and leaders typed with characters are drawing (typewriter-rules.ts).
  return textRulesToRulings(piecesToWords(pieces, settings.wordJoinGapEm), settings.dropSpacedLeaders);
}

function fontInfo(page: PDFPageProxy, fontName: string): { name: string; bold: boolean } {
  try {
    // Fonts are resolved in commonObjs once the page's text or operators were loaded.
    if (page.commonObjs.has(fontName)) {
      const font = page.commonObjs.get(fontName) as { name?: string; bold?: boolean; black?: boolean };
      const name = font.name ?? fontName;
      return { name, bold: Boolean(font.bold || font.black) || /bold|black|heavy|semibold|demi/i.test(name) };
    }
  } catch {
    // Not loaded: fall through to the bare resource name.
  }
  return { name: fontName, bold: false };
}

/** The face a glyph run is set in, as itemToWords needs it. */
export interface RunFont {
  name: string;
  bold: boolean;
  metrics?: FaceMetrics;
  /** Only for a face with the standard widths (hasStandardWidths): the run's advance in ems then
   * tells the white space in it, which goes to its spaces, at most `maxEm` a space
   * (settings.spaceShareMaxEm). Without it every character is scaled alike. */
  spaces?: { maxEm: number };
}

/** Splits one glyph run into words at its spaces, giving each character a share of the run's
 * advance (pdf.js gives only the run's total width): by its width in a standard face of the run's
 * kind, equal in a monospaced one (character-advances.ts). */
export function itemToWords(item: TextItemLike, viewportTransform: readonly number[], vertical: boolean, font: RunFont): Word[] {
  const m = multiplyMatrices(item.transform, viewportTransform);
  const size = Math.hypot(item.transform[2] ?? 0, item.transform[3] ?? 0) || item.height || 1;
  // Unit vectors of the run in text space scaled to page units: advance along x, up along y.
  const scaleX = Math.hypot(item.transform[0] ?? 0, item.transform[1] ?? 0) || size;
  const advance = vertical ? item.height : item.width;
  const text = item.str.replace(LIGATURES, (ch) => ch.normalize("NFKC"));
  const words: Word[] = [];
  const chars = [...text];
  // Each character's share of the advance: by width, or equal in a monospaced face.
  const metrics = font.metrics ?? faceMetrics(font.name, undefined, font.bold);
  const monospace = metrics === "monospace";
  // A face with the standard widths: the run's advance in ems tells the white space in it.
  const spaces = vertical ? undefined : font.spaces;
  const edges = characterEdges(chars, metrics, spaces ? { em: advance / scaleX, maxSpaceEm: spaces.maxEm } : undefined);
  let start = -1;
  const rightToLeft = item.dir === "rtl" && !vertical;
  const flush = (end: number) => {
    if (start < 0) return;
    // Right-to-left: the logical string's first characters are drawn at the right end, so a
    // word's shares are measured back from there.
    const from = rightToLeft ? 1 - edges[end]! : edges[start]!;
    const to = rightToLeft ? 1 - edges[start]! : edges[end]!;
    const t0 = (from * advance) / scaleX;
    const t1 = (to * advance) / scaleX;
    words.push(makeWord(chars.slice(start, end).join(""), m, t0, t1, size, font, vertical, monospace));
    start = -1;
  };
  chars.forEach((ch, i) => {
    if (/\s/.test(ch)) flush(i);
    else if (start < 0) start = i;
  });
  flush(chars.length);
  return words;
}

function makeWord(
  text: string,
  m: number[],
  t0: number,
  t1: number,
  size: number,
  font: { name: string; bold: boolean },
  vertical: boolean,
  monospace: boolean,
): Word {
  // In text space a glyph spans [t0, t1] along the advance and [-descent, ascent] across it.
  const up = 1;
  const descent = 0.2;
  const ascent = 0.8;
  // The extent of the four corners mapped through m, as transformPoint maps them and Math.min and
  // Math.max over them would take it, without an array per corner (this runs for every word).
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const corner = (x: number, y: number) => {
    const px = m[0]! * x + m[2]! * y + m[4]!;
    const py = m[1]! * x + m[3]! * y + m[5]!;
    x0 = Math.min(x0, px);
    y0 = Math.min(y0, py);
    x1 = Math.max(x1, px);
    y1 = Math.max(y1, py);
  };
  if (vertical) {
    corner(-0.5 * up, -t0);
    corner(0.5 * up, -t0);
    corner(-0.5 * up, -t1);
    corner(0.5 * up, -t1);
  } else {
    corner(t0, -descent * up);
    corner(t1, -descent * up);
    corner(t0, ascent * up);
    corner(t1, ascent * up);
  }
  const box: Box = [x0, y0, x1, y1];
  const dir = vertical ? 90 : angleToDirection(Math.atan2(m[1]!, m[0]!));
  // Every word carries the `monospace` key, unset outside monospaced faces: words of one shape
  // keep the optimised code that reads them from being thrown away at the first monospaced page
  // (about 60 deoptimisations over the ICDAR sets).
  return { text, box, size, font: font.name, bold: font.bold, dir, monospace: monospace ? true : undefined };
}

/** Device-space angle of the advance vector (y down) to the nearest quarter turn. */
export function angleToDirection(radians: number): Direction {
  const quarter = ((Math.round(radians / (Math.PI / 2)) % 4) + 4) % 4;
  return ([0, 90, 180, 270] as const)[quarter]!;
}

/** Joins pieces of one word that the PDF drew as separate runs (kerning, font changes) when they
 * touch along the same baseline. */
export function piecesToWords(pieces: Word[], joinGapEm: number): Word[] {
  const words: Word[] = [];
  for (const piece of pieces) {
    const last = words[words.length - 1];
    if (last && last.dir === piece.dir && last.dir === 0 && touches(last, piece, joinGapEm)) {
      last.text += piece.text;
      last.box = [
        Math.min(last.box[0], piece.box[0]),
        Math.min(last.box[1], piece.box[1]),
        Math.max(last.box[2], piece.box[2]),
        Math.max(last.box[3], piece.box[3]),
      ];
      last.bold = last.bold && piece.bold;
      continue;
    }
    words.push({ ...piece, box: [...piece.box] as Box });
  }
  return words;
}

function touches(a: Word, b: Word, joinGapEm: number): boolean {
  const size = Math.max(a.size, b.size);
  const sameBaseline = Math.abs(a.box[3] - b.box[3]) < size * 0.3;
  const gap = b.box[0] - a.box[2];
  return sameBaseline && gap < size * joinGapEm && gap > -size * 0.3;
}

// An OCR engine that reads a whole page cuts its words where it sees spaces. Where two cells sit
// close ("212 278 (3.1) 170 712" across three columns) one OCR word runs across several cells
// ("278(3.1)170"); placed by its centre it lands whole in one cell, which then reads
// "278(3.1)170", and its neighbours lose "278" and "170": three value disputes where the engine
// read every character the text layer has. Only the engine's cut differs from the table's.
//
// So, on a page with a text layer, a word that crosses cells is cut at the cells' boundaries when
// its characters are exactly the text layer's characters of the cells it crosses: the last words
// of the first cell, all of any cell between, the first words of the last (compared after the
// reconciler's normalisation, whitespace aside, since engines drop and add spaces). Each piece
// keeps the engine's own characters and the part of the word's box inside its cell; the vote then
// compares each piece with its cell as it compares any reading (vote.ts).
//
// Only the cut comes from the text layer, never a character: a word that reads any character
// differently (a lying text layer, a misread digit) matches nothing and stays whole, disputing as
// before.
import type { BBox } from "../../../lib/result/schema";
import { normaliseText } from "./normalise";
import { boxOf, type BoxedWord } from "./words-in-box";
import { BoxBands } from "./box-bands";

/** A cell of the table as the text layer assembled it. */
export interface TextLayerCell {
  value: string;
  bbox: BBox;
}

/** The characters of a text as the comparison sees them, without whitespace, each with the index
 * of the raw character it came from (NFKC can make one raw character several: "ﬁ"). */
function comparedChars(text: string): { chars: string; rawIndex: number[] } {
  let chars = "";
  const rawIndex: number[] = [];
  const raw = [...text];
  let offset = 0;
  for (const ch of raw) {
    const norm = normaliseText(ch).replace(/\s+/gu, "");
    for (const c of norm) {
      chars += c;
      rawIndex.push(offset);
    }
    offset += ch.length;
  }
  return { chars, rawIndex };
}

const squeeze = (text: string) => comparedChars(text).chars;

/** The cells a word's box crosses, left to right: cells whose box it overlaps and whose rows its
 * vertical centre lies in. */
function crossedCells(box: BBox, cells: readonly TextLayerCell[], bands: BoxBands): TextLayerCell[] {
  const cy = (box[1] + box[3]) / 2;
  const crosses = (c: TextLayerCell) => cy >= c.bbox[1] && cy <= c.bbox[3] && Math.min(box[2], c.bbox[2]) > Math.max(box[0], c.bbox[0]);
  // Only the cells whose rows could hold the word's centre are tested (box-bands.ts), in the
  // cells' own order, so the stable sort below sees what a test of every cell would give it.
  const candidates = bands.candidates([box[0], cy, box[2], cy], 0);
  const crossed = candidates === null ? cells.filter(crosses) : candidates.map((i) => cells[i]!).filter(crosses);
  return crossed.sort((a, b) => a.bbox[0] - b.bbox[0]);
}

/** Lengths (in compared characters) of the word's pieces, one per crossed cell, or null when the
 * word's characters are not the cells' characters cut at word boundaries. */
function pieceLengths(word: string, cells: readonly TextLayerCell[]): number[] | null {
  const words = cells.map((c) =>
    c.value
      .split(/\s+/u)
      .filter((w) => w !== "")
      .map(squeeze),
  );
  if (words.some((w) => w.length === 0)) return null;
  const first = words[0]!;
  const last = words[words.length - 1]!;
  const middle = words.slice(1, -1).map((w) => w.join(""));
  for (let from = 0; from < first.length; from++) {
    const head = first.slice(from).join("");
    if (!word.startsWith(head)) continue;
    let at = head.length;
    let ok = true;
    for (const m of middle) {
      if (!word.startsWith(m, at)) {
        ok = false;
        break;
      }
      at += m.length;
    }
    if (!ok) continue;
    for (let to = 1; to <= last.length; to++) {
      const tail = last.slice(0, to).join("");
      if (at + tail.length === word.length && word.endsWith(tail)) return [head.length, ...middle.map((m) => m.length), tail.length];
    }
  }
  return null;
}

/** The run of crossed cells the word's characters fill, and its pieces' lengths: the longest run
 * of two or more that matches (an engine's padded box can graze a cell at either end). */
function cutAcross(chars: string, crossed: readonly TextLayerCell[]): { crossed: TextLayerCell[]; lengths: number[] } | null {
  for (let size = crossed.length; size >= 2; size--) {
    for (let from = 0; from + size <= crossed.length; from++) {
      const run = crossed.slice(from, from + size);
      const lengths = pieceLengths(chars, run);
      if (lengths) return { crossed: run, lengths };
    }
  }
  return null;
}

/** The words of one OCR reading with every cell-crossing word whose characters are the text
 * layer's cut into one piece per cell (above); every other word as it was. */
export function recutSpanningWords<W extends BoxedWord>(words: readonly W[], cells: readonly TextLayerCell[]): W[] {
  const out: W[] = [];
  const bands = new BoxBands(cells.map((c) => c.bbox));
  for (const word of words) {
    const box = boxOf(word);
    const crossing = crossedCells(box, cells, bands);
    // A word within one cell (nearly all of them) is never cut: its characters, normalised one by
    // one, are not worth computing.
    if (crossing.length < 2) {
      out.push(word);
      continue;
    }
    const { chars, rawIndex } = comparedChars(word.text);
    const cut = chars !== "" ? cutAcross(chars, crossing) : null;
    if (!cut) {
      out.push(word);
      continue;
    }
    const { crossed, lengths } = cut;
    let start = 0;
    crossed.forEach((cell, i) => {
      const end = start + lengths[i]!;
      const rawStart = rawIndex[start]!;
      const rawEnd = end < rawIndex.length ? rawIndex[end]! : word.text.length;
      const pieceBox: BBox = [Math.max(box[0], cell.bbox[0]), box[1], Math.min(box[2], cell.bbox[2]), box[3]];
      const text = word.text.slice(rawStart, rawEnd).trim();
      out.push({ ...word, text, ...("bbox" in word ? { bbox: pieceBox } : { box: pieceBox }) });
      start = end;
    });
  }
  return out;
}

// A narrow column of bracketed values set close after a value column: a share "(12.3)" or an
// interval "[1.2-3.4]" beside each value, the gap between the pair narrower than a gutter. Two
// layouts print the same words: a cell "38 (24.7)" (one value, right-aligned as a whole: the
// brackets' right edges line up, the gap before them is one word space on every line, and the
// values' right edges move with the brackets' widths) and two columns, each aligned on its own
// (the values' right edges line up too, so the gap between them changes with the brackets'
// widths). Only the second is cut. Word boxes inside one text run are estimated (pdf.js gives the
// run's width only), so "line up" is judged against the gaps' own spread, not to the point.
import type { ColumnSpan } from "../geometry/chunks-to-columns";
import { makeLine } from "../geometry/words-to-lines";
import type { Settings } from "../settings";
import type { TextLine, Word } from "../types";
import { isNumeric } from "./cell-text";

/** A figure in brackets: "(12.3)", "(12.3%)", "[1.2-3.4]", "(1.2–3.4)". */
export const BRACKETED = /^[([][-+−]?\d[\d.,]*\s?%?(?:\s?[-–]\s?[-+−]?\d[\d.,]*%?)?[)\]]$/;

/** A line's chunks inside a column, and where they came from (columnChunks). */
interface ColumnChunks {
  chunks: TextLine[];
  originals: TextLine[];
  rest: TextLine[];
}

interface Pair {
  line: number;
  /** The line's chunks the pair's words come from (a cut takes them out of the line)... */
  chunks: TextLine[];
  /** ...and what it puts back beside the pair: the words outside the column of a chunk that ran
   * into it (none when every chunk stood inside the column). */
  rest: TextLine[];
  /** The line's words inside the column, in order. */
  words: Word[];
  /** Index of the first word of the bracketed value. */
  at: number;
  valueRight: number;
  bracketLeft: number;
  bracketRight: number;
}

/** A line's words in a column (`taken`: see columnChunks) ending in a bracketed value after a
 * number: the pair, else null. */
function pairOf(taken: ColumnChunks, line: number): Pair | null {
  const words = taken.chunks.flatMap((c) => c.words).sort((a, b) => a.box[0] - b.box[0]);
  const text = (from: number, to: number) =>
    words
      .slice(from, to)
      .map((w) => w.text)
      .join(" ");
  for (let at = words.length - 1; at >= 1; at--) {
    if (!/^[([]/.test(words[at]!.text) || !BRACKETED.test(text(at, words.length))) continue;
    const head = text(0, at);
    if (!isNumeric(head)) return null;
    return {
      line,
      chunks: taken.originals,
      rest: taken.rest,
      words,
      at,
      valueRight: words[at - 1]!.box[2],
      bracketLeft: words[at]!.box[0],
      bracketRight: Math.max(...words.slice(at).map((w) => w.box[2])),
    };
  }
  return null;
}

/** A line's chunks inside a column, as `chunks`; with `trim`, a chunk that runs into the column
 * from its left (a long stub label set close to the first values reads as one chunk with them)
 * gives its words inside the column, when it ends inside it and every word stands wholly inside
 * or wholly left of it: `originals` are the chunks taken, `rest` their words left of the column,
 * a line of their own. Only from the left, so no chunk is taken by two columns. */
function columnChunks(lineChunks: readonly TextLine[], col: ColumnSpan, trim: boolean): ColumnChunks {
  const within = (b: readonly number[]) => b[0]! >= col.x0 - 0.5 && b[2]! <= col.x1 + 0.5;
  const chunks: TextLine[] = [];
  const originals: TextLine[] = [];
  const rest: TextLine[] = [];
  for (const c of lineChunks) {
    if (within(c.box)) {
      chunks.push(c);
      originals.push(c);
      continue;
    }
    if (!trim || c.box[2] < col.x0 || c.box[0] > col.x1) continue;
    const inWords = c.words.filter((w) => within(w.box));
    const left = c.words.filter((w) => w.box[2] < col.x0 - 0.5);
    if (inWords.length === 0 || left.length === 0 || inWords.length + left.length !== c.words.length) continue;
    chunks.push(makeLine(inWords));
    originals.push(c);
    rest.push(makeLine(left));
  }
  return { chunks, originals, rest };
}

const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);

/** Where a line's words (left to right) part between the values and the brackets: the first word
 * starting right of the values' ends whose neighbour ends left of the brackets' starts (-1: none). */
function partsAt(words: readonly Word[], valueRight: number, bracketLeft: number): number {
  return words.findIndex((w, i) => i > 0 && words[i - 1]!.box[2] < bracketLeft && w.box[0] > valueRight);
}

/** A header line above the pairs names the brackets with a label of their own: the line's words
 * part between values and brackets with a gap of at least `minGap`, a word left of it reaching over the values (a
 * name wider than its column may start left of it), the words right of it (inside the column)
 * centred over the brackets. */
function namesBracketsApart(
  headerLines: TextLine[][],
  col: ColumnSpan,
  valueRight: number,
  bracketLeft: number,
  pairs: Pair[],
  minGap: number,
): boolean {
  const bracketRight = Math.max(...pairs.map((p) => p.bracketRight));
  return headerLines.some((chunks) => {
    const words = chunks.flatMap((c) => c.words).sort((a, b) => a.box[0] - b.box[0]);
    const at = partsAt(words, valueRight, bracketLeft);
    if (at <= 0 || words[at - 1]!.box[2] <= col.x0 || words[at]!.box[0] - words[at - 1]!.box[2] < minGap) return false;
    const right = words.slice(at).filter((w) => w.box[2] <= col.x1 + 0.5);
    if (right.length === 0) return false;
    const centre = (Math.min(...right.map((w) => w.box[0])) + Math.max(...right.map((w) => w.box[2]))) / 2;
    return centre >= bracketLeft && centre <= bracketRight;
  });
}

/** Cuts value columns whose lines pair a value with a bracketed value, each aligned on its own,
 * into two columns, and the pairs' chunks with them. `ambiguous`: a column pairs them on every
 * line but the geometry cannot tell one cell from two columns. */
export function splitBracketColumns(
  columns: ColumnSpan[],
  chunkRows: TextLine[][],
  size: number,
  settings: Settings,
): { columns: ColumnSpan[]; chunkRows: TextLine[][]; ambiguous: boolean } {
  const outColumns: ColumnSpan[] = [];
  const cuts: Pair[] = [];
  let ambiguous = false;
  /** Cut or kept, for each column that pairs values with brackets on every line. */
  const decisions: boolean[] = [];
  columns.forEach((col, k) => {
    // Body lines (from the first line pairing values inside whole chunks) also take the words a
    // chunk from outside runs into the column with; header lines keep whole chunks (a band label
    // over several columns is no pair).
    // Each line's chunks and pair are worked out once, top to bottom.
    const taken: ColumnChunks[] = [];
    const pairs: Pair[] = [];
    for (const [line, chunks] of chunkRows.entries()) {
      const t = columnChunks(chunks, col, pairs.length > 0);
      const pair = pairOf(t, line);
      taken.push(t);
      if (pair) pairs.push(pair);
    }
    const inside = taken.map((t) => t.chunks);
    // Lines with digits from the first pair down (a year over the column is a name, not a value).
    const firstPair = pairs[0]?.line ?? inside.length;
    const valued = inside.filter((chunks, line) => line >= firstPair && chunks.some((c) => /\d/.test(c.text))).length;
    const tol = size * settings.bracketAlignEm;
    const gapSpread = spread(pairs.map((p) => p.bracketLeft - p.valueRight));
    const valueSpread = spread(pairs.map((p) => p.valueRight));
    const valueRight = Math.max(...pairs.map((p) => p.valueRight));
    const bracketLeft = Math.min(...pairs.map((p) => p.bracketLeft));
    const paired =
      k > 0 &&
      pairs.length >= settings.bracketMinLines &&
      pairs.length >= valued * settings.bracketLineShare &&
      spread(pairs.map((p) => p.bracketRight)) <= tol;
    const alignedApart = gapSpread > size * settings.bracketGapSpreadEm && gapSpread >= valueSpread * settings.bracketGapOverValueSpread;
    const split =
      paired &&
      (alignedApart ||
        namesBracketsApart(chunkRows.slice(0, pairs[0]!.line), col, valueRight, bracketLeft, pairs, size * settings.bracketHeaderGapEm)) &&
      valueRight < bracketLeft &&
      // A body line's value running over the cut keeps the column whole (a header name over the
      // pair, above the body, spans the two columns, or is cut where its words part at the cut).
      !inside.some(
        (chunks, line) =>
          line > pairs[0]!.line &&
          !pairs.some((p) => p.line === line) &&
          chunks.some((c) => isNumeric(c.text) && c.box[0] < valueRight && c.box[2] > bracketLeft),
      );
    if (paired) decisions.push(split);
    if (!split) {
      // Every line pairs a value with a bracketed one. Kept whole with no doubt only on the one
      // cell's own evidence: the gaps stay (one word space) while the values' ends move. Neither
      // moving (brackets of one width, or word boxes estimated inside one text run), or both
      // moving too little apart to cut (estimated boxes again), tells one cell from two columns
      // no better than a coin: the column count is in doubt.
      const tol = size * settings.bracketGapSpreadEm;
      const oneCell = gapSpread <= tol && valueSpread > tol;
      if (paired && (settings.bracketDoubtUnlessOneCell ? !oneCell : Math.max(gapSpread, valueSpread) <= tol)) ambiguous = true;
      outColumns.push(col);
      return;
    }
    cuts.push(...pairs);
    inside.forEach((chunks, line) => {
      if (pairs.some((p) => p.line === line)) return;
      const words = chunks.flatMap((c) => c.words).sort((a, b) => a.box[0] - b.box[0]);
      const at = partsAt(words, valueRight, bracketLeft);
      if (at > 0)
        cuts.push({
          line,
          chunks: taken[line]!.originals,
          rest: taken[line]!.rest,
          words,
          at,
          valueRight,
          bracketLeft,
          bracketRight: col.x1,
        });
    });
    outColumns.push({ x0: col.x0, x1: valueRight }, { x0: bracketLeft, x1: col.x1 });
  });
  // One table sets its pairs one way: some paired columns cut and others of the same pattern kept
  // whole means the geometry decided column by column, and the kept ones may be wrong.
  if (settings.bracketDoubtUnlessOneCell && decisions.includes(true) && decisions.includes(false)) ambiguous = true;
  if (cuts.length === 0) return { columns, chunkRows, ambiguous };
  const out = chunkRows.map((chunks) => [...chunks]);
  for (const p of cuts) {
    const kept = out[p.line]!.filter((c) => !p.chunks.includes(c));
    kept.push(...p.rest, makeLine(p.words.slice(0, p.at)), makeLine(p.words.slice(p.at)));
    out[p.line] = kept.sort((a, b) => a.box[0] - b.box[0]);
  }
  return { columns: outColumns, chunkRows: out, ambiguous };
}

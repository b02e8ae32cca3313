// Letter case on a scan: the two OCR families read the same letters and differ only in a letter's
// case. Tesseract reads a capital I or W at a label's start as small where a speck sits above it
// ("item" for "Item", "water supply"), PaddleOCR reads a capital X, C, O, S, V, W or Z as small
// wherever only its size tells it from the small letter ("(x)" for the census marker "(X)"). Such a
// cell is disputed and queued; the engines cannot settle it, but the table can, independently of
// both (the same idea as reading-slips.ts's column formats):
//   - "vocabulary": the word in one case is a word both engines read alike elsewhere in the table
//     and the word in the other case is not ("(X)" beside twenty agreed "(X)");
//   - "line-initial": the difference is the cell's first letter only, and the cell's line (its
//     column for a body cell, the header row for a header cell) starts its labels in one case:
//     at least `minLabels` labels both engines read alike, `majorityShare` of them starting so.
// The reading so backed is kept: the cell becomes `resolved` with its spelling, both readings kept
// (not in the default queue, never `verified`). A difference inside a word ("ArtS" and "Arts"), a
// line of mixed case, a word whose two cases both occur agreed, a cell a structure reading also
// disputes, or any other difference beside the case stays disputed.
import type { Cell, Table } from "../../../lib/result/schema";
import { isOcrSource } from "../../../lib/ocr/engine-names";
import { displayText, normaliseText } from "../reconcile/normalise";
import { spellingOf, withoutEdgeRulings } from "../reconcile/edge-rulings";
import { twoOcrReadings } from "./two-ocr-readings";
import type { Settings } from "../settings";

type CaseSettings = Pick<Settings, "scanLetterCase">;

const FIRST_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The cell's two OCR readings when they are its only readings (no structure reading against it,
 * no text layer); null otherwise. */
function onlyTwoOcrReadings(cell: Cell): [string, string] | null {
  const readings = twoOcrReadings(cell);
  if (!readings || Object.keys(cell.readings ?? {}).length !== 2) return null;
  return [readings[1], readings[3]];
}

/** A value both engines read alike, letter case included: two OCR sources, or two OCR readings
 * spelt the same (a cell a structure reading disputes still says how the engines read it). */
function isAgreed(cell: Cell | undefined): cell is Cell {
  if (!cell || cell.value.trim() === "") return false;
  const ocrReadings = Object.entries(cell.readings ?? {}).filter(([source]) => isOcrSource(source));
  if (ocrReadings.length === 0) return cell.sources.filter(isOcrSource).length >= 2;
  const spellings = new Set(ocrReadings.map(([, value]) => spellingOf(value)));
  return ocrReadings.length >= 2 && spellings.size === 1 && spellings.has(spellingOf(cell.value));
}

const tokensOf = (text: string) => spellingOf(text).split(" ");

/** The words of two readings that differ in case alone, position by position; null when the
 * readings differ in anything else (another letter, an accent, a space, a mark). */
function caseOnlyDifference(a: string, b: string): Array<[string, string]> | null {
  const [ta, tb] = [tokensOf(a), tokensOf(b)];
  if (ta.length !== tb.length) return null;
  const differing: Array<[string, string]> = [];
  for (let i = 0; i < ta.length; i++) {
    if (ta[i] === tb[i]) continue;
    if (ta[i]!.toLowerCase() !== tb[i]!.toLowerCase() || ta[i]!.toUpperCase() !== tb[i]!.toUpperCase()) return null;
    differing.push([ta[i]!, tb[i]!]);
  }
  return differing.length > 0 ? differing : null;
}

/** The case of a text's first letter, when its first letter or digit is a letter with a case. */
function initialCase(text: string): "upper" | "lower" | null {
  const first = FIRST_LETTER_OR_DIGIT.exec(normaliseText(text))?.[0];
  if (!first || first.toUpperCase() === first.toLowerCase()) return null;
  return first === first.toUpperCase() ? "upper" : "lower";
}

/** Whether the only difference is the case of the first letter of the value. */
function differsAtInitialOnly(a: string, b: string): boolean {
  const [na, nb] = [spellingOf(a), spellingOf(b)];
  const at = na.search(FIRST_LETTER_OR_DIGIT);
  return at >= 0 && na.slice(at + 1) === nb.slice(at + 1) && na.slice(0, at) === nb.slice(0, at) && na[at] !== nb[at];
}

/** The case a line's agreed labels start in, when enough of them agree on one. */
function lineInitialCase(line: ReadonlyArray<Cell | undefined>, settings: CaseSettings["scanLetterCase"]): "upper" | "lower" | null {
  const cases = line
    .filter(isAgreed)
    .map((cell) => initialCase(cell.value))
    .filter((c): c is "upper" | "lower" => c !== null);
  if (cases.length < settings.minLabels) return null;
  const upper = cases.filter((c) => c === "upper").length;
  if (upper >= cases.length * settings.majorityShare) return "upper";
  if (cases.length - upper >= cases.length * settings.majorityShare) return "lower";
  return null;
}

/** Which of the two readings the table backs (0 or 1), or null. `line`: the cell's column or
 * header row, the cell itself left out; `vocabulary`: the words of the table's agreed cells. */
function backedReading(
  [a, b]: [string, string],
  line: ReadonlyArray<Cell | undefined>,
  vocabulary: ReadonlySet<string>,
  settings: CaseSettings["scanLetterCase"],
): 0 | 1 | null {
  const differing = caseOnlyDifference(a, b);
  if (!differing) return null;
  const known = (side: 0 | 1) => differing.every((pair) => vocabulary.has(pair[side]));
  if (known(0) !== known(1)) return known(0) ? 0 : 1;
  if (known(0) || !differsAtInitialOnly(a, b)) return null;
  const wanted = lineInitialCase(line, settings);
  if (wanted === null) return null;
  return initialCase(a) === wanted ? 0 : initialCase(b) === wanted ? 1 : null;
}

/** `table` with each disputed cell whose two OCR readings differ only in letter case, and which
 * the table backs one way, made `resolved` with the backed reading (both readings kept). */
export function settleLetterCase(table: Table, settings: CaseSettings): Table {
  const caseSettings = settings.scanLetterCase;
  if (!caseSettings.enabled) return table;
  const everyCell = [...table.header_cells, ...table.rows.flat()];
  const vocabulary = new Set(everyCell.filter(isAgreed).flatMap((cell) => tokensOf(cell.value)));
  const settle = (cell: Cell, line: ReadonlyArray<Cell | undefined>): Cell => {
    if (cell.confidence !== "disputed") return cell;
    const readings = onlyTwoOcrReadings(cell);
    if (!readings) return cell;
    const keep = backedReading(readings, line, vocabulary, caseSettings);
    if (keep === null) return cell;
    const { provisional: _provisional, ...rest } = cell;
    const sources = Object.keys(cell.readings!) as Cell["sources"];
    return { ...rest, value: displayText(withoutEdgeRulings(readings[keep])), confidence: "resolved", sources };
  };
  const header_cells = table.header_cells.map((cell, c) =>
    settle(
      cell,
      table.header_cells.map((other, i) => (i === c ? undefined : other)),
    ),
  );
  return {
    ...table,
    header_cells,
    // The header's names are its cells' values.
    header: header_cells.length > 0 ? header_cells.map((cell) => cell.value) : table.header,
    rows: table.rows.map((row, r) =>
      row.map((cell, c) =>
        settle(
          cell,
          table.rows.map((other, i) => (i === r ? undefined : other[c])),
        ),
      ),
    ),
  };
}

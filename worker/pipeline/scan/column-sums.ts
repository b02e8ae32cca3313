// Totals as a reading of their addends. Statistical tables print totals and subtotals:
// a cell that is the sum of the run of numbers right above it (or right below it, when the total
// comes first), or of the run left or right of it in its row. The arithmetic is a reading of
// every cell in the relation that owes nothing to either OCR engine, so where a scan's two
// families disagree on a number, the reading that makes a total add up, when the shown one makes
// none add up, is the one shown. It only chooses among readings that exist: the cell stays
// `disputed` with every reading, no confidence is raised, and it runs on scans only (on a page
// with a text layer the text layer is shown and never overridden).
//
// A coincidence needs a run of two or more numbers in one format (the same decimals) to add up to
// a neighbour exactly; a total of at least `scanSumMinTotalDigits` digits makes that rare, and an
// alternative is taken only when it is the one reading of its cell that makes any total add up.
import type { Cell, Table } from "../../../lib/result/schema";

type SumSettings = { readonly [K in "scanSumMinTotalDigits"]: number };

/** A printed number as an integer count of its last decimal place, with that place. */
export interface Amount {
  units: number;
  decimals: number;
  digits: number;
}

/** `value` as an amount: "1,234", "1 234", "12.5", "1,5" (a decimal comma before one or two
 * digits), "-3", "(3.4)", "$ 12", "45%"; null for anything else (words, ranges, codes, marks). */
export function parseAmount(value: string): Amount | null {
  let v = value.trim();
  let negative = false;
  const bracketed = /^\((.*)\)$/.exec(v);
  if (bracketed) {
    negative = true;
    v = bracketed[1]!.trim();
  }
  v = v.replace(/^[$€£]\s?/, "").replace(/\s?%$/, "");
  const sign = /^[-−–]\s?/.exec(v);
  if (sign) {
    if (negative) return null;
    negative = true;
    v = v.slice(sign[0].length);
  }
  v = v.replace(/^[$€£]\s?/, "");
  let whole: string;
  let fraction: string;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{1,3}(?:[, ]\d{3})+)(?:\.(\d+))?$/.exec(v))) {
    whole = match[1]!.replace(/[, ]/g, "");
    fraction = match[2] ?? "";
  } else if ((match = /^(\d+)(?:\.(\d+))?$/.exec(v))) {
    whole = match[1]!;
    fraction = match[2] ?? "";
  } else if ((match = /^(\d+),(\d{1,2})$/.exec(v))) {
    whole = match[1]!;
    fraction = match[2]!;
  } else return null;
  const digits = (whole + fraction).replace(/^0+(?=\d)/, "");
  if (digits.length > 15) return null;
  const units = Number(whole + fraction);
  return { units: negative ? -units : units, decimals: fraction.length, digits: digits.length };
}

/** How many totals `line` holds that add up: an entry that equals the sum of the run of two or
 * more entries right before it or right after it (empty entries skipped, a non-number ends the
 * run), all in one format, the total at least `minDigits` digits long; only relations that
 * involve `at` are counted. */
export function totalsThatAddUp(line: ReadonlyArray<Amount | null | "empty">, at: number, minDigits: number): number {
  let count = 0;
  for (let k = 0; k < line.length; k++) {
    const total = line[k];
    if (!total || total === "empty" || total.digits < minDigits) continue;
    for (const step of [-1, 1]) {
      let sum = 0;
      let members = 0;
      let involves = k === at;
      for (let j = k + step; j >= 0 && j < line.length; j += step) {
        const entry = line[j];
        if (entry === "empty") continue;
        if (!entry || entry.decimals !== total.decimals) break;
        sum += entry.units;
        members++;
        if (j === at) involves = true;
        if (members >= 2 && sum === total.units && involves) {
          count++;
          break;
        }
      }
    }
  }
  return count;
}

function entryOf(cell: Cell | undefined): Amount | null | "empty" {
  if (!cell || cell.value.trim() === "") return "empty";
  return parseAmount(cell.value);
}

/** Distinct OCR readings of a disputed cell other than the one shown (structure readings hold
 * other cuts of the table, not other spellings of this cell). */
function alternatives(cell: Cell): string[] {
  const shown = cell.value.trim();
  const ocr = Object.entries(cell.readings ?? {}).filter(([source]) => /^ocr-\d+$/.test(source));
  return [...new Set(ocr.map(([, text]) => text.trim()))].filter((text) => text !== "" && text !== shown);
}

/** `table` with each disputed body cell showing the one reading that makes a total of its column
 * or row add up, when the reading it shows makes none add up. Decided on the table as read (each
 * cell against the others' shown values), so the order of the cells does not matter. */
export function showReadingsThatAddUp(table: Table, settings: SumSettings): Table {
  const rows = table.rows;
  const nCols = Math.max(0, ...rows.map((r) => r.length));
  const columns = Array.from({ length: nCols }, (_, c) => rows.map((r) => entryOf(r[c])));
  const lines = rows.map((r) => Array.from({ length: nCols }, (_, c) => entryOf(r[c])));
  const score = (r: number, c: number, entry: Amount): number => {
    const column = columns[c]!.slice();
    column[r] = entry;
    const row = lines[r]!.slice();
    row[c] = entry;
    return totalsThatAddUp(column, r, settings.scanSumMinTotalDigits) + totalsThatAddUp(row, c, settings.scanSumMinTotalDigits);
  };
  let changed = false;
  const out = rows.map((row, r) =>
    row.map((cell, c) => {
      if (cell.confidence !== "disputed") return cell;
      const shown = parseAmount(cell.value);
      if (shown && score(r, c, shown) > 0) return cell;
      const adding = alternatives(cell).filter((text) => {
        const amount = parseAmount(text);
        return amount !== null && score(r, c, amount) > 0;
      });
      if (adding.length !== 1) return cell;
      changed = true;
      return { ...cell, value: adding[0]! };
    }),
  );
  return changed ? { ...table, rows: out } : table;
}

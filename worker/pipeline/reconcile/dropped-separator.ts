// Which OCR reading's spelling a disputed cell shows when the readings differ only in the
// separators between digits: one lost a decimal point or thousands separator the other kept
// ("92.9" against "929", "1,043" against "1043"), or read a comma as a full stop ("5.821" against
// "5,821"). A full stop is a few pixels of ink and a comma is a full stop with a tail: on a scanned
// page (blur, noise, JPEG) OCR loses ink far more often than it invents it, so the reading that
// saw more ink at each separator is shown (measured on the EU realistic scans: of 136
// disputed cells whose two OCR readings differed only there, the one with more separator ink was
// right in 136 - in 129 the reading with a separator the other lost, in 7 the comma against a full
// stop). A decimal point lost without a trace leaves the gap it stood in, read as a space
// ("77 1" against "77.1", "-20 2" against "-20.2"): a space between digits followed by only one or
// two digits counts as a gap with no ink (three would be a thousands group, "1 000"; generated
// `monospaced-dashes` scans: 8 disputed cells, the point right in all 8).
// This is the vote's tie-break among disagreeing readings, the same reasoning as its
// abstention for lone marks: the cell stays disputed with both readings, only the value shown
// changes, and the text layer is never overridden (the vote only asks when no text layer spoke).

/** Ink at a gap between two digits: none, a full stop, a comma (a full stop and a tail). */
const INK: Record<string, number> = { "": 0, ".": 1, ",": 2 };

/** A reading split into its text without separators between digits, and the separator ink at
 * each gap between two neighbouring digits of that text (in order). */
function separatorInk(key: string): { bare: string; ink: number[] } {
  const chars = [...key];
  const digit = (i: number) => /\d/.test(chars[i] ?? "");
  // A space is a gap (no ink) only before a last group of one or two digits (not "1 000").
  const shortGroupAfter = (i: number) => {
    let n = 0;
    while (digit(i + 1 + n)) n += 1;
    return n >= 1 && n <= 2 && !/[.,]/.test(chars[i + 1 + n] ?? "");
  };
  const separator = (i: number) =>
    (chars[i] === "." || chars[i] === "," || (chars[i] === " " && shortGroupAfter(i))) && digit(i - 1) && digit(i + 1);
  const bare: string[] = [];
  const ink: number[] = [];
  for (let i = 0; i < chars.length; i++) {
    if (separator(i)) {
      ink[ink.length - 1] = INK[chars[i] === " " ? "" : chars[i]!]!;
      continue;
    }
    bare.push(chars[i]!);
    // A gap between this digit and the next one, with or without a separator in it.
    if (digit(i) && (digit(i + 1) || separator(i + 1))) ink.push(0);
  }
  return { bare: bare.join(""), ink };
}

/**
 * Of readings (comparison keys, in the vote's priority order) that disagree, the index of the one
 * whose spelling the cell should show: the one with at least as much separator ink as every other
 * at every gap between digits, and more somewhere, when all are the same text once those
 * separators are removed. Otherwise -1 (this rule cannot tell): readings that differ in anything
 * else (another digit, a letter, a separator at another place) say nothing about which of them is
 * right.
 */
export function keptSeparatorIndex(keys: readonly string[]): number {
  if (keys.length < 2) return -1;
  const parts = keys.map(separatorInk);
  if (parts.some((p) => p.bare !== parts[0]!.bare || p.ink.length !== parts[0]!.ink.length) || parts[0]!.ink.length === 0) return -1;
  const dominates = (a: number[], b: number[]) => a.every((v, i) => v >= b[i]!) && a.some((v, i) => v > b[i]!);
  const best = parts.findIndex((p, i) => parts.every((q, j) => j === i || dominates(p.ink, q.ink)));
  return best;
}

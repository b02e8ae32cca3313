// Which OCR reading's spelling a disputed cell shows when the readings differ only by a decimal or
// thousands separator one of them lacks ("92.9" against "929", "1,043" against "1043"). A full
// stop or comma between digits is a few pixels of ink: on a scanned page (blur, noise, JPEG) OCR
// loses it far more often than it invents one (measured on the EU realistic scans, see
// SEPARATOR_RECOVERY), the same reasoning as the vote's abstention for lone marks. The cell stays
// disputed, with both readings: only the value shown (the vote's tie-break) changes, never the
// confidence. The text layer is never overridden (the vote only asks when no text layer spoke).

/** A separator between two digits: where a decimal point or a thousands separator sits. */
const SEPARATOR_BETWEEN_DIGITS = /(?<=\d)[.,](?=\d)/g;

/** The reading with its separators between digits removed, and how many there were. */
function withoutSeparators(key: string): { bare: string; separators: number } {
  let separators = 0;
  const bare = key.replace(SEPARATOR_BETWEEN_DIGITS, () => {
    separators += 1;
    return "";
  });
  return { bare, separators };
}

/**
 * Of readings (comparison keys, in the vote's priority order) that disagree, the index of the one
 * whose spelling the cell should show: the one that kept separators between digits the others
 * lost, when every reading is the same once those separators are removed and exactly one reading
 * has the most of them. Otherwise 0 (the vote's own priority order decides). Readings that differ
 * in anything else (another digit, a letter, a comma for a full stop) are left to the priority
 * order: nothing says which of them is right.
 */
export function keptSeparatorIndex(keys: readonly string[]): number {
  if (keys.length < 2) return 0;
  const parts = keys.map(withoutSeparators);
  if (parts.some((p) => p.bare !== parts[0]!.bare) || !/\d/.test(parts[0]!.bare)) return 0;
  const most = Math.max(...parts.map((p) => p.separators));
  const holders = parts.map((p, i) => (p.separators === most ? i : -1)).filter((i) => i >= 0);
  if (holders.length !== 1) return 0;
  // The one with the most must contain the others' separators too (same kinds, same places), so
  // "1,043.5" beats "1043.5" but "5.821" never beats "5,821" by this rule.
  const best = keys[holders[0]!]!;
  const others = keys.filter((_, i) => i !== holders[0]);
  return others.every((other) => isSubsequence(other, best)) ? holders[0]! : 0;
}

/** Whether `short` can be made from `long` by deleting characters. */
function isSubsequence(short: string, long: string): boolean {
  let i = 0;
  for (let j = 0; j < long.length && i < short.length; j++) if (short[i] === long[j]) i++;
  return i === short.length;
}

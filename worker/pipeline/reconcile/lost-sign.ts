// Which OCR reading's spelling a disputed cell shows when the readings differ only in the sign in
// front of a number: one lost a minus or plus sign the other saw ("20.2" against "-20.2"), or read
// a plus-minus sign as a plus ("+6.0" against "±6.0"). A sign is a short thin stroke or two, the
// first thing blur and noise take from a scanned number (the same reasoning as
// dropped-separator.ts: OCR loses ink far more often than it invents it), and "±" is "+" with a
// bar under it. So the reading that saw more ink there is shown; the cell stays disputed with
// both readings, and the text layer is never overridden (the vote only asks when none spoke).
// Measured on the generated realistic scans (`standard-errors` and
// `monospaced-dashes`): 17 disputed cells of this kind, the reading with the sign right in all 17.
// The EU scans have none, so that set neither supports nor contradicts it.

/** Ink of a leading sign: none, a dash or a plus (one or two strokes), a plus-minus (three). */
const SIGN_INK: Record<string, number> = { "": 0, "-": 1, "−": 1, "–": 1, "+": 2, "±": 3 };

function signed(key: string): { sign: string; rest: string } {
  const match = /^([-−–+±])\s?(?=[\d.,(])/.exec(key);
  return match ? { sign: match[1]!, rest: key.slice(match[0].length) } : { sign: "", rest: key };
}

/**
 * Of readings (comparison keys, in the vote's priority order) that disagree, the index of the one
 * with the most sign ink when all are the same number once their leading signs are set aside and
 * the signs differ only by strokes one of them lost (none, "-" or "+" against "±"; none against a
 * sign). Otherwise -1 (this rule cannot tell): a "-" against a "+" is a different number, not a
 * lost stroke.
 */
export function keptSignIndex(keys: readonly string[]): number {
  if (keys.length < 2) return -1;
  const parts = keys.map(signed);
  if (parts.some((p) => p.rest !== parts[0]!.rest || !/^\(?\d/.test(p.rest))) return -1;
  const signs = new Set(parts.map((p) => p.sign).filter((sign) => sign !== ""));
  // The signs seen must be one sign, or "+" and "±" (a "±" whose bar one reading lost).
  const compatible = signs.size <= 1 || (signs.size === 2 && signs.has("+") && signs.has("±"));
  if (!compatible) return -1;
  const ink = parts.map((p) => SIGN_INK[p.sign] ?? 0);
  const most = Math.max(...ink);
  const best = ink.indexOf(most);
  return ink.filter((v) => v === most).length === 1 ? best : -1;
}

// Which OCR reading a disputed cell shows when one reading is the other plus something only it
// saw: whole extra words ("Atrazine Si SHEA" against "Atrazine", "1000 11" against "1 000") or
// glyphs no value is written with ("|PBUK 1996", "19.1%|", "_Endosulphan", "Methane (CH4) :").
// On a scan (noise, shading, rulings) an engine invents such pieces far more often than the other
// misses them: Tesseract reads speckle and shaded bands as short words and rulings as "|", "[" or
// "_", and a PaddleOCR line crop can take in a neighbour's number. Measured on the EU realistic
// scans: of the disputed cells whose two OCR readings were one the other
// plus extra characters, the shorter was right in 74 and the longer in 10; of those 10, none had
// extra pieces of this kind (they differed by a glued digit, a leading decimal point, a closing
// parenthesis or a letter: "9%" against ".9%", "39" against "391", "(5.9%" against "(5.9%)").
// So only whole words and ink-only glyphs count as extra here; a digit, letter, decimal point,
// comma, percent sign, sign or bracket glued to the shared text never does.
// Like the separator tie-break (dropped-separator.ts), this only picks the value shown: the cell
// stays disputed with every reading, and the vote asks only when no text layer spoke.

/** Glyphs OCR makes of rulings, speckle and shading, and no value starts or ends with. Digits,
 * letters, the punctuation of numbers and labels (. , % ( ) - + / * ' : ; ? !) and units (°) are
 * not among them: those count as extra only as words of their own ("Methane (CH4) :"). Curly
 * quotes are ASCII here (the texts are normalised), and a lone double quote is a speck's reading
 * far more often than a quotation. */
const NOISE_GLYPHS = /[|[\]{}_~`^"«»©®™¦§•…\\]/u;

function stripNoiseEdges(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && NOISE_GLYPHS.test(text[start]!)) start++;
  while (end > start && NOISE_GLYPHS.test(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** Whether `longer` (normalised text, spaces kept) is `shorter` (without whitespace) plus whole
 * extra words around it and noise glyphs at its two ends. */
export function isShorterPlusExtras(longer: string, shorter: string): boolean {
  const core = shorter.replace(/\s+/g, "");
  if (core === "" || longer.replace(/\s+/g, "") === core) return false;
  const tokens = longer.split(/\s+/).filter((t) => t !== "");
  for (let i = 0; i < tokens.length; i++) {
    let joined = "";
    for (let j = i; j < tokens.length; j++) {
      joined += tokens[j]!;
      const bare = stripNoiseEdges(joined);
      if (bare === core) return true;
      if (bare.length > core.length && !NOISE_GLYPHS.test(joined[joined.length - 1]!)) break;
    }
  }
  return false;
}

/**
 * Of two disagreeing readings (normalised texts, in the vote's priority order), the index of the
 * one to show: the shorter when the longer is it plus extra words or noise glyphs, else -1 (this
 * rule cannot tell). With more than two readings it says nothing.
 */
export function withoutExtrasIndex(texts: readonly string[]): number {
  if (texts.length !== 2) return -1;
  const [a, b] = texts as [string, string];
  if (isShorterPlusExtras(a, b)) return 1;
  if (isShorterPlusExtras(b, a)) return 0;
  return -1;
}

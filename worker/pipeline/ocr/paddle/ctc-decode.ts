// Greedy CTC decoding of the PaddleOCR recognition output, keeping where each character was seen
// so a recognised line can be cut into words with their own boxes.

export interface DecodedChar {
  char: string;
  /** Time step of the character (each step covers `inputWidth / steps` pixels of the input). */
  step: number;
  prob: number;
}

/** Decodes one sequence of `steps` x `classes` probabilities starting at `offset`. Class 0 is
 * the CTC blank; class k is dictionary[k - 1]; repeats of the same class collapse. */
export function ctcDecode(
  probs: Float32Array,
  offset: number,
  steps: number,
  classes: number,
  dictionary: readonly string[],
): DecodedChar[] {
  const chars: DecodedChar[] = [];
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    const base = offset + t * classes;
    let best = 0;
    let bestProb = probs[base]!;
    for (let k = 1; k < classes; k++) {
      const p = probs[base + k]!;
      if (p > bestProb) {
        bestProb = p;
        best = k;
      }
    }
    if (best !== 0 && best !== previous) {
      const char = dictionary[best - 1];
      if (char !== undefined) chars.push({ char, step: t, prob: bestProb });
    }
    previous = best;
  }
  return chars;
}

export interface DecodedWord {
  text: string;
  /** First and last time step (inclusive) of the word's characters. */
  firstStep: number;
  lastStep: number;
  confidence: number;
}

/** Splits decoded characters into words at spaces. */
export function charsToWords(chars: readonly DecodedChar[]): DecodedWord[] {
  const words: DecodedWord[] = [];
  let current: DecodedChar[] = [];
  const flush = () => {
    if (current.length === 0) return;
    words.push({
      text: current.map((c) => c.char).join(""),
      firstStep: current[0]!.step,
      lastStep: current[current.length - 1]!.step,
      confidence: current.reduce((sum, c) => sum + c.prob, 0) / current.length,
    });
    current = [];
  };
  for (const c of chars) {
    if (c.char.trim() === "") flush();
    else current.push(c);
  }
  flush();
  return words;
}

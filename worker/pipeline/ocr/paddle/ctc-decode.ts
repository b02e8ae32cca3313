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
  const best = new Int32Array(steps);
  const bestProbs = new Float32Array(steps);
  for (let t = 0; t < steps; t++) {
    const base = offset + t * classes;
    let k0 = 0;
    for (let k = 1; k < classes; k++) if (probs[base + k]! > probs[base + k0]!) k0 = k;
    best[t] = k0;
    bestProbs[t] = probs[base + k0]!;
  }
  return ctcDecodeBest(best, bestProbs, 0, steps, dictionary);
}

/** The same decoding from each step's best class and its probability (the recognition model's
 * best-class output, best-class-output.ts), `steps` of them starting at `offset`. */
export function ctcDecodeBest(
  best: Int32Array,
  bestProbs: Float32Array,
  offset: number,
  steps: number,
  dictionary: readonly string[],
): DecodedChar[] {
  const chars: DecodedChar[] = [];
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    const k = best[offset + t]!;
    if (k !== 0 && k !== previous) {
      const char = dictionary[k - 1];
      if (char !== undefined) chars.push({ char, step: t, prob: bestProbs[offset + t]! });
    }
    previous = k;
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

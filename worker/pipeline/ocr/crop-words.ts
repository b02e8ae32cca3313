// Which crop each cached word was read from. A page's crop readings are cached in one entry that
// grows run by run (the boxes read so far and their words), and a later run can ask for boxes that
// overlap earlier ones: a cell's box moved by a rule change, or grown to hold its text whole
// (cascade.ts cropOfCell). Chosen by "centre inside a requested box", the words of both crops came
// back, and a lone "0" read twice was "00". Each stored word therefore names its crop, and a run
// gets the words of exactly the crops it asked for.
import type { BBox } from "../../../lib/result/schema";
import { isCentreIn } from "../geometry/box";
import type { Word } from "./types";

export function boxKey(box: BBox): string {
  return box.map((v) => v.toFixed(1)).join(",");
}

/** For each word, the index in `crops` of the crop it was read from: the crop holding its centre
 * (of several, the one whose centre is nearest); -1 when none holds it. */
export function cropIndexOfWords(words: readonly Word[], crops: readonly BBox[]): number[] {
  return words.map((word) => {
    const x = (word.bbox[0] + word.bbox[2]) / 2;
    const y = (word.bbox[1] + word.bbox[3]) / 2;
    let best = -1;
    let bestDistance = Infinity;
    crops.forEach((crop, i) => {
      if (!isCentreIn(word.bbox, crop)) return;
      const distance = Math.hypot((crop[0] + crop[2]) / 2 - x, (crop[1] + crop[3]) / 2 - y);
      if (distance < bestDistance) [best, bestDistance] = [i, distance];
    });
    return best;
  });
}

/** The stored words read from the crops `boxes`. An entry stored before words named their crops
 * (no `cropOfWord`) is read as before: the words whose centre lies in one of `boxes`. */
export function wordsOfCrops(
  stored: { words: readonly Word[]; cropsRead?: readonly BBox[]; cropOfWord?: readonly number[] },
  boxes: readonly BBox[],
): Word[] {
  const { words, cropsRead, cropOfWord } = stored;
  if (!cropOfWord || !cropsRead || cropOfWord.length !== words.length) {
    return words.filter((word) => boxes.some((box) => isCentreIn(word.bbox, box)));
  }
  const wanted = new Set(boxes.map(boxKey));
  // An entry written before cropsToRead can hold a box read once per cell that asked for it (cells
  // of a tight grid grown to the same crop), its words stored once per reading: joined, a lone
  // "1" reads "111". A crop's word at the same box with the same text is one word.
  const seen = new Set<string>();
  return words.filter((word, i) => {
    const crop = cropsRead[cropOfWord[i]!];
    if (crop === undefined || !wanted.has(boxKey(crop))) return false;
    const key = `${boxKey(crop)}|${boxKey(word.bbox)}|${word.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `boxes` without the ones already read (`read`) and without repeats: each crop read once. */
export function cropsToRead(boxes: readonly BBox[], read: readonly BBox[] | undefined): BBox[] {
  const done = new Set((read ?? []).map(boxKey));
  return boxes.filter((box) => {
    const key = boxKey(box);
    if (done.has(key)) return false;
    done.add(key);
    return true;
  });
}

/** A page's crop reading: every box read so far, its words, and each word's crop. */
export interface CropEntry {
  words: Word[];
  cropsRead: BBox[];
  cropOfWord: number[];
}

/** The cached entry (if any) with the words just read from the crops `read` added. An entry
 * stored before words named their crops has its words placed in its crops by their centres. */
export function withCropsRead(
  cached: { words: Word[]; cropsRead?: BBox[]; cropOfWord?: number[] } | null,
  read: readonly BBox[],
  words: readonly Word[],
): CropEntry {
  const before = cached?.cropsRead ?? [];
  const beforeWords = cached?.words ?? [];
  const beforeCrops =
    cached?.cropOfWord && cached.cropOfWord.length === beforeWords.length ? cached.cropOfWord : cropIndexOfWords(beforeWords, before);
  return {
    words: [...beforeWords, ...words],
    cropsRead: [...before, ...read],
    cropOfWord: [...beforeCrops, ...cropIndexOfWords(words, read).map((i) => (i < 0 ? -1 : i + before.length))],
  };
}

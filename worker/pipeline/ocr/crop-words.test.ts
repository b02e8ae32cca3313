// A page's crop readings are cached in one growing entry; a later run asking for a box that
// overlaps an earlier one must get the words of its own crop only.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BBox } from "../../../lib/result/schema";
import { cropIndexOfWords, cropsToRead, withCropsRead, wordsOfCrops } from "./crop-words";
import type { Word } from "./types";

const word = (text: string, bbox: BBox): Word => ({ text, bbox, confidence: 0.9 });
const TIGHT: BBox = [258, 174, 262, 182];
const GROWN: BBox = [257, 173, 263, 183];

test("a box read again grown gets only the grown crop's words, not the earlier crop's as well", () => {
  // First run: the tight crop, read wrongly. Second run: the grown crop, read right.
  const first = withCropsRead(null, [TIGHT], [word("3", [258.5, 175, 261.5, 181])]);
  const second = withCropsRead(first, [GROWN], [word("0", [258.2, 174.5, 261.8, 181.5])]);
  assert.deepEqual(
    wordsOfCrops(second, [GROWN]).map((w) => w.text),
    ["0"],
  );
  assert.deepEqual(
    wordsOfCrops(second, [TIGHT]).map((w) => w.text),
    ["3"],
  );
  assert.deepEqual(second.cropOfWord, [0, 1]);
  // Both asked for: both words, each from its own crop.
  assert.deepEqual(
    wordsOfCrops(second, [TIGHT, GROWN]).map((w) => w.text),
    ["3", "0"],
  );
});

test("an entry stored before words named their crops is read by word centres, and extended by crop", () => {
  const old = {
    words: [word("12", [10, 10, 20, 20]), word("7", [50, 10, 55, 20])],
    cropsRead: [[8, 8, 22, 22] as BBox, [48, 8, 57, 22] as BBox],
  };
  assert.deepEqual(
    wordsOfCrops(old, [[8, 8, 22, 22]]).map((w) => w.text),
    ["12"],
  );
  const extended = withCropsRead(old, [[7, 7, 23, 23]], [word("12", [10, 10, 20, 20])]);
  assert.deepEqual(extended.cropOfWord, [0, 1, 2]);
  assert.deepEqual(
    wordsOfCrops(extended, [[7, 7, 23, 23]]).map((w) => w.text),
    ["12"],
  );
});

test("a word is placed in the crop holding its centre, the nearest of several, or none", () => {
  // "b" lies in both; the first crop's centre is the nearer.
  const crops: BBox[] = [
    [0, 0, 20, 10],
    [18, 0, 40, 10],
  ];
  assert.deepEqual(
    cropIndexOfWords([word("a", [2, 2, 8, 8]), word("b", [17, 2, 21, 8]), word("c", [25, 2, 35, 8]), word("d", [60, 2, 70, 8])], crops),
    [0, 0, 1, -1],
  );
});

test("a box asked for by several cells is read once, and a crop's words stored twice come back once", () => {
  const box: BBox = [391, 469, 402, 479];
  const other: BBox = [460, 469, 470, 479];
  assert.deepEqual(cropsToRead([box, other, box, box], [other]), [box]);
  // An entry written before the repeats were dropped: one crop read three times, its words
  // stored once per reading. A different word at the same place, or the same word at another
  // place, stays.
  const one = word("1", [393.5, 469, 397, 479.3]);
  const stored = withCropsRead(
    null,
    [box, box, box],
    [one, one, one, word("7", [393.5, 469, 397, 479.3]), word("1", [398, 469, 401, 479.3])],
  );
  assert.deepEqual(
    wordsOfCrops(stored, [box]).map((w) => w.text),
    ["1", "7", "1"],
  );
});

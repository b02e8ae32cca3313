import { test } from "node:test";
import assert from "node:assert/strict";
import type { Box, Word } from "../types";
import { isPointInBox } from "../geometry/box";
import { PageWords } from "../reconcile/structure-vote";
import { wordsByCentre } from "./words-by-centre";
import { seededRng as random } from "../../../lib/seeded-rng";

const word = (i: number, box: Box): Word => ({ text: `w${i}`, box, size: 8, font: "f", bold: false, dir: 0 });

/** A page of words on a coarse grid (many centres share an x, some sit exactly on cell edges),
 * with a few degenerate ones: NaN and infinite coordinates, zero width. */
function page(seed: number): { words: Word[]; boxes: Box[] } {
  const r = random(seed);
  const words: Word[] = [];
  for (let i = 0; i < 400; i++) {
    const x = Math.round(r() * 120) * 5;
    const y = Math.round(r() * 160) * 5;
    words.push(word(i, [x - 4, y - 3, x + 4 + Math.round(r() * 3) * 2, y + 3]));
  }
  words.push(
    word(400, [NaN, 10, 20, 20]),
    word(401, [10, NaN, 20, 20]),
    word(402, [-Infinity, 10, Infinity, 20]),
    word(403, [300, 300, 300, 300]),
  );
  const boxes: Box[] = [];
  for (let i = 0; i < 300; i++) {
    const x0 = Math.round(r() * 120) * 5;
    const y0 = Math.round(r() * 160) * 5;
    boxes.push([x0, y0, x0 + Math.round(r() * 12) * 5, y0 + Math.round(r() * 8) * 5]);
  }
  boxes.push([-Infinity, -Infinity, Infinity, Infinity], [300, 300, 300, 300], [50, 50, 40, 60]);
  return { words, boxes };
}

const centreIn = (w: Word, box: Box, margin = 0) => isPointInBox((w.box[0] + w.box[2]) / 2, (w.box[1] + w.box[3]) / 2, box, margin);

test("wordsByCentre finds the same words in the same order as filtering every word by its centre", () => {
  for (const seed of [1, 2, 3]) {
    const { words, boxes } = page(seed);
    const inCell = wordsByCentre(words);
    let found = 0;
    for (const box of boxes) {
      const expected = words.filter((w) => centreIn(w, box));
      assert.deepEqual(inCell(box), expected, `seed ${seed}, box ${box}`);
      found += expected.length;
    }
    assert.ok(found > 500, `the boxes hold words (${found}): the comparison is not of empty lists`);
  }
});

test("PageWords.inBox finds the same word indices, ascending, as a scan of every word", () => {
  for (const seed of [4, 5]) {
    const { words, boxes } = page(seed);
    const pageWords = new PageWords(words);
    for (const margin of [0, 1.5]) {
      for (const box of boxes) {
        const expected = [...words.keys()].filter((i) => centreIn(words[i]!, box, margin));
        assert.deepEqual(pageWords.inBox(box, margin), expected, `seed ${seed}, margin ${margin}, box ${box}`);
      }
    }
  }
});

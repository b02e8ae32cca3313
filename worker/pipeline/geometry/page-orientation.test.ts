import { test } from "node:test";
import assert from "node:assert/strict";
import type { Word } from "../types";
import { boxToFrame, boxToPage, codePoints, frameSize, pointToFrame, pointToPage, readingTurn, wordsToFrame } from "./page-orientation";

const word = (text: string, dir: Word["dir"], box: Word["box"] = [0, 0, 10, 10]): Word => ({
  text,
  box,
  size: 10,
  font: "F",
  bold: false,
  dir,
});

test("readingTurn: the direction holding the majority of characters, else upright", () => {
  assert.equal(readingTurn([word("Sideways table text", 270), word("p. 3", 0)], 0.5), 270);
  assert.equal(readingTurn([word("Upright table with labels", 0), word("Group", 90)], 0.5), 0);
  assert.equal(readingTurn([word("upside", 180), word("down", 180)], 0.5), 180);
  assert.equal(readingTurn([], 0.5), 0);
  // Two equal halves: no majority, the page is not turned (turning would hand it to the other).
  assert.equal(readingTurn([word("abcd", 90), word("efgh", 270)], 0.5), 0);
});

test("pointToFrame and pointToPage are inverses for every quarter turn", () => {
  const size: [number, number] = [595, 842];
  for (const dir of [0, 90, 180, 270] as const) {
    for (const [x, y] of [
      [0, 0],
      [100, 700],
      [595, 842],
      [33.5, 12.25],
    ] as const) {
      const [u, v] = pointToFrame(x, y, dir, size);
      const [fw, fh] = frameSize(size, dir);
      assert.ok(u >= 0 && u <= fw && v >= 0 && v <= fh, `${dir}: (${x},${y}) -> (${u},${v}) inside ${fw}x${fh}`);
      assert.deepEqual(pointToPage(u, v, dir, size), [x, y]);
    }
  }
});

test("text reading bottom to top becomes a left-to-right line in the frame", () => {
  // Two words of one line reading upwards on a portrait page: "First" below "Second".
  const size: [number, number] = [595, 842];
  const words = wordsToFrame(
    [word("First", 270, [100, 500, 110, 530]), word("Second", 270, [100, 440, 110, 490]), word("label", 0, [20, 20, 40, 30])],
    270,
    size,
  );
  assert.deepEqual(
    words.map((w) => w.dir),
    [0, 0, 90],
  );
  // In the frame, "First" is left of "Second" on the same line, and the line is wide, not tall.
  assert.ok(words[0]!.box[2] <= words[1]!.box[0]);
  assert.equal(words[0]!.box[1], words[1]!.box[1]);
  assert.ok(words[0]!.box[2] - words[0]!.box[0] > words[0]!.box[3] - words[0]!.box[1]);
  assert.deepEqual(boxToPage(boxToFrame([100, 500, 110, 530], 270, size), 270, size), [100, 500, 110, 530]);
});

test("codePoints counts as the string iterator does", () => {
  for (const text of ["", "abc", "ﬁ1,234", "𝟘𝟙 x", "\ud800", "a\udc00b", "\ud83d\ude00\ud83d"])
    assert.equal(codePoints(text), [...text].length, JSON.stringify(text));
});

import { test } from "node:test";
import assert from "node:assert/strict";
import type { Word } from "../types";
import { isRuleWord, textRulesToRulings } from "./typewriter-rules";

const word = (text: string, x0: number, x1: number, y0 = 100): Word => ({
  text,
  box: [x0, y0, x1, y0 + 10],
  size: 10,
  font: "Courier",
  bold: false,
  dir: 0,
});

test("isRuleWord: runs of dashes, equals or box lines, with + joints; not a minus or a dash in a word", () => {
  for (const t of ["---", "-----------", "=====", "___", "---+---+---", "──────"]) assert.equal(isRuleWord(t), true, t);
  for (const t of ["-", "--", "-3.5", "n/a", "1995-2000", "+-+", "-x-"]) assert.equal(isRuleWord(t), false, t);
});

test("textRulesToRulings: rule words become rulings at their middle, leaders go, labels keep their text", () => {
  const out = textRulesToRulings([
    word("-----", 10, 60),
    word("Energy", 10, 46, 120),
    word(".......", 50, 92, 120),
    word("Hotels........", 10, 94, 140),
    word("12.5", 100, 120, 140),
  ]);
  assert.deepEqual(out.rulings, [{ orientation: "h", pos: 105, start: 10, end: 60 }]);
  assert.deepEqual(
    out.words.map((w) => w.text),
    ["Energy", "Hotels", "12.5"],
  );
  assert.deepEqual(out.words[1]!.box, [10, 140, 46, 150]);
});

test("textRulesToRulings keeps dots that stand alone in a cell (a 'not available' symbol)", () => {
  const out = textRulesToRulings([word("Austria", 10, 45), word("..", 120, 126), word("3.1", 160, 175)]);
  assert.deepEqual(
    out.words.map((w) => w.text),
    ["Austria", "..", "3.1"],
  );
});

test("textRulesToRulings drops leaders set with spaces ('. . . . .'), keeps one or two dots", () => {
  const dots = (x: number, n: number) => Array.from({ length: n }, (_, k) => word(".", x + k * 5, x + k * 5 + 2.5));
  const out = textRulesToRulings([
    word("All", 10, 25),
    word("persons", 28, 60),
    ...dots(64, 8),
    word("16,553", 120, 150),
    word("Austria", 10, 45, 120),
    ...dots(50, 2).map((w) => ({ ...w, box: [w.box[0], 120, w.box[2], 130] as [number, number, number, number] })),
    word("3.1", 160, 175, 120),
  ]);
  assert.deepEqual(
    out.words.map((w) => w.text),
    ["All", "persons", "16,553", "Austria", ".", ".", "3.1"],
  );
});

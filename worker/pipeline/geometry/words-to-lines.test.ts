import { test } from "node:test";
import assert from "node:assert/strict";
import type { Box, Word } from "../types";
import { lineToChunks, wordsToLines, wordsToLineText } from "./words-to-lines";

const word = (text: string, x0: number, y0: number, x1: number): Word => ({
  text,
  box: [x0, y0, x1, y0 + 10],
  size: 10,
  font: "f",
  bold: false,
  dir: 0,
});

test("wordsToLines groups by vertical centre and orders left to right", () => {
  const lines = wordsToLines([word("b", 50, 0, 60), word("c", 0, 20, 10), word("a", 0, 1, 10)], 0.45);
  assert.deepEqual(
    lines.map((l) => l.text),
    ["a b", "c"],
  );
});

test("lineToChunks splits at wide gaps only", () => {
  const [line] = wordsToLines([word("Total", 0, 0, 25), word("sales", 28, 0, 50), word("123", 100, 0, 115)], 0.45);
  assert.deepEqual(
    lineToChunks(line!, 1).map((c) => c.text),
    ["Total sales", "123"],
  );
});

test("lineToChunks splits numbers side by side but keeps space-grouped thousands", () => {
  const [line] = wordsToLines([word("1,144", 0, 0, 20), word("193.5", 23, 0, 43), word("100", 60, 0, 72), word("000", 75, 0, 87)], 0.45);
  assert.deepEqual(
    lineToChunks(line!, 1, 0.1).map((c) => c.text),
    ["1,144", "193.5", "100 000"],
  );
});

test("lineToChunks keeps a count with its bracketed share, but not two bracketed numbers", () => {
  // "38 (24.7%)" is one cell of the Sample column.
  const [line] = wordsToLines([word("38", 0, 0, 10), word("(24.7%)", 13, 0, 40), word("(12)", 43, 0, 58), word("(3.1%)", 61, 0, 85)], 0.45);
  assert.deepEqual(
    lineToChunks(line!, 1, 0.1).map((c) => c.text),
    ["38 (24.7%)", "(12)", "(3.1%)"],
  );
});

test("a line's text reads a run of right-to-left words from its right end, other words left to right", () => {
  // Page order left to right: "12.5", then two Hebrew words drawn second-word-first.
  const lines = wordsToLines([word("12.5", 0, 0, 20), word("לציון", 30, 0, 60), word("ראשון", 65, 0, 95)], 0.45);
  assert.equal(lines[0]!.text, "12.5 ראשון לציון");
});

test("wordsToLineText reads runs of right-to-left words from their right end, on drawn mixes of both", () => {
  const naive = (texts: string[]): string => {
    const out: string[] = [];
    let run: string[] = [];
    for (const text of texts) {
      if (/[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(text)) {
        run.push(text);
        continue;
      }
      out.push(...run.reverse(), text);
      run = [];
    }
    out.push(...run.reverse());
    return out.join(" ");
  };
  const pieces = ["Total", "12.5", "(3)", "שלום", "עולם", "٣٤", "مرحبا", "x", "ﭏ"];
  let state = 5;
  const next = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let k = 0; k < 500; k++) {
    const texts = Array.from({ length: 1 + Math.floor(next() * 8) }, () => pieces[Math.floor(next() * pieces.length)]!);
    const words = texts.map((text, i) => ({
      text,
      box: [i * 20, 0, i * 20 + 15, 10] as Box,
      size: 10,
      font: "F",
      bold: false,
      dir: 0 as const,
    }));
    assert.equal(wordsToLineText(words), naive(texts), JSON.stringify(texts));
  }
  const ltr = (text: string, i: number) => ({
    text,
    box: [i * 20, 0, i * 20 + 15, 10] as Box,
    size: 10,
    font: "F",
    bold: false,
    dir: 0 as const,
  });
  assert.equal(wordsToLineText(["Net", "שלום", "עולם", "5"].map(ltr)), "Net עולם שלום 5");
});

// Prose role and level, as a generated family: pages of body paragraphs (1-4 lines, sentences),
// headings of one to three sizes (and bold run-in labels), many small notes and sources that pull
// the page's median type size below the body's, and page numbers of every usual form, large or
// bold or plain, at the top or the bottom. Every heading must come out a heading, with levels by
// size; no paragraph, note or page number may.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Word } from "../types";
import { SETTINGS } from "../settings";
import { readsAsHeading, wordsToProseBlocks } from "./lines-to-blocks";
import { int, pick, seededRng as random } from "../../../tests/pdf/corpus/content";

const VOCABULARY = [
  "the",
  "market",
  "share",
  "of",
  "retail",
  "sales",
  "grew",
  "in",
  "most",
  "member",
  "states",
  "while",
  "prices",
  "fell",
  "for",
  "food",
  "and",
  "energy",
  "over",
  "period",
  "households",
  "spent",
  "more",
  "on",
  "services",
];
const HEADING_WORDS = [
  "Introduction",
  "Retail",
  "Market",
  "Structure",
  "Prices",
  "Annex",
  "Methodology",
  "Results",
  "Trade",
  "Outlook",
  "Energy",
  "Summary",
];
const PAGE_NUMBERS = (n: number) => [
  `${n}`,
  `- ${n} -`,
  `Page ${n}`,
  `Page ${n} of ${n + 7}`,
  `p. ${n}`,
  ["i", "ii", "iv", "vii", "xii"][n % 5]!,
  `${n} | ${n + 1}`.split(" | ")[0]!,
];

interface Drawn {
  text: string;
  kind: "heading" | "paragraph" | "note" | "page-number";
  /** Heading rank by size (1 = largest) among the page's headings; 0 otherwise. */
  rank: number;
}

/** Lays words out on lines from `top`, `size` points, `perLine` words a line; returns the words
 * and the bottom of the last line. */
function layLines(lines: string[][], left: number, top: number, size: number, bold: boolean): { words: Word[]; bottom: number } {
  const words: Word[] = [];
  let y = top;
  for (const line of lines) {
    let x = left;
    for (const text of line) {
      const width = text.length * size * 0.5;
      words.push({ text, box: [x, y, x + width, y + size], size, font: bold ? "Helvetica-Bold" : "Helvetica", bold, dir: 0 });
      x += width + size * 0.28;
    }
    y += size * 1.2;
  }
  return { words, bottom: y - size * 0.2 };
}

function sentenceLines(rnd: () => number, lineCount: number, perLine: number): string[][] {
  const lines = Array.from({ length: lineCount }, () => Array.from({ length: perLine }, () => pick(rnd, VOCABULARY)));
  lines[0]![0] = lines[0]![0]!.charAt(0).toUpperCase() + lines[0]![0]!.slice(1);
  const last = lines[lines.length - 1]!;
  last[last.length - 1] += ".";
  return lines;
}

function page(seed: number): { words: Word[]; drawn: Drawn[] } {
  const rnd = random(seed);
  const body = 9 + rnd() * 3;
  const headingSizes = [body * 1.8, body * 1.45, body * 1.2].slice(0, int(rnd, 1, 3));
  const words: Word[] = [];
  const drawn: Drawn[] = [];
  let y = 60;
  const gap = () => (y += body * 1.6);
  const pageNumber = () => {
    const text = pick(rnd, PAGE_NUMBERS(int(rnd, 1, 240)));
    const size = pick(rnd, [body, body * 1.3, body * 0.8]);
    const laid = layLines([text.split(" ")], pick(rnd, [60, 280, 500]), y, size, rnd() < 0.4);
    words.push(...laid.words);
    drawn.push({ text, kind: "page-number", rank: 0 });
    y = laid.bottom;
    gap();
  };
  if (rnd() < 0.5) pageNumber();
  for (let section = 0; section < int(rnd, 1, 4); section++) {
    const rank = int(rnd, 1, headingSizes.length);
    const headingText = Array.from({ length: int(rnd, 1, 5) }, () => pick(rnd, HEADING_WORDS));
    if (rnd() < 0.3) headingText.unshift(`${section + 1}.`);
    const heading = layLines([headingText], 60, y, headingSizes[rank - 1]!, rnd() < 0.6);
    words.push(...heading.words);
    drawn.push({ text: headingText.join(" "), kind: "heading", rank });
    y = heading.bottom;
    gap();
    for (let p = 0; p < int(rnd, 1, 3); p++) {
      // Body paragraphs of one to four lines, at the body size (the notes below often hold most
      // of the page's words, so the median size falls to theirs and the body reads as "large").
      const size = body;
      const lines = sentenceLines(rnd, int(rnd, 1, 4), int(rnd, 6, 12));
      const laid = layLines(lines, 60, y, size, false);
      words.push(...laid.words);
      drawn.push({ text: lines.flat().join(" "), kind: "paragraph", rank: 0 });
      y = laid.bottom;
      gap();
    }
  }
  // Notes and sources: many small lines.
  for (let n = 0; n < int(rnd, 0, 6); n++) {
    const lines = sentenceLines(rnd, int(rnd, 1, 3), int(rnd, 8, 14));
    const laid = layLines(lines, 60, y, body * 0.72, false);
    words.push(...laid.words);
    drawn.push({ text: lines.flat().join(" "), kind: "note", rank: 0 });
    y = laid.bottom;
    gap();
  }
  pageNumber();
  return { words, drawn };
}

test("generated prose pages: headings are headings with levels by size; paragraphs, notes and page numbers never are", () => {
  let headings = 0;
  for (let seed = 1; seed <= 150; seed++) {
    const { words, drawn } = page(seed);
    const blocks = wordsToProseBlocks(words, SETTINGS);
    const find = (d: Drawn) => blocks.find((b) => b.text === d.text);
    const levels = new Map<number, number>();
    for (const d of drawn) {
      const block = find(d);
      assert.ok(block, `seed ${seed}: "${d.text}" is one block (${blocks.map((b) => b.text).join(" / ")})`);
      if (d.kind === "heading") {
        headings++;
        assert.equal(block.role, "heading", `seed ${seed}: "${d.text}"`);
        // One level per drawn size, in the order of the sizes.
        const known = levels.get(d.rank);
        if (known === undefined) levels.set(d.rank, block.level);
        else assert.equal(block.level, known, `seed ${seed}: same size, same level`);
      } else {
        assert.equal(block.role, "paragraph", `seed ${seed}: ${d.kind} "${d.text}" is not a heading`);
      }
    }
    const byRank = [...levels].sort((a, b) => a[0] - b[0]).map(([, level]) => level);
    assert.deepEqual(
      byRank,
      [...byRank].sort((a, b) => a - b),
      `seed ${seed}: larger headings have lower levels`,
    );
    if (byRank.length) assert.equal(byRank[0], 1, `seed ${seed}: the largest heading is level 1`);
  }
  assert.ok(headings > 200, `the family drew ${headings} headings`);
});

test("readsAsHeading: names yes; numbers, page furniture and sentences no", () => {
  for (const yes of ["Introduction", "2. Retail structure", "Annex A", "Results by member state", "Table notes"])
    assert.equal(readsAsHeading(yes, SETTINGS), true, yes);
  for (const no of [
    "12",
    "- 12 -",
    "Page 3 of 10",
    "iv",
    "p. 7",
    "2019",
    "The market grew in most member states over the period.",
    "x".repeat(130),
  ]) {
    assert.equal(readsAsHeading(no, SETTINGS), false, no);
  }
});

// A row label with its dot leader in one glyph run ("Water (net) ............", the way a
// typesetter writes it), as a generated family: labels of one to three words in Helvetica and
// Times at 6-11 pt, leaders of 5-60 dots set packed after a space or glued to the label. The text
// layer's box for the label must end where the label's last glyph is drawn (pdf-lib's own font
// metrics say where), not twenty letters short of it as equal shares of the run put it; in Courier
// (every glyph as wide) equal shares are exact and stay. And a run of words without a leader (a
// label, a value and its bracket): each word's box starts and ends where its glyphs do, so the gap
// between two words is the space's width, not a letter's.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";
import { openPdf } from "../../../lib/pdf/open-pdf";
import { SETTINGS } from "../settings";
import { readPdfText } from "./pdf-text";
import { characterEdges } from "./character-advances";
import { int, pick, seededRng as random } from "../../../tests/pdf/corpus/content";

let dir: string;
before(async () => {
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "character-advances-test-"));
});
after(async () => {
  await fs.promises.rm(dir, { recursive: true, force: true });
});

const WORDS = [
  "Water",
  "(net)",
  "Energy",
  "supply",
  "Mining",
  "excl.",
  "Public",
  "administration",
  "Wholesale",
  "Other",
  "services",
  "Total",
];
const ROWS = 40;

/** The faces the reader cuts by their own widths, each with how far (ems) a word box may lie off
 * its glyphs: exact in Helvetica and Times, regular and bold, and in Courier (equal shares). */
const FACE_TOLERANCES = [
  [StandardFonts.Helvetica, 0.05],
  [StandardFonts.HelveticaBold, 0.05],
  [StandardFonts.TimesRoman, 0.05],
  [StandardFonts.TimesRomanBold, 0.05],
  [StandardFonts.Courier, 0.02],
] as const;

/** How wide `font` draws a text at `size`, glyph by glyph: pdf-lib's width of a whole text counts
 * kerning, which drawText does not set. */
const drawnWidth = (font: PDFFont, size: number) => (text: string) =>
  [...text].reduce((sum, ch) => sum + font.widthOfTextAtSize(ch, size), 0);

interface Row {
  label: string;
  run: string;
  x: number;
  top: number;
  size: number;
  /** Where the label's last glyph ends (points from the left), by the font's own metrics. */
  labelEnd: number;
  /** Where the run ends. */
  runEnd: number;
}

async function leaderPage(fontName: StandardFonts, seed: number): Promise<{ file: string; rows: Row[] }> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(fontName);
  const page = doc.addPage([612, 792]);
  const rnd = random(seed);
  const rows: Row[] = [];
  for (let r = 0; r < ROWS; r++) {
    const label = [...new Set(Array.from({ length: int(rnd, 1, 3) }, () => pick(rnd, WORDS)))].join(" ");
    const dots = ".".repeat(int(rnd, 5, 60));
    // Glued to the label only after a letter or bracket (a label's own final "." would join the leader).
    const run = rnd() < 0.5 || label.endsWith(".") ? `${label} ${dots}` : `${label}${dots}`;
    const size = int(rnd, 6, 11);
    const x = int(rnd, 36, 80);
    const top = 40 + r * 18;
    page.drawText(run, { x, y: 792 - top - size, size, font });
    const width = drawnWidth(font, size);
    rows.push({ label, run, x, top, size, labelEnd: x + width(label), runEnd: x + width(run) });
  }
  const file = path.join(dir, `${fontName}-${seed}.pdf`);
  await fs.promises.writeFile(file, await doc.save());
  return { file, rows };
}

/** For each row, where the text layer's words of its label end. */
async function labelEnds(file: string, rows: readonly Row[]): Promise<number[]> {
  const opened = await openPdf(file);
  try {
    const page = await opened.doc.getPage(1);
    // As the pipeline reads a page: operators first, which loads the fonts (names, weight).
    await page.getOperatorList();
    const { words } = await readPdfText(page, SETTINGS);
    return rows.map((row) => {
      const line = words.filter((w) => w.box[1] < row.top + row.size && w.box[3] > row.top && !/^\.+$/.test(w.text));
      assert.deepEqual(
        line.map((w) => w.text),
        row.label.split(" "),
        `the label's words, without the leader: ${row.run}`,
      );
      return Math.max(...line.map((w) => w.box[2]));
    });
  } finally {
    await opened.close();
  }
}

for (const [fontName, tolerance] of FACE_TOLERANCES) {
  test(`generated family: a label's box ends where its glyphs end when its leader shares its run (${fontName})`, async () => {
    for (const seed of [1, 2, 3]) {
      const { file, rows } = await leaderPage(fontName, seed * 97);
      const ends = await labelEnds(file, rows);
      rows.forEach((row, i) => {
        const error = Math.abs(ends[i]! - row.labelEnd);
        // Exact in the standard faces, whose widths the reader cuts by (Helvetica's or Times',
        // regular or bold, by pdf.js's serif flag and the weight); equal shares put most of
        // them more than a letter short (below).
        assert.ok(
          error <= tolerance * row.size,
          `seed ${seed}: "${row.run}" at ${row.size} pt: label ends ${ends[i]}, drawn to ${row.labelEnd}`,
        );
      });
    }
  });
}

test("equal shares would put most of these labels more than a letter short of their glyphs", async () => {
  const { rows } = await leaderPage(StandardFonts.Helvetica, 97);
  const short = rows.filter((row) => {
    const equalShareEnd = row.x + ((row.runEnd - row.x) * [...row.label].length) / [...row.run].length;
    return row.labelEnd - equalShareEnd > row.size / 2;
  });
  assert.ok(short.length > ROWS / 2, `${short.length} of ${ROWS} labels more than a letter short with equal shares`);
});

test("character edges: equal shares in a monospaced face; by width in a proportional one", () => {
  assert.deepEqual(characterEdges([..."ab cd"], "monospace"), [0, 0.2, 0.4, 0.6, 0.8, 1]);
  // a 556, b 556, space 278, c 500, d 556: 2446 in all.
  assert.deepEqual(
    characterEdges([..."ab cd"], "sans").map((e) => Math.round(e * 2446)),
    [0, 556, 1112, 1390, 1890, 2446],
  );
  assert.deepEqual(
    characterEdges([..."Wi ....."], "monospace"),
    [0, 1, 2, 3, 4, 5, 6, 7, 8].map((k) => k / 8),
  );
  const edges = characterEdges([..."Wi ..."], "sans");
  // W 944, i 222, space 278, dots 278 each: 2278 in all.
  assert.ok(Math.abs(edges[1]! - 944 / 2278) < 1e-9);
  assert.ok(Math.abs(edges[2]! - 1166 / 2278) < 1e-9);
  assert.equal(edges[6], 1);
});

/** A page of word runs without a leader (labels of one to three words, a value and its bracket),
 * Helvetica, Times or Courier at 6-11 pt: where each word's glyphs start and end. */
async function wordRunPage(fontName: StandardFonts, seed: number) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(fontName);
  const page = doc.addPage([612, 792]);
  const rnd = random(seed);
  const rows: Array<{ run: string; top: number; size: number; words: Array<[number, number]> }> = [];
  for (let r = 0; r < ROWS; r++) {
    const run =
      rnd() < 0.5
        ? Array.from({ length: int(rnd, 2, 3) }, () => pick(rnd, WORDS)).join(" ")
        : `${rnd() < 0.5 ? "(" : ""}${int(rnd, 1, 9)},${int(rnd, 100, 999)}${rnd() < 0.5 ? ")" : ""} (${int(rnd, 1, 99)}.${int(rnd, 0, 9)})`;
    const size = int(rnd, 6, 11);
    const x = int(rnd, 36, 80);
    const top = 40 + r * 18;
    page.drawText(run, { x, y: 792 - top - size, size, font });
    const width = drawnWidth(font, size);
    let at = 0;
    const words = run.split(" ").map((word): [number, number] => {
      const start = x + width(run.slice(0, at));
      at += word.length + 1;
      return [start, start + width(word)];
    });
    rows.push({ run, top, size, words });
  }
  const file = path.join(dir, `words-${fontName}-${seed}.pdf`);
  await fs.promises.writeFile(file, await doc.save());
  return { file, rows };
}

// Exact in Helvetica and Times, regular and bold (their own widths: Times cut by Helvetica's was
// off by 0.18 em at worst over these 120 runs, against 0.58 with equal shares, and 0.67 in
// Helvetica); Courier exact.
for (const [fontName, tolerance] of FACE_TOLERANCES) {
  test(`generated family: in a run of words each word's box starts and ends where its glyphs do (${fontName})`, async () => {
    let worst = 0;
    let equalWorse = 0;
    let words = 0;
    for (const seed of [1, 2, 3]) {
      const { file, rows } = await wordRunPage(fontName, seed * 89);
      const opened = await openPdf(file);
      try {
        const page = await opened.doc.getPage(1);
        await page.getOperatorList();
        const read = (await readPdfText(page, SETTINGS)).words;
        for (const row of rows) {
          const line = read.filter((w) => w.box[1] < row.top + row.size && w.box[3] > row.top);
          assert.deepEqual(
            line.map((w) => w.text),
            row.run.split(" "),
          );
          // Equal shares, for comparison: each character 1/n of the run.
          const chars = [...row.run].length;
          const [runStart, runEnd] = [row.words[0]![0], row.words.at(-1)![1]];
          let at = 0;
          line.forEach((w, k) => {
            const [start, end] = row.words[k]!;
            const error = Math.max(Math.abs(w.box[0] - start), Math.abs(w.box[2] - end)) / row.size;
            worst = Math.max(worst, error);
            const equalStart = runStart + ((runEnd - runStart) * at) / chars;
            const equalEnd = runStart + ((runEnd - runStart) * (at + w.text.length)) / chars;
            if (Math.max(Math.abs(equalStart - start), Math.abs(equalEnd - end)) / row.size > error) equalWorse++;
            at += w.text.length + 1;
            words++;
          });
        }
      } finally {
        await opened.close();
      }
    }
    assert.ok(worst <= tolerance, `a word's box off its glyphs by ${worst.toFixed(3)} em`);
    // Equal shares are exact in Courier; elsewhere they put most words further off.
    if (fontName !== StandardFonts.Courier) assert.ok(equalWorse > words / 2, `equal shares worse for ${equalWorse} of ${words} words`);
  });
}

// Two column names drawn as runs of their own, 0.3-0.55 em apart: pdf.js joins them into one run
// with a space for the gap (it does so from 0.1 to 0.6 em), and a header set tight ("Turnover
// Stocks", bold Times at 9 pt, 4.9 pt apart) read the gap as 2.6 pt when the run's width was shared
// out by glyph width alone. The white space beyond the glyphs goes to the space, so each name's box
// is where its glyphs are, in each face of the standard widths. (A gap narrower than a space is
// shared out by width, as a run wider than its table says is: off by up to 0.06 em.)
for (const fontName of [StandardFonts.Helvetica, StandardFonts.HelveticaBold, StandardFonts.TimesRoman, StandardFonts.TimesRomanBold]) {
  test(`generated family: two names set close in runs of their own keep their own boxes (${fontName})`, async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(fontName);
    const page = doc.addPage([612, 792]);
    const rnd = random(31);
    const rows: Array<{ top: number; size: number; names: [string, string]; boxes: Array<[number, number]> }> = [];
    for (let r = 0; r < ROWS; r++) {
      const names: [string, string] = [pick(rnd, WORDS), pick(rnd, WORDS)];
      const size = int(rnd, 6, 11);
      const gap = size * (0.3 + rnd() * 0.25);
      const x = int(rnd, 36, 80);
      const top = 40 + r * 18;
      const width = drawnWidth(font, size);
      const first = width(names[0]);
      page.drawText(names[0], { x, y: 792 - top - size, size, font });
      page.drawText(names[1], { x: x + first + gap, y: 792 - top - size, size, font });
      const second = x + first + gap;
      rows.push({
        top,
        size,
        names,
        boxes: [
          [x, x + first],
          [second, second + width(names[1])],
        ],
      });
    }
    const file = path.join(dir, `close-names-${fontName}.pdf`);
    await fs.promises.writeFile(file, await doc.save());
    const opened = await openPdf(file);
    try {
      const read = await opened.doc.getPage(1);
      await read.getOperatorList();
      const { words } = await readPdfText(read, SETTINGS);
      for (const row of rows) {
        const line = words.filter((w) => w.box[1] < row.top + row.size && w.box[3] > row.top);
        assert.deepEqual(
          line.map((w) => w.text),
          row.names,
        );
        line.forEach((w, k) => {
          const [start, end] = row.boxes[k]!;
          const error = Math.max(Math.abs(w.box[0] - start), Math.abs(w.box[2] - end)) / row.size;
          assert.ok(
            error <= 0.05,
            `"${row.names.join(" ")}" at ${row.size} pt: ${w.text} [${w.box[0]}, ${w.box[2]}], drawn [${start}, ${end}]`,
          );
        });
      }
    } finally {
      await opened.close();
    }
  });
}

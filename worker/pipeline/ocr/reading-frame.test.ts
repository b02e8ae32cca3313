// OCR of sideways and upside-down text (ocr/reading-frame.ts): the engines read the render turned
// into the text's reading frame and their boxes come back on the displayed page, so a sideways
// table is read and verified like an upright one ("sideways and upside-down tables found
// and read like upright ones"). Before, the engines read such text upright as noise, and every
// cell was disputed against garbage readings.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FAMILIES, generateDocument } from "../../../tests/pdf/corpus/generate";
import { SIDEWAYS_VARIANTS } from "../../../tests/pdf/corpus/families/sideways";
import type { PageRender } from "../render/render-page";
import { runPipeline } from "../run-pipeline";
import { readingToPage, renderToFrame } from "./reading-frame";
import type { Direction } from "../types";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "reading-frame-"));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A 4 x 2 pixel render (2 x 1 pt at 2 px/pt) whose pixels are numbered 0..7 in their red byte. */
function numberedRender(): PageRender {
  const rgba = new Uint8Array(4 * 2 * 4);
  for (let i = 0; i < 8; i++) rgba.set([i, 0, 0, 255], i * 4);
  return { pageNumber: 1, widthPt: 2, heightPt: 1, dpi: 144, scale: 2, width: 4, height: 2, rgba, textSizePt: null };
}

test("a render turned into each reading frame moves every pixel, and a box read there lands back on the page", () => {
  const red = (r: PageRender) => [...r.rgba].filter((_, i) => i % 4 === 0);
  // Page pixels:  0 1 2 3 / 4 5 6 7. Text at 90 runs top to bottom with its glyph tops to the
  // right, so its first line is the page's rightmost column, read downwards; at 270 it runs bottom
  // to top, the first line the leftmost column read upwards.
  const expected: Record<Direction, number[]> = {
    0: [0, 1, 2, 3, 4, 5, 6, 7],
    90: [3, 7, 2, 6, 1, 5, 0, 4],
    180: [7, 6, 5, 4, 3, 2, 1, 0],
    270: [4, 0, 5, 1, 6, 2, 7, 3],
  };
  for (const turn of [0, 90, 180, 270] as Direction[]) {
    const framed = renderToFrame(numberedRender(), turn);
    assert.deepEqual(red(framed), expected[turn], `turn ${turn}`);
    assert.deepEqual([framed.width, framed.height, framed.widthPt, framed.heightPt], turn % 180 === 0 ? [4, 2, 2, 1] : [2, 4, 1, 2]);
  }
  // The frame's first pixel (top-left) at turn 90 is the page's pixel 3: top-right, [1.5, 0, 2, 0.5] pt.
  const back = readingToPage(
    { words: [{ text: "x", bbox: [0, 0, 0.5, 0.5], confidence: 1 }], nonTextRegions: [], dpi: 144, seconds: 0, fromCache: false },
    90,
    [2, 1],
  );
  assert.deepEqual(back.words[0]!.bbox, [1.5, 0, 2, 0.5]);
});

const sideways = FAMILIES.find((family) => family.name === "sideways")!;

for (const variant of [0, 3, 4]) {
  const { turn, rotate } = SIDEWAYS_VARIANTS[variant]!;
  test(`a table drawn at ${turn} degrees on a page with /Rotate ${rotate}: both OCR engines read it, and its cells are verified`, async () => {
    const generated = await generateDocument(sideways, variant, 13);
    const file = path.join(dir, `${generated.name}.pdf`);
    fs.writeFileSync(file, generated.pdf);
    const output = await runPipeline({
      pdfPath: file,
      pages: 1,
      withSourcePages: false,
      fileSha256: "",
      cacheDir: null,
      outputDir: dir,
      ocr: ["ocr-1", "ocr-2"],
    });
    assert.deepEqual(output.failures, []);
    const cells = output.result.tables
      .flatMap((table) => [...table.header_cells, ...table.rows.flat()])
      .filter((cell) => cell.value.trim() !== "");
    assert.ok(cells.length >= 30, `${cells.length} cells`);
    const verified = cells.filter((cell) => cell.confidence === "verified");
    assert.ok(verified.length >= cells.length * 0.9, `${verified.length} of ${cells.length} verified`);
    for (const cell of verified) assert.ok(cell.sources.includes("ocr-2"), JSON.stringify(cell));
    assert.deepEqual(
      cells.filter((cell) => cell.confidence === "disputed").map((cell) => [cell.value, cell.readings]),
      [],
    );
  });
}

// Deskew and orientation on generated renders: a page of English text and a ruled table, turned
// by known angles and quarter turns, must come back with those angles; boxes on the prepared page
// map back onto the original.
import { before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPdf } from "../../../lib/pdf/open-pdf";
import { renderPage, renderToGrey, type PageRender } from "../render/render-page";
import { makeTextPdf } from "../../../tests/pdf/ocr-test-pdfs";
import { estimateSkewDeg } from "./skew-angle";
import { quarterTurnsToUpright } from "./page-orientation";
import { rotateGrey, rotateQuarter } from "./rotate-image";
import { otsuThreshold, preparedBoxToPage, preparedPointToPage, prepareScan, type ScanTransform } from "./prepare-scan";

const PROSE = [
  "The quarterly report shows that the budget of the regional health",
  "authority grew by four percent, while spending on hospitals fell.",
  "Most of the difference was taken up by the cost of new buildings,",
  "which the board had approved in the spring of the previous year.",
  "Figures for the northern districts are published in the table below;",
  "the totals include the capital grants paid by the national agency.",
];

let page: { grey: Uint8Array; width: number; height: number; render: PageRender };

const ink = (grey: Uint8Array) => {
  const t = otsuThreshold(grey);
  return grey.map((v) => (v <= t ? 1 : 0));
};

before(async () => {
  const texts = [
    ...PROSE.map((text, i) => ({ text, x: 60, baseline: 90 + i * 16, size: 11 })),
    ...Array.from({ length: 8 }, (_, r) =>
      [0, 1, 2, 3].map((c) => ({
        text: r === 0 ? ["District", "Budget", "Staff", "Beds"][c]! : String(1000 + r * 37 * (c + 1)),
        x: 70 + c * 110,
        baseline: 230 + r * 18,
        size: 10,
      })),
    ).flat(),
  ];
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "prepare-scan-test-"));
  const file = path.join(dir, "page.pdf");
  await fs.promises.writeFile(file, await makeTextPdf(texts));
  const opened = await openPdf(file);
  const render = await renderPage(await opened.doc.getPage(1), 1, 100);
  await opened.close();
  await fs.promises.rm(dir, { recursive: true, force: true });
  page = { grey: renderToGrey(render), width: render.width, height: render.height, render };
});

test("the skew angle of a page turned by known angles up to +-5 degrees is found within 0.15 degrees", () => {
  for (const angle of [-5, -2.4, -0.6, 0, 0.35, 1, 3.3, 5]) {
    const turned = rotateGrey(page.grey, page.width, page.height, angle);
    const found = estimateSkewDeg(ink(turned), page.width, page.height);
    assert.ok(Math.abs(found - angle) <= 0.15, `turned by ${angle}, found ${found}`);
  }
});

test("pages turned by 90, 180 and 270 degrees are found and turned back upright", () => {
  for (const turns of [0, 1, 2, 3]) {
    const turned = rotateQuarter(page.grey, page.width, page.height, turns);
    const found = quarterTurnsToUpright(ink(turned.grey), turned.width, turned.height, page.render.dpi);
    assert.equal(found, (4 - turns) % 4, `page turned ${turns} quarter turns`);
  }
});

test("prepareScan straightens a crooked upside-down page, stretches its levels, and maps its boxes back onto the original", () => {
  const crooked = rotateGrey(page.grey, page.width, page.height, 2);
  const upsideDown = rotateQuarter(crooked, page.width, page.height, 2);
  const rgba = new Uint8Array(upsideDown.grey.length * 4);
  upsideDown.grey.forEach((v, i) => rgba.set([v, v, v, 255], i * 4));
  const { render, transform } = prepareScan({ ...page.render, rgba });
  assert.equal(transform.quarterTurns, 2);
  assert.ok(Math.abs(transform.skewDeg - 2) <= 0.15, `skew ${transform.skewDeg}`);
  // Levels stretched: the paper is white, the darkest ink black.
  assert.ok(
    render.rgba.filter((_, i) => i % 4 === 0).reduce((n, v) => n + (v === 255 ? 1 : 0), 0) > (render.width * render.height) / 2,
    "paper white",
  );
  assert.ok(
    render.rgba.some((v, i) => i % 4 === 0 && v === 0),
    "ink black",
  );
  // The prepared page is the upright original, so a point maps to where the two turns took it.
  const [x, y] = preparedPointToPage(100, 200, transform);
  const rad = (transform.skewDeg * Math.PI) / 180;
  const cx = transform.widthPt / 2;
  const cy = transform.heightPt / 2;
  const sx = Math.cos(rad) * (100 - cx) - Math.sin(rad) * (200 - cy) + cx;
  const sy = Math.sin(rad) * (100 - cx) + Math.cos(rad) * (200 - cy) + cy;
  assert.ok(Math.abs(x - (transform.originalWidthPt - sx)) < 0.01 && Math.abs(y - (transform.originalHeightPt - sy)) < 0.01, `${x},${y}`);
});

test("prepared boxes map back exactly for each quarter turn without skew", () => {
  const base: ScanTransform = { quarterTurns: 0, skewDeg: 0, originalWidthPt: 600, originalHeightPt: 800, widthPt: 600, heightPt: 800 };
  assert.deepEqual(preparedBoxToPage([10, 20, 30, 40], base), [10, 20, 30, 40]);
  assert.deepEqual(preparedBoxToPage([10, 20, 30, 40], { ...base, quarterTurns: 2 }), [570, 760, 590, 780]);
  // One clockwise turn: the prepared page is 800 wide, 600 high.
  assert.deepEqual(preparedBoxToPage([10, 20, 30, 40], { ...base, quarterTurns: 1, widthPt: 800, heightPt: 600 }), [20, 770, 40, 790]);
  assert.deepEqual(preparedBoxToPage([10, 20, 30, 40], { ...base, quarterTurns: 3, widthPt: 800, heightPt: 600 }), [560, 10, 580, 30]);
});

// The ruled-table family: pages that are mostly tables whose vertical rulings run through every
// row (on EU realistic scans, upright pages of this kind were turned over: the rulings join a
// table's lines into one band whose "core" is a ruling). Tables of several sizes, ruling widths
// and amounts of prose, upright and turned by each quarter turn. No upright page is turned. With
// four lines of prose or more the page comes back upright from any turn; with fewer (a table
// and little else) a turned page may be left turned: lines of digits say nothing about up and
// down (their core reaches the cap height), and a ruled grid of text is spiky both ways, so its
// profiles barely tell rows from columns (measured: 3 prose lines over a 12-row grid, turned by a
// quarter or half turn, came back wrong).
const LABELS = ["Belgium", "Hungary", "Portugal", "Bulgaria", "Sweden", "Italy", "Slovakia", "Poland", "Germany", "Cyprus"];
test("pages of ruled tables are found upright, and turned back from each quarter turn", async () => {
  const variants = [
    { rows: 12, cols: 4, prose: 3, ruling: 1, labels: true },
    { rows: 20, cols: 6, prose: 4, ruling: 2, labels: true },
    { rows: 8, cols: 3, prose: 6, ruling: 3, labels: false },
    { rows: 16, cols: 5, prose: 0, ruling: 2, labels: true },
    { rows: 14, cols: 4, prose: 1, ruling: 1, labels: false },
  ];
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "prepare-scan-ruled-"));
  try {
    const results: string[] = [];
    for (const [k, v] of variants.entries()) {
      const top = 80 + v.prose * 16;
      const texts = [
        ...PROSE.slice(0, v.prose).map((text, i) => ({ text, x: 60, baseline: 70 + i * 16, size: 11 })),
        ...Array.from({ length: v.rows }, (_, r) =>
          Array.from({ length: v.cols }, (_, c) => ({
            text:
              r === 0
                ? ["Country", "Total", "Change", "Share", "Rank", "Note"][c]!
                : c === 0 && v.labels
                  ? LABELS[(r + k) % LABELS.length]!
                  : String(((r * 7919 + c * 104729 + k) % 90000) + 1000),
            x: 66 + c * 80,
            baseline: top + 14 + r * 18,
            size: 10,
          })),
        ).flat(),
      ];
      const file = path.join(dir, `ruled-${k}.pdf`);
      await fs.promises.writeFile(file, await makeTextPdf(texts));
      const opened = await openPdf(file);
      // At a scan's resolution (the realistic scans are 200 dpi).
      const render = await renderPage(await opened.doc.getPage(1), 1, 200);
      await opened.close();
      const grey = renderToGrey(render);
      const px = (pt: number) => Math.round((pt * render.dpi) / 72);
      // Grid: a vertical ruling left of each column and at the right end, a horizontal one above each row and below the last.
      const [x0, x1, y0, y1] = [px(60), px(60 + v.cols * 80), px(top), px(top + v.rows * 18 + 4)];
      for (let c = 0; c <= v.cols; c++)
        for (let y = y0; y <= y1; y++) for (let t = 0; t < v.ruling; t++) grey[y * render.width + px(60 + c * 80) + t] = 0;
      for (let r = 0; r <= v.rows; r++)
        for (let x = x0; x <= x1; x++) for (let t = 0; t < v.ruling; t++) grey[(px(top + r * 18 + 4) + t) * render.width + x] = 0;
      for (const turns of [0, 1, 2, 3]) {
        const turned = rotateQuarter(grey, render.width, render.height, turns);
        const found = quarterTurnsToUpright(ink(turned.grey), turned.width, turned.height, render.dpi);
        results.push(`${k}:${turns}->${found}`);
        const right = (4 - turns) % 4;
        // Every upright page stays upright; a page with four prose lines or more comes back
        // upright from every turn.
        if (turns === 0 || v.prose >= 4)
          assert.equal(
            found,
            right,
            `variant ${k} (${v.rows}x${v.cols}, ${v.prose} prose lines, rulings ${v.ruling} px) turned ${turns} quarter turns (so far ${results.join(" ")})`,
          );
      }
    }
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
});

// page-ink on whole generated layout families, scanned as the eval scans them (200 dpi grey, turned
// a little, blurred, noisy, JPEG; worker/cli/eval/realistic-scans.ts) and prepared as the pipeline
// prepares them (prepare-scan.ts). The delivered tables are made from the truth (their cells are
// the page's words, placed in the prepared image), so the boundary vote is checked on exactly the
// two deliveries that matter:
//   - two tables detection delivers as ONE region (stacked with a varied gap: stacked-typed-tables;
//     side by side: side-by-side): page-ink reads the region as two, the table is layout_disputed
//     and no cell of it stays verified;
//   - one table with blank rows, group headings, totals or notes inside it, delivered right: page-ink
//     reads it as one table with no more columns than it has, and nothing is disputed.
// Seeds 31-33: neither the eval (13-15 seen, 90001... unseen) nor training (7) draws them.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Cell, Table } from "../../../lib/result/schema";
import { SETTINGS } from "../settings";
import { modelToTable } from "../tables/assemble-table";
import type { Word } from "../types";
import { applyBoundaryDisputes, boundaryDisputes } from "../reconcile/boundary-vote";
import { pageInkReader } from "./page-ink";
import { READER_GROUPS, readerInputs, readStructure } from "./registry";
import { STRUCTURE_SETTINGS } from "./settings";
import type { StructureContext } from "./types";
import { joined, modelOf, scanned, type Scanned, type ScannedTable } from "../../../tests/pdf/scanned-family-page";

const SEEDS = [31, 32, 33];
const VARIANTS = [0, 1, 2, 3];

const declared = {
  readsDetectedRegions: (source: string) => readerInputs(source)?.includes("detected-regions") ?? false,
  readsPageImage: (source: string) => readerInputs(source)?.includes("page-image") ?? false,
  groupOf: (source: string) => READER_GROUPS.get(source) ?? source,
};

const verified = (c: Cell): Cell => (c.value === "" ? c : { ...c, confidence: "verified", sources: ["ocr-1", "ocr-2"] });
const filled = (t: Table) => [...t.header_cells, ...t.rows.flat()].filter((c) => c.value !== "");

/** The page's delivered tables after the boundary vote with page-ink's reading: every cell verified
 * by the value vote before it. */
async function delivered(page: Scanned, deliveries: readonly ScannedTable[]) {
  const models = deliveries.map(modelOf);
  const words: Word[] = deliveries.flatMap((t) =>
    t.cells.flatMap((c) => (c.box ? [{ text: c.text, box: c.box, size: 9, font: "scan", bold: false, dir: 0 as const }] : [])),
  );
  const context: StructureContext = {
    pageNumber: 1,
    words,
    graphics: { rulings: [], filledRects: [], drawings: [], images: [] },
    detected: { tables: [], rulings: [], grids: [], layoutRegions: [] },
    tableRegions: models.map((m) => m.box),
    ocr: {},
    page: null,
    wordsFromOcr: true,
    scanImage: page.image,
    settings: SETTINGS,
  };
  const readings = await readStructure(context, { readers: [pageInkReader] });
  const tables = models.map((m, i) => {
    const t = modelToTable(m, 1, i);
    return { ...t, header_cells: t.header_cells.map(verified), rows: t.rows.map((r) => r.map(verified)) };
  });
  const disputes = boundaryDisputes(tables, models, words, readings, declared);
  const reading = readings.find((r) => r.source === "page-ink");
  return { tables: applyBoundaryDisputes(tables, disputes), disputes, reading: reading?.kind === "tables" ? reading : null };
}

async function eachDraw(families: readonly string[], body: (page: Scanned) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "page-ink-"));
  try {
    for (const family of families)
      for (const seed of SEEDS) for (const variant of VARIANTS) await body(await scanned(family, seed, variant, dir));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test(
  "family: two tables delivered as one region on a scan are disputed by page-ink, none of their cells verified",
  { timeout: 600_000 },
  async () => {
    const draws: Record<string, { n: number; disputed: number }> = {};
    await eachDraw(["stacked-typed-tables", "side-by-side"], async (page) => {
      assert.equal(page.tables.length, 2, page.name);
      const sideBySide = page.name.startsWith("side-by-side");
      const count = (draws[sideBySide ? "side-by-side" : "stacked"] ??= { n: 0, disputed: 0 });
      count.n++;
      // Merged: one delivered table over both.
      const merged = await delivered(page, [joined(page.tables, sideBySide)]);
      const table = merged.tables[0]!;
      assert.ok(filled(table).length >= 10, page.name);
      if (table.layout_disputed === true) {
        count.disputed++;
        assert.ok(
          merged.disputes.some((d) => d.by === "page-ink" && d.kind === "split"),
          `${page.name}: disputed as a split`,
        );
        assert.equal(filled(table).filter((c) => c.confidence === "verified").length, 0, `${page.name}: no cell stays verified`);
        assert.equal(merged.reading!.tables.length, 2, `${page.name}: two tables proposed, one per true table`);
      }
      // Delivered right: each table read as one, neither disputed.
      const apart = await delivered(page, page.tables);
      assert.deepEqual(apart.disputes, [], `${page.name}: right tables are not disputed`);
      assert.ok(
        apart.tables.every((t) => t.layout_disputed !== true && filled(t).some((c) => c.confidence === "verified")),
        page.name,
      );
    });
    // Measured on these draws: every merged table disputed (12 of 12 stacked, 12 of 12 side by side).
    assert.equal(draws.stacked!.n, SEEDS.length * VARIANTS.length);
    assert.equal(draws.stacked!.disputed, draws.stacked!.n, `stacked: ${draws.stacked!.disputed} of ${draws.stacked!.n} disputed`);
    assert.equal(
      draws["side-by-side"]!.disputed,
      draws["side-by-side"]!.n,
      `side by side: ${draws["side-by-side"]!.disputed} of ${draws["side-by-side"]!.n}`,
    );
  },
);

test(
  "family: one table with blank rows, group headings, totals or notes inside is not split by page-ink",
  { timeout: 1_800_000 },
  async () => {
    let read = 0;
    await eachDraw(
      ["blank-every-five", "indented-groups", "row-group-headers", "total-rows", "footnote-rows", "wrapped-labels"],
      async (page) => {
        assert.equal(page.tables.length, 1, page.name);
        const { disputes, tables, reading } = await delivered(page, page.tables);
        assert.deepEqual(disputes, [], `${page.name}: a right table is not disputed`);
        assert.notEqual(tables[0]!.layout_disputed, true, page.name);
        if (!reading) return;
        read++;
        assert.equal(reading.tables.length, 1, `${page.name}: read as one table`);
        assert.ok(
          reading.tables[0]!.nCols <= page.tables[0]!.nCols,
          `${page.name}: ${reading.tables[0]!.nCols} columns read, ${page.tables[0]!.nCols} drawn`,
        );
      },
    );
    // The reading has an opinion on nearly every draw (it is not silent to pass).
    assert.ok(read >= 60, `page-ink read ${read} of 72 tables`);
  },
);

test("page-ink has no opinion without a scan image, on a page with a text layer, or switched off", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "page-ink-"));
  try {
    const page = await scanned("stacked-typed-tables", 31, 0, dir);
    const region = joined(page.tables, false).box;
    const base = {
      pageNumber: 1,
      words: [],
      graphics: { rulings: [], filledRects: [], drawings: [], images: [] },
      detected: { tables: [], rulings: [], grids: [], layoutRegions: [] },
      tableRegions: [region],
      ocr: {},
      page: null,
      settings: SETTINGS,
    } satisfies StructureContext;
    const on = await pageInkReader.read({ ...base, wordsFromOcr: true, scanImage: page.image });
    assert.equal(on?.kind === "tables" ? on.tables.length : 0, 2);
    assert.equal(await pageInkReader.read({ ...base, wordsFromOcr: true }), null);
    assert.equal(await pageInkReader.read({ ...base, wordsFromOcr: false, scanImage: page.image }), null);
    const settings = STRUCTURE_SETTINGS.pageInk as { onScans: boolean };
    settings.onScans = false;
    try {
      assert.equal(await pageInkReader.read({ ...base, wordsFromOcr: true, scanImage: page.image }), null);
    } finally {
      settings.onScans = true;
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// pdf-layout-alt reads the page again with settings.hangingWraps flipped, and takes the delivered
// detection's tables (and a region's delivered layout) instead when no decision of theirs went by
// that setting (tables/hanging-wraps.ts). Checked against the reader's former definition, which
// always detected and laid out again, on every page of every generated layout family (one draw
// each, on a seen seed), with the setting at its value and flipped: the same reading on every
// page, the shortcut taken on some pages and refused on others.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPdf } from "../../../lib/pdf/open-pdf";
import { FAMILIES, generateDocument } from "../../../tests/pdf/corpus/generate";
import { SEEN_SEEDS } from "../../../tests/pdf/corpus/seeds";
import { extractPage, readPage } from "../extract-page";
import { SETTINGS, type Settings } from "../settings";
import { detectTables } from "../tables/detect-tables";
import { layoutToModel, splitRepeatedColumns } from "../tables/build-table";
import type { Box, TableModel } from "../types";
import type { PageExtraction, PageReadings } from "../page-types";
import type { StructureContext, StructureReading } from "./types";
import { pdfLayoutAltReader } from "./pdf-layout-alt";
import { isSegmentation } from "./is-segmentation";
import { holdsNumbers } from "./pdf-layout";
import { regionLayout } from "./region-layout";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "layout-alt-shortcut-"));
after(() => fs.rmSync(root, { recursive: true, force: true }));

/** The reader as it was defined before the shortcut: the flipped detection and every region's
 * flipped layout computed afresh. */
function formerRead(context: StructureContext): StructureReading | null {
  const { detected, words, graphics, settings, tableRegions } = context;
  if (tableRegions.length === 0) return null;
  const flipped = { ...settings, hangingWraps: !settings.hangingWraps };
  const otherRegions = detectTables(words, graphics, flipped, undefined, detected.geometry).tables.map((t) => t.box);
  const overlaps = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
  const grown = (region: Box): Box =>
    otherRegions
      .filter((o) => overlaps(o, region))
      .reduce<Box>((b, o) => [Math.min(b[0], o[0]), Math.min(b[1], o[1]), Math.max(b[2], o[2]), Math.max(b[3], o[3])], region);
  const shapeOf = (model: TableModel | null) =>
    model ? JSON.stringify(model.cells.map((c) => [c.row, c.col, c.rowSpan, c.colSpan, c.text])) : "";
  const tables = tableRegions
    .map((region) => ({ model: layoutToModel(grown(region), words, flipped, detected.rulings), delivered: regionLayout(context, region) }))
    .filter(
      ({ model, delivered }) => model !== null && isSegmentation(model) && holdsNumbers(model) && shapeOf(model) !== shapeOf(delivered),
    )
    .flatMap(({ model }) => splitRepeatedColumns(model!));
  return tables.length > 0 ? { source: "pdf-layout-alt", kind: "tables", tables, objectsOnly: true } : null;
}

/** The structure context of a page as the structure stage builds it (in the reading frame of a
 * turned page). A fresh object each time, so that the region-layout memo starts empty. */
function contextOf(readings: PageReadings, extraction: PageExtraction, settings: Settings): StructureContext {
  const frame = extraction.frame;
  return {
    pageNumber: 1,
    words: frame ? frame.readings.words : readings.words,
    graphics: frame ? frame.readings.graphics : readings.graphics,
    detected: frame ? frame.debug : extraction.debug,
    tableRegions: frame ? frame.tableRegions : extraction.tableModels.map((m) => m.box),
    ocr: {},
    page: null,
    settings,
  };
}

test("pdf-layout-alt reads every generated family's pages as its former definition did, with hangingWraps either way", async () => {
  const seed = SEEN_SEEDS[0]!;
  let pages = 0;
  let detectionTaken = 0;
  let detectionRefused = 0;
  for (const hangingWraps of [SETTINGS.hangingWraps, !SETTINGS.hangingWraps]) {
    const settings: Settings = { ...SETTINGS, hangingWraps };
    for (const family of FAMILIES) {
      const doc = await generateDocument(family, 0, seed);
      const file = path.join(root, `${family.name}.pdf`);
      fs.writeFileSync(file, doc.pdf);
      const opened = await openPdf(file);
      try {
        for (let n = 1; n <= opened.doc.numPages; n++) {
          const readings = await readPage(await opened.doc.getPage(n), settings);
          const extraction = extractPage(readings, n, settings);
          const detected = (extraction.frame ?? extraction).debug;
          if ((extraction.frame?.tableRegions ?? extraction.tableModels).length === 0) continue;
          pages++;
          if (detected.tableBoxesWithOtherHangingWraps) detectionTaken++;
          else detectionRefused++;
          const now = await pdfLayoutAltReader.read(contextOf(readings, extraction, settings));
          const former = formerRead(contextOf(readings, extraction, settings));
          assert.deepEqual(now, former, `${family.name} page ${n}, hangingWraps ${hangingWraps}`);
        }
      } finally {
        await opened.close();
      }
    }
  }
  assert.ok(pages >= 40, `pages with tables read (${pages})`);
  assert.ok(detectionTaken > 0, `the delivered detection stood for the flipped one on some pages (${detectionTaken})`);
  assert.ok(detectionRefused > 0, `...and was refused where the setting decided something (${detectionRefused})`);
});

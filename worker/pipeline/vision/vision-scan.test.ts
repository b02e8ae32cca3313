// The vision readers on a scanned page (no text layer): both real OCR engines read it, the page is
// worked on prepared (upright, deskewed), and the vision readers, which see the page as scanned,
// must land each reading on its own cell there. Slow (OCR): kept apart from vision-readers.test.ts.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { TestPdf, type TableSpec } from "../../../tests/pdf/make-pdf";
import { startVisionStandIn, tableTruth, type TruthTable } from "../../../tests/vision/openai-stand-in";
import { makeRealisticScan } from "../../cli/eval/realistic-scans";
import { OcrEngines } from "../ocr/read-page-ocr";
import { runPipeline } from "../run-pipeline";
import { VisionEndpoint, visionReaders, VISION_SETTINGS } from "./index";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vision-scan-"));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const TABLE: TableSpec = {
  x: 70,
  y: 120,
  colWidths: [150, 80, 80, 80],
  rowHeight: 22,
  style: "grid",
  size: 12,
  rows: [
    ["Region", "2022", "2023", "2024"],
    ["North", "1,204", "1,310", "1,452"],
    ["South", "982", "1,045", "1,101"],
    ["East", "640", "702", "733"],
    ["West", "1,530", "1,498", "1,610"],
  ],
};

/** The truth as the scan shows it: every box turned with the page (clockwise as seen, about its centre). */
function turned(table: TruthTable, angleDeg: number, width: number, height: number): TruthTable {
  const a = (angleDeg * Math.PI) / 180;
  const [cx, cy] = [width / 2, height / 2];
  const turn = (box: [number, number, number, number]): [number, number, number, number] => {
    const corners = [
      [box[0], box[1]],
      [box[2], box[1]],
      [box[0], box[3]],
      [box[2], box[3]],
    ].map(([x, y]) => [cx + (x! - cx) * Math.cos(a) - (y! - cy) * Math.sin(a), cy + (x! - cx) * Math.sin(a) + (y! - cy) * Math.cos(a)]);
    return [
      Math.min(...corners.map((c) => c[0]!)),
      Math.min(...corners.map((c) => c[1]!)),
      Math.max(...corners.map((c) => c[0]!)),
      Math.max(...corners.map((c) => c[1]!)),
    ];
  };
  return { ...table, box: turn(table.box), cells: table.cells.map((cell) => ({ ...cell, box: turn(cell.box) })) };
}

test("on a scan, each vision reading lands on its own cell and joins both OCR families in the vote", async () => {
  const pdf = await TestPdf.create();
  const page = pdf.addPage(612, 792);
  pdf.table(page, TABLE);
  const clean = path.join(dir, "clean.pdf");
  fs.writeFileSync(clean, await pdf.doc.save());
  const scan = path.join(dir, "scan.pdf");
  const [angle] = await makeRealisticScan(clean, scan);
  const truth = new Map([[1, { widthPt: 612, tables: [turned(tableTruth(TABLE), angle!, 612, 792)] }]]);
  const standIn = await startVisionStandIn(truth, {});
  const readers = OcrEngines.withEngines(["ocr-1", "ocr-2"], { threads: 2, heapMb: 512 });
  const endpoint = (model: string) => new VisionEndpoint({ url: standIn.url, model }, VISION_SETTINGS);
  try {
    const out = await runPipeline({
      pdfPath: scan,
      pages: 1,
      withSourcePages: false,
      fileSha256: createHash("sha256").update(fs.readFileSync(scan)).digest("hex"),
      cacheDir: null,
      outputDir: dir,
      ocr: readers,
      skipFigureCrops: true,
      vision: visionReaders({
        first: endpoint("reader-a"),
        second: endpoint("reader-b"),
        review: endpoint("reviewer"),
        maxCallsPerPage: 12,
      }),
    });
    assert.deepEqual(standIn.violations, []);
    assert.equal(out.pagesFailed, 0);
    assert.equal(out.result.tables.length, 1);
    const cells = out.result.tables[0]!.rows.flat().filter((cell) => cell.value !== "");
    assert.ok(cells.length >= 16, `${cells.length} cells`);
    const printed = new Set(TABLE.rows.flat());
    for (const cell of cells) {
      // The readers read every cell right: a vision reading that differs from a right value was
      // placed on the wrong cell.
      for (const source of ["vision-1", "vision-2"] as const) {
        const reading = cell.readings?.[source];
        if (reading !== undefined && printed.has(cell.value)) assert.equal(reading, cell.value, `${source} on ${JSON.stringify(cell)}`);
      }
    }
    const seenByBoth = cells.filter(
      (cell) =>
        (cell.sources.includes("vision-1") || cell.readings?.["vision-1"] !== undefined) &&
        (cell.sources.includes("vision-2") || cell.readings?.["vision-2"] !== undefined),
    );
    assert.ok(seenByBoth.length >= cells.length - 1, `${seenByBoth.length} of ${cells.length} cells read by both vision readers`);
    // The scan's own OCR families vote beside them: a right cell is verified by OCR and vision.
    const north = out.result.tables[0]!.rows.find((row) => row[0]?.value === "North");
    assert.ok(north, "row North");
    assert.equal(north[1]!.value, "1,204");
    assert.ok(north[1]!.sources.includes("vision-1") && north[1]!.sources.includes("ocr-1"), JSON.stringify(north[1]));
  } finally {
    await readers.release();
    await standIn.close();
  }
});

// The vision readers over every generated layout family (tests/pdf/corpus: spans, bands, wrapped
// names and labels, stacked and side-by-side tables, sideways pages...), two variants each, with
// readers that read the ground truth without a mistake. What must hold on every layout: no page
// fails; a vision reading lands on the cell it belongs to (a right value never has a vision
// reading that differs from it); and the right cells are, in the great majority, verified by
// both vision readers. Prints the figures per family. Then the same with mistakes, and with
// readers that give no boxes (placed by grid position).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { PDFDocument } from "pdf-lib";
import type { Cell } from "../../../lib/result/schema";
import { FAMILIES as ALL_FAMILIES, generateDocument } from "../../../tests/pdf/corpus/generate";
import type { TruthTable as CorpusTable } from "../../../tests/pdf/corpus/truth";
import { startVisionStandIn, type TruthPage, type TruthTable } from "../../../tests/vision/openai-stand-in";
import { comparisonKey } from "../reconcile/normalise";
import { runPipeline } from "../run-pipeline";
import { VisionEndpoint, visionReaders, VISION_SETTINGS } from "./index";

/** The families table detection does not read right yet (varied-families.test.ts marks them
 * todo). There perfect vision readers rightly dispute the delivered tables in the boundary vote,
 * so a run with them cannot match one without them; these tests are about the families detection
 * reads right. */
const DETECTION_TODO = new Set([
  "indented-groups",
  "stacked-typed-tables",
  "band-subset",
  "bracketed-columns",
  "ruled-group-boxes",
  "stacked-parts",
]);
const FAMILIES = ALL_FAMILIES.filter((family) => !DETECTION_TODO.has(family.name));

const root = fs.mkdtempSync(path.join(os.tmpdir(), "vision-families-"));
after(() => fs.rmSync(root, { recursive: true, force: true }));

const VARIANTS = 2;
const SEED = 13;

type Box = [number, number, number, number];

/** The corpus truth (displayed page, origin bottom-left) as the stand-in's (origin top-left). */
async function truthOf(pdf: Uint8Array, tables: readonly CorpusTable[]): Promise<Map<number, TruthPage>> {
  const doc = await PDFDocument.load(pdf);
  const out = new Map<number, TruthPage>();
  tables.forEach((table) => {
    const page = doc.getPage(table.page - 1);
    const { width, height } = page.getSize();
    const turned = page.getRotation().angle % 180 !== 0;
    const [w, h] = turned ? [height, width] : [width, height];
    const flip = (b: readonly number[]): Box => [b[0]!, h - b[3]!, b[2]!, h - b[1]!];
    const cells = table.cells.map((c) => ({
      row: c.row,
      col: c.col,
      rowSpan: c.rowSpan,
      colSpan: c.colSpan,
      text: c.text,
      box: flip(c.box),
    }));
    const box: Box = [
      Math.min(...cells.map((c) => c.box[0])),
      Math.min(...cells.map((c) => c.box[1])),
      Math.max(...cells.map((c) => c.box[2])),
      Math.max(...cells.map((c) => c.box[3])),
    ];
    const entry = out.get(table.page) ?? { widthPt: w, tables: [] as TruthTable[] };
    entry.tables.push({ box, headerRows: table.headerRows, cells });
    out.set(table.page, entry);
  });
  return out;
}

test("perfect vision readers on every layout family: readings land on their own cells", async () => {
  const rows: string[] = [];
  let rightCells = 0;
  let verifiedByBoth = 0;
  for (const family of FAMILIES) {
    for (let variant = 0; variant < VARIANTS; variant++) {
      const generated = await generateDocument(family, variant, SEED);
      const file = path.join(root, `${generated.name}.pdf`);
      fs.writeFileSync(file, generated.pdf);
      const truth = await truthOf(generated.pdf, generated.tables);
      const pages = (await PDFDocument.load(generated.pdf)).getPageCount();
      const standIn = await startVisionStandIn(truth, {});
      const endpoint = (model: string) => new VisionEndpoint({ url: standIn.url, model }, VISION_SETTINGS);
      try {
        const out = await runPipeline({
          pdfPath: file,
          pages,
          withSourcePages: false,
          fileSha256: createHash("sha256").update(generated.pdf).digest("hex"),
          cacheDir: null,
          outputDir: fs.mkdtempSync(path.join(root, "out-")),
          ocr: [],
          skipFigureCrops: true,
          vision: visionReaders({
            first: endpoint("reader-a"),
            second: endpoint("reader-b"),
            review: endpoint("reviewer"),
            maxCallsPerPage: 40,
          }),
        });
        assert.deepEqual(standIn.violations, [], generated.name);
        assert.equal(out.pagesFailed, 0, generated.name);
        assert.deepEqual(
          out.failures.filter((f) => f.stage.startsWith("vision")),
          [],
          generated.name,
        );
        // Readers that see every table never dispute one's existence: the tables, their order and
        // layout_disputed flags are those of a run without vision, and so are their values but
        // where the reviewer settled a disputed cell.
        const without = await runPipeline({
          pdfPath: file,
          pages,
          withSourcePages: false,
          fileSha256: "",
          cacheDir: null,
          outputDir: fs.mkdtempSync(path.join(root, "out-")),
          ocr: [],
          skipFigureCrops: true,
        });
        const reviewedAt = new Set(
          out.result.tables.flatMap((t) =>
            t.rows.flatMap((r, i) => r.flatMap((c, j) => (c.confidence === "reviewed" ? [`${t.page}:${t.index}:${i}:${j}`] : []))),
          ),
        );
        const keyed = (tables: typeof out.result.tables) =>
          tables.map((t) => [
            t.page,
            t.index,
            t.order,
            t.layout_disputed ?? false,
            t.rows.map((r, i) => r.map((c, j) => (reviewedAt.has(`${t.page}:${t.index}:${i}:${j}`) ? "(reviewed)" : c.value))),
          ]);
        assert.deepEqual(keyed(out.result.tables), keyed(without.result.tables), generated.name);
        let right = 0;
        let both = 0;
        let reviewed = 0;
        for (const table of out.result.tables) {
          const pageTruth = truth.get(table.page)?.tables.flatMap((t) => t.cells) ?? [];
          for (const cell of [...table.header_cells, ...table.rows.flat()] as Cell[]) {
            if (!cell.bbox || cell.value.trim() === "") continue;
            if (cell.confidence === "reviewed") reviewed++;
            const [cx, cy] = [(cell.bbox[0] + cell.bbox[2]) / 2, (cell.bbox[1] + cell.bbox[3]) / 2];
            const own = pageTruth.find((t) => cx >= t.box[0] && cx <= t.box[2] && cy >= t.box[1] && cy <= t.box[3]);
            if (!own || comparisonKey(own.text) !== comparisonKey(cell.value)) continue;
            right++;
            for (const source of ["vision-1", "vision-2", "vision-single", "vision-grid", "vision-arbiter"]) {
              const reading = cell.readings?.[source];
              if (reading !== undefined)
                assert.equal(comparisonKey(reading), comparisonKey(cell.value), `${generated.name}: ${source} on ${JSON.stringify(cell)}`);
            }
            if (cell.sources.includes("vision-1") && cell.sources.includes("vision-2")) both++;
          }
        }
        rightCells += right;
        verifiedByBoth += both;
        rows.push(
          `${generated.name.padEnd(28)} right cells ${String(right).padStart(4)}, both vision readers ${String(both).padStart(4)}, reviewed ${reviewed}, calls ${out.vision?.calls}`,
        );
      } finally {
        await standIn.close();
      }
    }
  }
  console.log(rows.join("\n"));
  console.log(
    `all families: ${verifiedByBoth} of ${rightCells} right cells read alike by both vision readers (${((100 * verifiedByBoth) / rightCells).toFixed(1)}%)`,
  );
  assert.ok(rightCells > 1000, `${rightCells} right cells`);
  assert.ok(verifiedByBoth >= 0.95 * rightCells, `${verifiedByBoth} of ${rightCells}`);
});

/** What no reader ever prints: a misreading the result must never adopt. */
const MISREAD = "7Z7.77";

test("readers with mistakes on every layout family: a misreading is never the value, never verified", async () => {
  let misreadCells = 0;
  let settled = 0;
  for (const family of FAMILIES) {
    const generated = await generateDocument(family, 0, SEED);
    const file = path.join(root, `${generated.name}-mistakes.pdf`);
    fs.writeFileSync(file, generated.pdf);
    const truth = await truthOf(generated.pdf, generated.tables);
    const pages = (await PDFDocument.load(generated.pdf)).getPageCount();
    // On each page: vision-1 misreads its first table's cell in the middle of the body, vision-2
    // joins another body cell with its right neighbour.
    const misread: Record<string, string> = {};
    const mergeRight: string[] = [];
    for (const [page, entry] of truth) {
      const body = entry.tables[0]!.cells.filter((c) => c.row >= entry.tables[0]!.headerRows);
      if (body.length < 4) continue;
      const a = body[Math.floor(body.length / 2)]!;
      const b = body[Math.floor(body.length / 4)]!;
      misread[`p${page}:0,${a.row},${a.col}`] = MISREAD;
      if (b !== a) mergeRight.push(`p${page}:0,${b.row},${b.col}`);
    }
    const standIn = await startVisionStandIn(truth, { "reader-a": { misread }, "reader-b": { mergeRight } });
    const endpoint = (model: string) => new VisionEndpoint({ url: standIn.url, model }, VISION_SETTINGS);
    try {
      const out = await runPipeline({
        pdfPath: file,
        pages,
        withSourcePages: false,
        fileSha256: createHash("sha256").update(generated.pdf).digest("hex"),
        cacheDir: null,
        outputDir: fs.mkdtempSync(path.join(root, "out-")),
        ocr: [],
        skipFigureCrops: true,
        vision: visionReaders({
          first: endpoint("reader-a"),
          second: endpoint("reader-b"),
          review: endpoint("reviewer"),
          maxCallsPerPage: 40,
        }),
      });
      assert.deepEqual(standIn.violations, [], generated.name);
      assert.equal(out.pagesFailed, 0, generated.name);
      for (const cell of out.result.tables.flatMap((t) => [...t.header_cells, ...t.rows.flat()])) {
        assert.ok(!cell.value.includes(MISREAD), `${generated.name}: the misreading became the value: ${JSON.stringify(cell)}`);
        const readings = Object.values(cell.readings ?? {});
        if (readings.some((r) => r.includes(MISREAD))) {
          misreadCells++;
          assert.notEqual(cell.confidence, "verified", `${generated.name}: ${JSON.stringify(cell)}`);
          assert.ok(!cell.sources.includes("vision-1"), `${generated.name}: ${JSON.stringify(cell)}`);
          if (cell.sources.includes("vision-arbiter") || cell.confidence === "reviewed") settled++;
        }
      }
    } finally {
      await standIn.close();
    }
  }
  console.log(`${misreadCells} cells carried a misreading; ${settled} of them settled by the arbiter or the reviewer`);
  assert.ok(misreadCells >= FAMILIES.length * 0.8, `${misreadCells} misread cells`);
  assert.equal(settled, misreadCells);
});

test("readers without boxes on every layout family: placed by position only where sure, never on a wrong cell", async () => {
  let rightCells = 0;
  let byBoth = 0;
  for (const family of FAMILIES) {
    const generated = await generateDocument(family, 0, SEED);
    const file = path.join(root, `${generated.name}-boxless.pdf`);
    fs.writeFileSync(file, generated.pdf);
    const truth = await truthOf(generated.pdf, generated.tables);
    const pages = (await PDFDocument.load(generated.pdf)).getPageCount();
    const standIn = await startVisionStandIn(truth, { "reader-a": { noBoxes: true }, "reader-b": { noBoxes: true } });
    const endpoint = (model: string) => new VisionEndpoint({ url: standIn.url, model }, VISION_SETTINGS);
    try {
      const run = (vision?: ReturnType<typeof visionReaders>) =>
        runPipeline({
          pdfPath: file,
          pages,
          withSourcePages: false,
          fileSha256: createHash("sha256").update(generated.pdf).digest("hex"),
          cacheDir: null,
          outputDir: fs.mkdtempSync(path.join(root, "out-")),
          ocr: [],
          skipFigureCrops: true,
          ...(vision ? { vision } : {}),
        });
      const out = await run(
        visionReaders({ first: endpoint("reader-a"), second: endpoint("reader-b"), review: null, maxCallsPerPage: 40 }),
      );
      assert.equal(out.pagesFailed, 0, generated.name);
      // Detection may dispute a table on its own (a structure doubt of the text layer's); readers
      // without boxes must not dispute any other.
      const alone = await run();
      const disputedAlone = new Set(alone.result.tables.filter((t) => t.layout_disputed).map((t) => `${t.page}:${t.index}`));
      for (const table of out.result.tables) {
        assert.equal(
          table.layout_disputed ?? false,
          disputedAlone.has(`${table.page}:${table.index}`),
          `${generated.name}: readers without boxes dispute no table the pipeline without them does not`,
        );
        const pageTruth = truth.get(table.page)?.tables.flatMap((t) => t.cells) ?? [];
        for (const cell of [...table.header_cells, ...table.rows.flat()] as Cell[]) {
          if (!cell.bbox || cell.value.trim() === "") continue;
          const [cx, cy] = [(cell.bbox[0] + cell.bbox[2]) / 2, (cell.bbox[1] + cell.bbox[3]) / 2];
          const own = pageTruth.find((t) => cx >= t.box[0] && cx <= t.box[2] && cy >= t.box[1] && cy <= t.box[3]);
          if (!own || comparisonKey(own.text) !== comparisonKey(cell.value)) continue;
          rightCells++;
          for (const source of ["vision-1", "vision-2", "vision-single"]) {
            const reading = cell.readings?.[source];
            if (reading !== undefined)
              assert.equal(comparisonKey(reading), comparisonKey(cell.value), `${generated.name}: ${source} on ${JSON.stringify(cell)}`);
          }
          if (cell.sources.includes("vision-1") && cell.sources.includes("vision-2")) byBoth++;
        }
      }
    } finally {
      await standIn.close();
    }
  }
  console.log(
    `without boxes: ${byBoth} of ${rightCells} right cells placed by position and read alike by both readers (${((100 * byBoth) / rightCells).toFixed(1)}%)`,
  );
  // 98.5% when written (1802 of 1830): what is left out is tables whose shape the delivered one
  // does not share (bands, spans), where position is not sure.
  assert.ok(byBoth >= 0.9 * rightCells, `${byBoth} of ${rightCells}`);
});

// The vision readers through the whole pipeline (OCR off, so it runs in seconds), against a local
// OpenAI-compatible stand-in (tests/vision/openai-stand-in.ts) that answers from the generated
// PDF's ground truth with scripted mistakes. Each test asserts the sources, confidence levels and
// readings the mistakes must lead to, and that no request lacked the page image or the schema.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import type { Cell, CellSource, Result, Table } from "../../../lib/result/schema";
import { buildQueue } from "../../../lib/review/queue";
import { TestPdf, type TableSpec } from "../../../tests/pdf/make-pdf";
import { startVisionStandIn, tableTruth, type ModelScript, type StandIn, type TruthPage } from "../../../tests/vision/openai-stand-in";
import { runPipeline, type PipelineOutput } from "../run-pipeline";
import { STRUCTURE_READERS } from "../structure/registry";
import { VisionEndpoint, visionReaders, VISION_SETTINGS, type VisionSettings } from "./index";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "vision-readers-"));
after(() => fs.rmSync(root, { recursive: true, force: true }));

const TABLE: TableSpec = {
  x: 60,
  y: 100,
  colWidths: [140, 70, 70, 70],
  rowHeight: 16,
  style: "none",
  rows: [
    ["Region", "2022", "2023", "2024"],
    ["North", "1,204", "1,310", "1,452"],
    ["South", "982", "1,045", "1,101"],
    ["East", "640", "702", "733"],
    ["West", "1,530", "1,498", "1,610"],
  ],
};

/** Short backoff so the failure cases take seconds, not minutes. The timeout is long enough that
 * a stand-in answering on a loaded machine (the pipeline shares its event loop) is never timed
 * out: a hanging reader then costs 2 x 2 s. */
const FAST: VisionSettings = { ...VISION_SETTINGS, timeoutMs: 2000, backoffMs: 10, maxBackoffMs: 50, attempts: 2 };

interface Doc {
  file: string;
  sha: string;
  pages: number;
  truth: Map<number, TruthPage>;
}

/** `pages` pages, each the table above; `printed` is what the image shows where the text layer
 * says otherwise ("row,col" of the spec -> text), on every page. */
async function makeDoc(pages = 1, printed: Record<string, string> = {}): Promise<Doc> {
  const pdf = await TestPdf.create();
  const truth = new Map<number, TruthPage>();
  for (let p = 1; p <= pages; p++) {
    const page = pdf.addPage(612, 792);
    pdf.text(page, `Regional sales, part ${p}`, 60, 60, 14, true);
    pdf.table(page, TABLE);
    truth.set(p, { widthPt: 612, tables: [tableTruth(TABLE, 1, printed)] });
  }
  const file = await pdf.save("vision");
  return { file, sha: createHash("sha256").update(fs.readFileSync(file)).digest("hex"), pages, truth };
}

interface Models {
  first?: string | null;
  second?: string | null;
  review?: string | null;
}

async function run(
  doc: Doc,
  standIn: StandIn | null,
  models: Models = {},
  options: { maxCalls?: number; cacheDir?: string | null; pageBudgetMs?: number; settings?: VisionSettings } = {},
): Promise<PipelineOutput> {
  const settings = options.settings ?? FAST;
  const endpoint = (model: string | null | undefined) =>
    standIn && model ? new VisionEndpoint({ url: standIn.url, model, apiKey: "sk-test-vision" }, settings) : null;
  const vision = standIn
    ? visionReaders(
        {
          first: endpoint(models.first === undefined ? "reader-a" : models.first),
          second: endpoint(models.second === undefined ? "reader-b" : models.second),
          review: endpoint(models.review === undefined ? "reviewer" : models.review),
          maxCallsPerPage: options.maxCalls ?? 12,
          pageBudgetMs: options.pageBudgetMs,
        },
        settings,
      )
    : null;
  return runPipeline({
    pdfPath: doc.file,
    pages: doc.pages,
    withSourcePages: false,
    fileSha256: doc.sha,
    cacheDir: options.cacheDir ?? null,
    outputDir: fs.mkdtempSync(path.join(root, "out-")),
    ocr: [],
    skipFigureCrops: true,
    // The rule readings only: these tests list a cell's sources exactly, and pdf-model (which
    // names the cells it reads alike) has tests of its own.
    structureReaders: STRUCTURE_READERS.map((reader) => reader.name).filter((name) => name !== "pdf-model"),
    vision,
  });
}

async function withStandIn<T>(doc: Doc, scripts: Record<string, ModelScript>, work: (standIn: StandIn) => Promise<T>): Promise<T> {
  const standIn = await startVisionStandIn(doc.truth, scripts, "sk-test-vision");
  try {
    const out = await work(standIn);
    assert.deepEqual(standIn.violations, [], "every request carries the page image and the task's schema");
    for (const request of standIn.requests) assert.equal(request.authorization, "Bearer sk-test-vision");
    return out;
  } finally {
    await standIn.close();
  }
}

const table = (result: Result): Table => {
  assert.equal(result.tables.length, 1);
  return result.tables[0]!;
};
/** Body cell by its printed text in column 0 (the region) and column. */
const cellAt = (t: Table, region: string, col: number): Cell => {
  const row = t.rows.find((r) => r[0]?.value === region);
  assert.ok(row, `row ${region}`);
  return row[col]!;
};
const sourcesOf = (cell: Cell) => [...cell.sources].sort();
const sorted = (list: CellSource[]) => [...list].sort();
const everyCell = (result: Result): Cell[] => result.tables.flatMap((t) => [...t.header_cells, ...t.rows.flat()]);
const VISION_SOURCES: CellSource[] = [
  "vision-1",
  "vision-2",
  "vision-single",
  "vision-arbiter",
  "vision-audit",
  "vision-grid",
  "vision-review",
];
/** Which vision sources appear anywhere in the result (sources or readings keys). */
const visionSourcesSeen = (result: Result) =>
  new Set(
    everyCell(result)
      .flatMap((c) => [...c.sources, ...Object.keys(c.readings ?? {})])
      .filter((s) => VISION_SOURCES.includes(s as CellSource)),
  );

describe("vision readers", () => {
  test("two readers that agree with the text layer verify every cell; the audit adds its source; nothing else is called", async () => {
    const doc = await makeDoc();
    const out = await withStandIn(doc, {}, async (standIn) => {
      const out = await run(doc, standIn);
      assert.deepEqual(standIn.requests.map((r) => `${r.model}:${r.task}`).sort(), ["reader-a:grid", "reader-b:grid", "reviewer:audit"]);
      for (const r of standIn.requests) assert.equal(r.schemaName, `${r.task}_answer`);
      return out;
    });
    const t = table(out.result);
    assert.deepEqual(t.header, ["Region", "2022", "2023", "2024"]);
    for (const cell of everyCell(out.result)) {
      assert.equal(cell.confidence, "verified", JSON.stringify(cell));
      assert.deepEqual(sourcesOf(cell), sorted(["pdf-text", "vision-1", "vision-2", "vision-audit"]));
      assert.equal(cell.readings, undefined);
    }
    assert.deepEqual([...visionSourcesSeen(out.result)].sort(), sorted(["vision-1", "vision-2", "vision-audit"]));
    assert.deepEqual(out.failures, []);
    assert.equal(out.vision?.calls, 3);
    assert.equal(out.vision?.failed, 0);
    assert.deepEqual(out.vision?.pages, [{ page: 1, calls: 3, cached: 0, failed: 0 }]);
    assert.ok(out.vision.prompt_tokens > 0 && out.vision.completion_tokens > 0);
  });

  test("a digit one reader misread is settled by the arbiter: resolved, every reading kept", async () => {
    const doc = await makeDoc();
    const out = await withStandIn(doc, { "reader-a": { misread: { "0,1,2": "1,810" } } }, async (standIn) => {
      const out = await run(doc, standIn);
      assert.equal(standIn.requests.filter((r) => r.task === "arbiter").length, 1);
      return out;
    });
    const cell = cellAt(table(out.result), "North", 2);
    assert.equal(cell.value, "1,310");
    assert.equal(cell.confidence, "resolved");
    assert.deepEqual(sourcesOf(cell), sorted(["pdf-text", "vision-2", "vision-arbiter", "vision-audit"]));
    assert.deepEqual(cell.readings, { "pdf-text": "1,310", "vision-1": "1,810", "vision-2": "1,310", "vision-arbiter": "1,310" });
    // The arbiter reads only where the two disagree.
    const arbitrated = everyCell(out.result).filter(
      (c) => c.sources.includes("vision-arbiter") || c.readings?.["vision-arbiter"] !== undefined,
    );
    assert.deepEqual(arbitrated, [cell]);
  });

  test("a merged column: the joined reading is one disagreeing reading, the other cell rests on vision-single", async () => {
    const doc = await makeDoc();
    const out = await withStandIn(doc, { "reader-b": { mergeRight: ["0,2,1"] } }, (standIn) => run(doc, standIn));
    const t = table(out.result);
    const pair = [cellAt(t, "South", 1), cellAt(t, "South", 2)];
    const joined = pair.find((c) => c.readings?.["vision-2"] === "982 1,045");
    const other = pair.find((c) => c !== joined)!;
    assert.ok(joined, JSON.stringify(pair));
    // The text layer, vision-1 and the arbiter (which read the cell the two readers disagree on)
    // against vision-2: a majority.
    assert.equal(joined.confidence, "resolved");
    assert.equal(joined.value, "1,045");
    assert.deepEqual(sourcesOf(joined), sorted(["pdf-text", "vision-1", "vision-arbiter", "vision-audit"]));
    assert.equal(joined.readings?.["vision-arbiter"], "1,045");
    // vision-2's grid is also a structure reading against both cells: the other one, whose value
    // only vision-1 confirmed, is a majority too, with vision-2's segmentation among its readings.
    assert.equal(other.confidence, "resolved");
    assert.equal(other.readings?.["vision-2-cells"], "982 1,045");
    assert.ok(other.sources.includes("vision-single") && !other.sources.includes("vision-2"), JSON.stringify(other));
    assert.equal(other.value, other === pair[0] ? "982" : "1,045");
    // Nowhere else does a single reader stand alone.
    for (const cell of everyCell(out.result)) if (cell !== other) assert.ok(!cell.sources.includes("vision-single"), JSON.stringify(cell));
  });

  test("a row one reader left out is re-read from a crop of the table: vision-grid", async () => {
    const doc = await makeDoc();
    const out = await withStandIn(doc, { "reader-a": { dropRows: ["0,3"] } }, async (standIn) => {
      const out = await run(doc, standIn);
      const grids = standIn.requests.filter((r) => r.task === "grid" && r.model === "reviewer");
      const page = standIn.requests.find((r) => r.model === "reader-a")!;
      assert.equal(grids.length, 1);
      // 144 dpi: the table's frame (at most 350 x 80 pt) and a 12 pt margin, not the page (1224 x 1584 px).
      assert.deepEqual([page.imageWidth, page.imageHeight], [1224, 1584]);
      assert.ok(
        grids[0]!.imageWidth <= 2 * (350 + 24) && grids[0]!.imageHeight <= 2 * (80 + 24),
        `${grids[0]!.imageWidth} x ${grids[0]!.imageHeight}`,
      );
      return out;
    });
    const t = table(out.result);
    for (let col = 0; col < 4; col++) {
      const cell = cellAt(t, "East", col);
      assert.equal(cell.confidence, "verified", JSON.stringify(cell));
      assert.ok(
        cell.sources.includes("vision-grid") && cell.sources.includes("vision-single") && cell.sources.includes("pdf-text"),
        JSON.stringify(cell),
      );
    }
    for (const cell of everyCell(out.result))
      if (!t.rows.find((r) => r[0]?.value === "East")!.includes(cell)) assert.ok(!cell.sources.includes("vision-grid"));
  });

  test("an endpoint answering malformed JSON is absent for the page; a lone misreading is then adjudicated: reviewed", async () => {
    const doc = await makeDoc();
    const out = await withStandIn(doc, { "reader-a": { misread: { "0,1,2": "1,810" } }, "reader-b": { malformed: Infinity } }, (standIn) =>
      run(doc, standIn),
    );
    assert.equal(out.pagesFailed, 0);
    assert.ok(
      out.failures.some((f) => f.page === 1 && f.stage === "vision-2" && /not the JSON/.test(f.message)),
      JSON.stringify(out.failures),
    );
    const t = table(out.result);
    const cell = cellAt(t, "North", 2);
    assert.equal(cell.confidence, "reviewed");
    assert.equal(cell.value, "1,310");
    assert.equal(cell.provisional, undefined);
    assert.deepEqual(cell.readings, { "pdf-text": "1,310", "vision-single": "1,810", "vision-review": "1,310" });
    assert.deepEqual(sourcesOf(cell), sorted(["vision-review", "pdf-text", "vision-audit"]));
    // Still offered to a person.
    assert.ok(buildQueue(out.result.tables).some((entry) => entry.level === "reviewed"));
    const right = cellAt(t, "North", 1);
    assert.equal(right.confidence, "verified");
    assert.deepEqual(sourcesOf(right), sorted(["pdf-text", "vision-single", "vision-audit"]));
    assert.ok(!visionSourcesSeen(out.result).has("vision-2") && !visionSourcesSeen(out.result).has("vision-1"));
  });

  test("a reader that never answers times out and is absent; the page is delivered from the others", async () => {
    const doc = await makeDoc();
    const out = await withStandIn(doc, { "reader-b": { hang: Infinity } }, async (standIn) => {
      const out = await run(doc, standIn);
      assert.equal(standIn.requests.filter((r) => r.model === "reader-b").length, FAST.attempts);
      return out;
    });
    assert.equal(out.pagesFailed, 0);
    assert.ok(out.failures.some((f) => f.stage === "vision-2" && /no answer within/.test(f.message)));
    for (const cell of everyCell(out.result)) {
      assert.equal(cell.confidence, "verified");
      assert.deepEqual(sourcesOf(cell), sorted(["pdf-text", "vision-single", "vision-audit"]));
    }
    assert.equal(out.vision?.failed, 1);
  });

  test("a 429 is retried after the server's Retry-After and the reading counts once", async () => {
    const doc = await makeDoc();
    const out = await withStandIn(doc, { "reader-a": { tooMany: 1 } }, async (standIn) => {
      const out = await run(doc, standIn);
      assert.equal(standIn.requests.filter((r) => r.model === "reader-a").length, 2);
      return out;
    });
    assert.deepEqual(out.failures, []);
    assert.equal(out.vision?.calls, 3);
    for (const cell of everyCell(out.result)) assert.ok(cell.sources.includes("vision-1"));
  });

  test("a text layer that differs from the printed page: the audit objects, the reviewer takes the image's value", async () => {
    const doc = await makeDoc(1, { "1,3": "1,458" });
    const out = await withStandIn(doc, {}, (standIn) => run(doc, standIn));
    const cell = cellAt(table(out.result), "North", 3);
    assert.equal(cell.confidence, "reviewed");
    assert.equal(cell.value, "1,458");
    assert.deepEqual(sourcesOf(cell), sorted(["vision-review", "vision-1", "vision-2"]));
    assert.deepEqual(cell.readings, { "pdf-text": "1,452", "vision-1": "1,458", "vision-2": "1,458", "vision-review": "1,458" });
    assert.equal(everyCell(out.result).filter((c) => c.confidence === "reviewed").length, 1);
  });

  test("an audit objection sends a verified cell to the reviewer; it comes back reviewed, never verified", async () => {
    const doc = await makeDoc();
    const out = await withStandIn(doc, { reviewer: { objectTo: ["t0.r2c0"] } }, (standIn) => run(doc, standIn));
    const cell = cellAt(table(out.result), "East", 0);
    assert.equal(cell.confidence, "reviewed");
    assert.equal(cell.value, "East");
    assert.ok(!cell.sources.includes("vision-audit"));
    assert.deepEqual(sourcesOf(cell), sorted(["vision-review", "pdf-text", "vision-1", "vision-2"]));
  });

  test("every endpoint failing changes nothing: the result is the one without vision", async () => {
    const doc = await makeDoc();
    const without = await run(doc, null);
    const out = await withStandIn(
      doc,
      { "reader-a": { hang: Infinity }, "reader-b": { tooMany: Infinity }, reviewer: { malformed: Infinity } },
      (standIn) => run(doc, standIn),
    );
    assert.deepEqual(out.result, without.result);
    assert.equal(out.pagesFailed, 0);
    // The audit still ran (the page has a table) and failed too.
    assert.deepEqual(new Set(out.failures.map((f) => f.stage)), new Set(["vision-1", "vision-2", "vision-audit"]));
    assert.equal(without.vision, undefined);
  });

  test("endpoints that hang never hold a page past its time for vision readers", async () => {
    const doc = await makeDoc();
    const without = await run(doc, null);
    const slow: VisionSettings = { ...FAST, timeoutMs: 30_000, attempts: 3 };
    const started = performance.now();
    const out = await withStandIn(
      doc,
      { "reader-a": { hang: Infinity }, "reader-b": { hang: Infinity }, reviewer: { hang: Infinity } },
      (standIn) => run(doc, standIn, {}, { pageBudgetMs: 800, settings: slow }),
    );
    const seconds = (performance.now() - started) / 1000;
    assert.ok(seconds < 5, `${seconds.toFixed(1)} s`);
    assert.deepEqual(out.result, without.result);
    assert.equal(out.pagesFailed, 0);
    assert.ok(
      out.failures.some((f) => f.stage === "vision-1" && /no answer within/.test(f.message)),
      JSON.stringify(out.failures),
    );
    assert.ok(
      out.failures.some((f) => f.stage === "vision-audit" && /s for vision readers are spent/.test(f.message)),
      JSON.stringify(out.failures),
    );
  });

  test("a table neither vision reader sees is layout_disputed; one reader seeing it is enough", async () => {
    const doc = await makeDoc();
    const blind = await withStandIn(doc, { "reader-a": { blindOn: [] }, "reader-b": { blindOn: [] } }, (standIn) => run(doc, standIn));
    const t = table(blind.result);
    assert.equal(t.layout_disputed, true);
    // Its order is measured from its box: the heading above it is block 0.
    assert.equal(t.order, 0);
    assert.ok(
      everyCell(blind.result).every(
        (c) => !c.sources.includes("vision-1") && !c.sources.includes("vision-2") && !c.sources.includes("vision-single"),
      ),
    );
    const one = await withStandIn(doc, { "reader-a": { blindOn: [] } }, (standIn) => run(doc, standIn));
    assert.equal(table(one.result).layout_disputed, undefined);
    const without = await run(doc, null);
    assert.equal(table(without.result).layout_disputed, undefined);
  });

  test("readers that give no boxes are placed by grid position where the shapes match, else abstain", async () => {
    const doc = await makeDoc();
    const out = await withStandIn(
      doc,
      { "reader-a": { noBoxes: true }, "reader-b": { noBoxes: true, misread: { "0,2,3": "1,181" } } },
      (standIn) => run(doc, standIn),
    );
    const t = table(out.result);
    assert.equal(t.layout_disputed, undefined, "no boxes is no opinion on where the table is");
    for (const cell of everyCell(out.result)) {
      if (cell === cellAt(t, "South", 3)) continue;
      assert.equal(cell.confidence, "verified", JSON.stringify(cell));
      assert.deepEqual(sourcesOf(cell), sorted(["pdf-text", "vision-1", "vision-2", "vision-audit"]));
    }
    const misread = cellAt(t, "South", 3);
    assert.equal(misread.value, "1,101");
    assert.equal(misread.readings?.["vision-2"], "1,181");
    // A reader without boxes whose grid does not match the delivered table's shape abstains.
    const shifted = await withStandIn(doc, { "reader-a": { noBoxes: true, dropRows: ["0,2"] } }, (standIn) => run(doc, standIn));
    for (const cell of everyCell(shifted.result)) {
      assert.ok(!cell.sources.includes("vision-1") && cell.readings?.["vision-1"] === undefined, JSON.stringify(cell));
      assert.ok(cell.sources.includes("vision-single"), JSON.stringify(cell));
    }
  });

  test("the page's call budget: calls past it are not made, and say so", async () => {
    const doc = await makeDoc();
    const out = await withStandIn(doc, {}, async (standIn) => {
      const out = await run(doc, standIn, {}, { maxCalls: 2 });
      assert.equal(standIn.requests.length, 2);
      return out;
    });
    assert.equal(out.vision?.calls, 2);
    assert.equal(out.vision?.skipped, 1);
    assert.ok(out.failures.some((f) => f.stage === "vision-audit" && /budget/.test(f.message)));
    for (const cell of everyCell(out.result)) assert.ok(!cell.sources.includes("vision-audit"));
  });

  test("a cached re-run makes no call and gives the same result", async () => {
    const doc = await makeDoc(2);
    const cacheDir = fs.mkdtempSync(path.join(root, "cache-"));
    const scripts = { "reader-a": { misread: { "0,1,2": "1,810" } }, "reader-b": { dropRows: ["0,4"] } };
    const first = await withStandIn(doc, scripts, (standIn) => run(doc, standIn, {}, { cacheDir }));
    const again = await withStandIn(doc, scripts, async (standIn) => {
      const out = await run(doc, standIn, {}, { cacheDir });
      assert.equal(standIn.requests.length, 0);
      return out;
    });
    assert.deepEqual(again.result, first.result);
    assert.equal(again.vision?.calls, 0);
    assert.equal(again.vision?.cached, first.vision?.calls);
    assert.ok(first.vision!.calls >= 2 * 4, "grid x2, arbiter and the grid re-read and audit on each page");
  });

  test("one model for both readers is refused", () => {
    const endpoint = (model: string) => new VisionEndpoint({ url: "http://127.0.0.1:9/v1", model });
    assert.throws(
      () => visionReaders({ first: endpoint("qwen2.5-vl-7b"), second: endpoint("Qwen2.5-VL-7B"), review: null, maxCallsPerPage: 12 }),
      /different model/,
    );
    assert.equal(visionReaders({ first: null, second: null, review: null, maxCallsPerPage: 12 }), null);
  });
});

// Images and spreadsheets through the API (ACCEPT_FORMATS). Switched off (the default): each is
// 400 with the switched-off detail, a text of prose 400 unrecognised, decided from the bytes.
// Switched on: an XLSX's sheets come back as exact tables from source-data with `sheet` set, CSVs
// in three encodings read alike, a photo-like PNG of a table is read by both OCR engines on the
// scanned-page path, a two-frame TIFF is two pages, billing counts a page per sheet or frame (402
// when the balance does not cover them), exports and the review page's document work, and a
// decompression bomb is refused with 400 while the service goes on.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { PDFDocument } from "pdf-lib";
import { resultSchema, type Result } from "../../lib/result/schema";
import {
  bombPng,
  CSV_ROWS,
  csvBytes,
  PHOTO_TABLE,
  tablePhotoPng,
  tiffOfImages,
  WORKBOOK,
  workbookXlsx,
} from "../../tests/inputs/make-inputs";
import { createKey, signIn, submit, USER_AGENT, waitForJob } from "../support/api";
import { startStack, type Stack } from "../support/stack";
import { unzip } from "../support/unzip";

const PROSE = "Dear Sam,\nThanks for the figures, they helped a lot.\nWe will meet again next week, as planned.\n";
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe("switched off (the default)", () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ env: { OCR_ENGINES: "none" } });
  });
  after(async () => {
    await stack?.stop();
  });

  const cases: [string, () => Promise<Uint8Array>, RegExp][] = [
    ["PNG", () => tablePhotoPng(), /^PNG image files are supported by the pipeline but switched off/],
    ["TIFF", async () => tiffOfImages([await tablePhotoPng(), await tablePhotoPng({ seed: 2 })]), /^TIFF image files .* switched off/],
    ["XLSX", workbookXlsx, /^XLSX spreadsheet files .* switched off/],
    ["CSV (UTF-16)", async () => csvBytes("utf-16le"), /^CSV spreadsheet files .* switched off/],
    ["CSV (Latin-1)", async () => csvBytes("latin1"), /^CSV spreadsheet files .* switched off/],
  ];
  for (const [label, make, detail] of cases) {
    test(`${label} named .pdf: 400, a format that is switched off`, async () => {
      const answer = await submit(stack, { bytes: await make(), name: "upload.pdf" });
      assert.equal(answer.status, 400);
      assert.match(String(answer.body.detail), detail);
      assert.deepEqual(Object.keys(answer.body), ["detail"]);
    });
  }

  test("prose named .csv: 400 unrecognised, not a spreadsheet", async () => {
    const answer = await submit(stack, { bytes: Buffer.from(PROSE), name: "notes.csv", type: "text/csv" });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.detail, "unrecognised format: only PDF is accepted");
  });
});

describe("switched on", () => {
  let stack: Stack;
  let key: string;
  const email = "formats@example.com";

  before(async () => {
    stack = await startStack({ env: { ACCEPT_FORMATS: "pdf,image,spreadsheet", OCR_ENGINES: "ocr-1,ocr-2" } });
    key = await createKey(stack, email);
  });
  after(async () => {
    await stack?.stop();
  });

  async function done(
    bytes: Uint8Array,
    name: string,
    timeoutMs = 60_000,
  ): Promise<{ id: string; accepted: Record<string, unknown>; job: Record<string, any>; result: Result }> {
    const accepted = await submit(stack, { bytes, name, headers: bearer(key) });
    assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
    const id = String(accepted.body.id);
    const job = (await waitForJob(stack, id, bearer(key), timeoutMs)).body;
    assert.equal(job.status, "done", JSON.stringify(job));
    return { id, accepted: accepted.body, job, result: resultSchema.parse(job.result) };
  }

  test("an XLSX: a table per visible sheet, exact from source-data, sheet set, a page each; exports and review document", async () => {
    const { id, accepted, job, result } = await done(await workbookXlsx(), "sales.xlsx");
    assert.equal(accepted.text_layer, false);
    assert.deepEqual(
      result.tables.map((t) => [t.page, t.sheet]),
      [
        [1, WORKBOOK.sheet],
        [2, WORKBOOK.secondSheet],
      ],
    );
    const sales = result.tables[0]!;
    assert.deepEqual(sales.header, WORKBOOK.header);
    assert.deepEqual(
      sales.rows.map((r) => r.map((c) => c.value)),
      WORKBOOK.rows.map((r) => r.map((v) => (v.startsWith("=") ? "" : v))),
    );
    assert.deepEqual(sales.span_grid, [WORKBOOK.merge]);
    assert.deepEqual(sales.rows[0]![1], {
      value: "1,234.50",
      confidence: "exact",
      sources: ["source-data"],
      bbox: sales.rows[0]![1]!.bbox,
    });
    const formula = sales.rows[2]![4]!;
    assert.equal(formula.confidence, "unverified");
    assert.deepEqual(formula.readings, { "source-data": "=B2+B4" });
    assert.ok(!JSON.stringify(result).includes("Hidden row"));
    // Two sheets, two pages, at the account's price per page.
    assert.equal(job.usage.pages, 2);
    assert.equal(job.usage.cost_usd, 2 * job.usage.price_per_page_usd);
    assert.ok(job.usage.price_per_page_usd > 0);

    // No figures, so no zip bundle: the same answer as for a PDF without figures.
    const zip = await fetch(`${stack.baseUrl}/v1/parse/${id}/export?format=zip`, { headers: { "user-agent": USER_AGENT, ...bearer(key) } });
    assert.equal(zip.status, 404);
    assert.match(((await zip.json()) as { detail: string }).detail, /no cropped figures/);
    for (const format of ["json", "csv", "xlsx"]) {
      const response = await fetch(`${stack.baseUrl}/v1/parse/${id}/export?format=${format}`, {
        headers: { "user-agent": USER_AGENT, ...bearer(key) },
      });
      const body = Buffer.from(await response.arrayBuffer());
      assert.equal(response.status, 200, `${format}: ${body.toString("utf8").slice(0, 200)}`);
      if (format === "csv") {
        // Two sheets, two tables: a zip of one CSV per table, each named after its sheet.
        const files = await unzip(body);
        assert.match(files.get(`${WORKBOOK.sheet}.csv`)?.toString("utf8") ?? "", /1,234\.50/);
        assert.equal(files.size, 2);
      }
      if (format === "json") assert.equal(JSON.parse(body.toString("utf8")).tables[0].sheet, WORKBOOK.sheet);
    }
    // The review page's viewer gets the drawn sheets: a PDF, one page per sheet, sized as the result says.
    const cookie = await signIn(stack, email);
    const document = await fetch(`${stack.baseUrl}/jobs/${id}/document`, { headers: { "user-agent": USER_AGENT, cookie } });
    assert.equal(document.status, 200);
    assert.equal(document.headers.get("content-type"), "application/pdf");
    const pdf = await PDFDocument.load(new Uint8Array(await document.arrayBuffer()));
    assert.deepEqual(
      pdf.getPages().map((p) => Math.round(p.getWidth())),
      result.pages.map((p) => Math.round(p.width)),
    );
    for (const page of [`/jobs/${id}`, `/jobs/${id}/review`]) {
      const response = await fetch(`${stack.baseUrl}${page}`, { headers: { "user-agent": USER_AGENT, cookie } });
      assert.equal(response.status, 200, page);
    }
  });

  test("CSVs in UTF-8, UTF-16 with BOM and Latin-1 give the same table", async () => {
    for (const encoding of ["utf-8", "utf-16le", "latin1"] as const) {
      const { result, job } = await done(csvBytes(encoding), `cities-${encoding}.csv`);
      assert.equal(result.tables.length, 1);
      const table = result.tables[0]!;
      assert.equal(table.sheet, `cities-${encoding}`);
      assert.deepEqual(
        table.rows.map((r) => r.map((c) => c.value)),
        CSV_ROWS,
        encoding,
      );
      assert.ok(table.rows.flat().every((c) => c.confidence === "exact" && c.sources.join() === "source-data"));
      assert.equal(job.usage.pages, 1);
    }
  });

  test("a photo-like PNG of a table: read by both OCR engines on the scanned-page path", async () => {
    const { id, result, job } = await done(await tablePhotoPng(), "photo.png", 240_000);
    // The review page's viewer gets the image as a page: 200 dpi, so its size in points is 72/200 of its pixels.
    const cookie = await signIn(stack, email);
    const document = await fetch(`${stack.baseUrl}/jobs/${id}/document`, { headers: { "user-agent": USER_AGENT, cookie } });
    assert.equal(document.status, 200);
    const pdf = await PDFDocument.load(new Uint8Array(await document.arrayBuffer()));
    assert.equal(pdf.getPageCount(), 1);
    assert.deepEqual(
      [pdf.getPage(0).getWidth(), pdf.getPage(0).getHeight()].map(Math.round),
      [result.pages[0]!.width, result.pages[0]!.height].map(Math.round),
    );
    assert.equal(result.pages.length, 1);
    assert.equal(result.tables.length, 1);
    const table = result.tables[0]!;
    assert.equal(table.sheet, undefined);
    assert.deepEqual(table.header, PHOTO_TABLE.header);
    assert.deepEqual(
      table.rows.map((r) => r.map((c) => c.value)),
      PHOTO_TABLE.rows,
    );
    for (const cell of table.rows.flat()) {
      assert.equal(cell.confidence, "verified", JSON.stringify(cell));
      assert.deepEqual([...cell.sources].sort(), ["ocr-1", "ocr-2"]);
    }
    assert.equal(job.usage.pages, 1);
  });

  test("a two-frame TIFF is two pages, each read, each charged", async () => {
    const second = [
      PHOTO_TABLE.header,
      ["Alpha", "311", "12.80"],
      ["Beta", "4096", "55.10"],
      ["Gamma", "27", "3.05"],
      ["Delta", "1500", "60.00"],
    ];
    const tiff = await tiffOfImages([await tablePhotoPng(), await tablePhotoPng({ cells: second, seed: 5 })]);
    const { result, job } = await done(tiff, "scan.tif", 300_000);
    assert.deepEqual(
      result.pages.map((p) => p.page),
      [1, 2],
    );
    assert.ok(result.pages.every((p) => !p.unreadable));
    assert.deepEqual(
      result.tables.map((t) => t.page),
      [1, 2],
    );
    assert.deepEqual(
      result.tables[1]!.rows.map((r) => r[0]!.value),
      ["Alpha", "Beta", "Gamma", "Delta"],
    );
    assert.equal(job.usage.pages, 2);
  });

  test("a balance that does not cover every sheet is 402, nothing queued", async () => {
    const poor = await createKey(stack, "poor-sheets@example.com", 0.1);
    const before = (await stack.query(`SELECT id FROM "Job"`)).length;
    const answer = await submit(stack, { bytes: await workbookXlsx(), name: "sales.xlsx", headers: bearer(poor) });
    assert.equal(answer.status, 402);
    assert.equal(answer.body.required_usd, 0.12);
    assert.equal((await stack.query(`SELECT id FROM "Job"`)).length, before);
  });

  test("an anonymous spreadsheet uses one trial page per sheet, and is not charged", async () => {
    const window = `day:${new Date().toISOString().slice(0, 10)}`;
    const used = async () =>
      Number(
        (await stack.query<{ count: number }>(`SELECT count FROM "TrialUsage" WHERE channel = 'api' AND "window" = $1`, [window]))[0]
          ?.count ?? 0,
      );
    const before = await used();
    const answer = await submit(stack, { bytes: await workbookXlsx(), name: "trial.xlsx" });
    assert.equal(answer.status, 202, JSON.stringify(answer.body));
    assert.equal(await used(), before + 2);
    const job = (await waitForJob(stack, String(answer.body.id))).body;
    assert.equal(job.status, "done");
    assert.equal(job.usage.cost_usd, 0);
  });

  test("a decompression bomb is 400 with the pixel limit; the service goes on", async () => {
    const answer = await submit(stack, { bytes: bombPng(), name: "huge.png", headers: bearer(key) });
    assert.equal(answer.status, 400);
    assert.match(String(answer.body.detail), /20000 x 20000 pixels, more than the 50 M pixels a page may have/);
    assert.deepEqual(Object.keys(answer.body), ["detail"]);
    const next = await submit(stack, { bytes: csvBytes("utf-8"), name: "after.csv", headers: bearer(key) });
    assert.equal(next.status, 202);
    assert.equal((await waitForJob(stack, String(next.body.id), bearer(key))).body.status, "done");
  });

  test("prose is still unrecognised with spreadsheets on", async () => {
    const answer = await submit(stack, { bytes: Buffer.from(PROSE), name: "notes.csv", headers: bearer(key) });
    assert.equal(answer.status, 400);
    assert.match(String(answer.body.detail), /^unrecognised format: accepted are PDF, images/);
  });
});

// Exports through the API: every format read back and compared with the
// job's own result, the zip bundle, each error status, and the stateless POST /v1/export.
import assert from "node:assert/strict";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import ExcelJS from "exceljs";
import { excelNumber } from "../../lib/export/excel-number";
import { tableName } from "../../lib/result/table-name";
import type { Result } from "../../lib/result/schema";
import { mergedPdf, repeatedFigurePdf } from "../../tests/pdf/golden-cases";
import { createKey, getJob, submit, USER_AGENT, waitForJob } from "../support/api";
import { makeTextPdf } from "../support/pdfs";
import { unzip } from "../support/unzip";
import { startStack, type Stack } from "../support/stack";

const EXPORT_MAX_BYTES = 1024 * 1024;
let stack: Stack;
let key: string;
let tableJob: { id: string; result: Result };
let figureJob: { id: string; result: Result };

const auth = () => ({ authorization: `Bearer ${key}` });

async function finishedJob(bytes: Uint8Array, name: string) {
  const accepted = await submit(stack, { bytes, name, headers: auth() });
  assert.equal(accepted.status, 202);
  const done = await waitForJob(stack, String(accepted.body.id), auth());
  assert.equal(done.body.status, "done");
  return { id: String(accepted.body.id), result: done.body.result as Result };
}

async function download(id: string, format: string, headers: Record<string, string> = auth()) {
  const response = await fetch(`${stack.baseUrl}/v1/parse/${id}/export?format=${format}`, {
    headers: { "user-agent": USER_AGENT, ...headers },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += char;
  }
  if (field !== "" || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** A table's header line as the CSV names its columns: every band over the column (the widest
 * first), then the column's own name, joined by " / ". */
function bandedHeader(table: Result["tables"][number]): string[] {
  const names = table.header_cells.length ? table.header_cells.map((cell) => cell.value) : table.header;
  const width = Math.max(names.length, ...table.rows.map((row) => row.length));
  const bands = [...(table.colbands ?? [])].sort(
    (a, b) => b.end_col - b.start_col - (a.end_col - a.start_col) || a.start_col - b.start_col,
  );
  return Array.from({ length: width }, (_, col) =>
    [
      ...bands.filter((band) => band.start_col <= col && col <= band.end_col).map((band) => band.label),
      ...(names[col] ? [names[col]] : []),
    ].join(" / "),
  );
}

before(async () => {
  stack = await startStack({ env: { EXPORT_MAX_BYTES: String(EXPORT_MAX_BYTES) } });
  key = await createKey(stack, "exporter@example.com");
  tableJob = await finishedJob(fs.readFileSync(await mergedPdf()), "Quarterly report.pdf");
  figureJob = await finishedJob(fs.readFileSync(await repeatedFigurePdf()), "logo.pdf");
  assert.ok(tableJob.result.tables.length > 0, "the merged-cell PDF should give a table");
  assert.ok(figureJob.result.images.length > 0, "the figure PDF should give cropped images");
});
after(async () => {
  await stack?.stop();
});

describe("GET /v1/parse/{id}/export", () => {
  test("json is the result, as a download named after the upload", async () => {
    const { response, bytes } = await download(tableJob.id, "json");
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /application\/json/);
    assert.match(response.headers.get("content-disposition") ?? "", /^attachment; filename="Quarterly report\.json"/);
    assert.deepEqual(JSON.parse(bytes.toString("utf8")), tableJob.result);
  });

  test("csv of one table is that table's file: its band-qualified header line, then its rows", async () => {
    assert.equal(tableJob.result.tables.length, 1, "the merged-cell PDF gives one table");
    const { response, bytes } = await download(tableJob.id, "csv");
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^text\/csv/);
    assert.match(response.headers.get("content-disposition") ?? "", /filename="Quarterly report\.csv"/);
    const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
    const table = tableJob.result.tables[0]!;
    assert.deepEqual(parseCsv(text), [bandedHeader(table), ...table.rows.map((row) => row.map((cell) => cell.value))]);
  });

  test("xlsx has a sheet per table with the values, and a cells sheet for audit", async () => {
    const { response, bytes } = await download(tableJob.id, "xlsx");
    assert.equal(response.status, 200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const table = tableJob.result.tables[0]!;
    const sheet = workbook.getWorksheet(tableName(table));
    assert.ok(sheet, workbook.worksheets.map((s) => s.name).join(","));
    const values: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => values.push(String(cell.value ?? ""))));
    // A number is written as a number (its format shows the same text); the rest as text.
    for (const cell of table.rows.flat()) {
      if (cell.value) assert.ok(values.includes(String(excelNumber(cell.value)?.value ?? cell.value)), `missing ${cell.value}`);
    }
    const cells = workbook.getWorksheet("cells");
    assert.ok(cells);
    const cellCount = tableJob.result.tables.reduce((sum, t) => sum + t.header_cells.length + t.rows.flat().length, 0);
    assert.equal(cells.actualRowCount - 1, cellCount);
  });

  test("zip: dataset.json plus every cropped image, paths relative to the bundle", async () => {
    const { response, bytes } = await download(figureJob.id, "zip");
    assert.equal(response.status, 200);
    const entries = await unzip(bytes);
    assert.deepEqual(JSON.parse(entries.get("dataset.json")!.toString("utf8")), figureJob.result);
    for (const image of figureJob.result.images) {
      const entry = entries.get(image.path);
      assert.ok(entry && entry.length > 0, `missing ${image.path}`);
      assert.deepEqual(entry, fs.readFileSync(`${stack.dataDir}/jobs/${figureJob.id}/${image.path}`));
    }
  });

  test("the result page's figure URLs (/jobs/{id}/images/...) serve the crops, to whoever may see the job", async () => {
    const get = (suffix: string, headers: Record<string, string>) =>
      fetch(`${stack.baseUrl}/jobs/${figureJob.id}/${suffix}`, { headers: { "user-agent": USER_AGENT, ...headers } });
    for (const image of figureJob.result.images) {
      assert.match(image.path, /^images\/[^/]+\.png$/);
      const response = await get(image.path, auth());
      assert.equal(response.status, 200, image.path);
      assert.equal(response.headers.get("content-type"), "image/png");
      assert.deepEqual(Buffer.from(await response.arrayBuffer()), fs.readFileSync(`${stack.dataDir}/jobs/${figureJob.id}/${image.path}`));
    }
    const first = figureJob.result.images[0]!.path;
    const other = await createKey(stack, "figure-peeker@example.com");
    assert.equal((await get(first, { authorization: `Bearer ${other}` })).status, 404);
    const missing = await get("images/nothing.png", auth());
    assert.equal(missing.status, 404);
    assert.deepEqual(Object.keys((await missing.json()) as object), ["detail"]);
    // Ways out of the images folder: never the job's other files (some never reach the route:
    // the URL is normalised first and no page answers there).
    for (const escape of ["images/..%2Fresult.json", "images/%2E%2E/result.json", "images/..%2Finput.pdf"]) {
      const response = await get(escape, auth());
      assert.equal(response.status, 404, escape);
      assert.doesNotMatch(await response.text(), /"tables"|%PDF-/, escape);
    }
  });

  test("zip with no cropped figure: 404 with a clear detail", async () => {
    const job = await finishedJob(await makeTextPdf(1), "plain.pdf");
    const { response, bytes } = await download(job.id, "zip");
    assert.equal(response.status, 404);
    assert.match(JSON.parse(bytes.toString()).detail, /no cropped figures/);
  });

  test("format names are case-insensitive", async () => {
    assert.equal((await download(tableJob.id, "XLSX")).response.status, 200);
  });

  test("unsupported or missing format: 400", async () => {
    for (const format of ["pdf", "docx", ""]) {
      const { response, bytes } = await download(tableJob.id, format);
      assert.equal(response.status, 400, format);
      assert.match(JSON.parse(bytes.toString()).detail, /format/);
    }
  });

  test("another account, or an unknown job: 404", async () => {
    const other = await createKey(stack, "someone-else@example.com");
    assert.equal((await download(tableJob.id, "json", { authorization: `Bearer ${other}` })).response.status, 404);
    assert.equal((await download("job_AAAAAAAAAAAAAAAAAAAAAA", "json")).response.status, 404);
  });

  test("before completion: 409", async () => {
    const worker = stack.workers[0]!;
    worker.process.kill("SIGTERM");
    await worker.exited;
    try {
      const accepted = await submit(stack, { bytes: await makeTextPdf(1), headers: auth() });
      const { response, bytes } = await download(String(accepted.body.id), "csv");
      assert.equal(response.status, 409);
      assert.match(JSON.parse(bytes.toString()).detail, /not finished/);
    } finally {
      stack.startWorker();
    }
  });

  test("done but the result file is missing: 500, never reported as running", async () => {
    const job = await finishedJob(await makeTextPdf(1), "lost.pdf");
    fs.rmSync(`${stack.dataDir}/jobs/${job.id}/result.json`);
    const { response, bytes } = await download(job.id, "json");
    assert.equal(response.status, 500);
    assert.match(JSON.parse(bytes.toString()).detail, /result file is missing/);
    const poll = await getJob(stack, job.id, auth());
    assert.equal(poll.status, 500);
  });
});

describe("POST /v1/export (stateless)", () => {
  const post = (format: string, body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`${stack.baseUrl}/v1/export?format=${format}`, {
      method: "POST",
      body,
      headers: { "user-agent": USER_AGENT, "content-type": "application/json", ...headers },
      // @ts-expect-error Node's fetch needs this for a streamed request body
      duplex: "half",
    });

  test("a dataset of several tables comes back as a zip of one CSV per table, named like the xlsx sheets", async () => {
    const one = tableJob.result.tables[0]!;
    const dataset = { ...tableJob.result, tables: [{ ...one, page: 2, index: 0 }, one, { ...one, index: 1 }] };
    const response = await post("csv", JSON.stringify(dataset));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "application/zip");
    assert.match(response.headers.get("content-disposition") ?? "", /filename="dataset\.zip"/);
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    const names = [tableName(one), tableName({ ...one, index: 1 }), tableName({ ...one, page: 2 })].map((name) => `${name}.csv`);
    assert.deepEqual([...files.keys()], names);
    for (const name of names) {
      const text = files.get(name)!.toString("utf8");
      assert.ok(text.startsWith("\uFEFF"));
      assert.deepEqual(parseCsv(text.slice(1)), [bandedHeader(one), ...one.rows.map((row) => row.map((cell) => cell.value))]);
    }
  });

  test("a dataset comes back as csv identical to the job's csv export", async () => {
    const response = await post("csv", JSON.stringify(tableJob.result));
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-disposition") ?? "", /filename="dataset\.csv"/);
    const viaJob = (await download(tableJob.id, "csv")).bytes;
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), viaJob);
  });

  test("xlsx opens and has the table sheet", async () => {
    const response = await post("xlsx", JSON.stringify(tableJob.result));
    assert.equal(response.status, 200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const table = tableJob.result.tables[0]!;
    assert.ok(workbook.getWorksheet(tableName(table)));
  });

  test("json or zip: 400 (POST offers xlsx and csv)", async () => {
    for (const format of ["json", "zip"]) {
      const response = await post(format, JSON.stringify(tableJob.result));
      assert.equal(response.status, 400);
    }
  });

  test("a dataset that fails the v4 schema: 400 naming what is wrong", async () => {
    const broken = structuredClone(tableJob.result) as Record<string, any>;
    broken.tables[0].rows[0][0].confidence = "certain";
    const response = await post("csv", JSON.stringify(broken));
    assert.equal(response.status, 400);
    assert.match(((await response.json()) as { detail: string }).detail, /tables\[0\]\.rows\[0\]\[0\]\.confidence/);
    const notJson = await post("csv", "{not json");
    assert.equal(notJson.status, 400);
  });

  test("over EXPORT_MAX_BYTES: 413, whether declared or streamed", async () => {
    const big = JSON.stringify({ ...tableJob.result, padding: "x".repeat(EXPORT_MAX_BYTES) });
    const declared = await post("csv", big);
    assert.equal(declared.status, 413);
    assert.match(((await declared.json()) as { detail: string }).detail, /larger than the limit/);
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    let sent = 0;
    const streamed = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > EXPORT_MAX_BYTES * 3) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await post("csv", streamed);
    assert.equal(response.status, 413);
  });
});

// OCR through the API: a real worker with the OCR reading on, a PDF whose text layer
// says 17 where the page shows 42. The job's result carries the cell as disputed, provisional,
// with every reading; agreeing cells are verified by both readings; the OCR cache lives under
// DATA_DIR/cache/<sha256> and goes with the last job that used the file.
// The worker runs one OCR family (ocr-1) to keep the test quick; with both the cell is disputed
// the same way (worker/pipeline/ocr/ocr-pipeline.test.ts).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { resultSchema, type Result } from "../../lib/result/schema";
import { DISPUTED_CELL, makeDisputedTablePdf } from "../../tests/pdf/ocr-test-pdfs";
import { ORDINARY_TEXT, POSTER_TEXT, posterBesidePagePdf } from "../../tests/pdf/poster-pdf";
import { createKey, deleteJob, getJob, submit, waitForJob } from "../support/api";
import { startStack, type Stack } from "../support/stack";

let stack: Stack;
let key: string;
let otherKey: string;
let bytes: Uint8Array;

const bearer = (k: string) => ({ authorization: `Bearer ${k}` });

before(async () => {
  stack = await startStack({ env: { OCR_ENGINES: "ocr-1" } });
  key = await createKey(stack, "ocr-owner@example.com");
  otherKey = await createKey(stack, "ocr-other@example.com");
  bytes = await makeDisputedTablePdf("17", "42");
});
after(async () => {
  await stack?.stop();
});

async function finished(file: Uint8Array = bytes): Promise<{ id: string; result: Result }> {
  const accepted = await submit(stack, { bytes: file, name: "disputed.pdf", headers: bearer(key) });
  assert.equal(accepted.status, 202);
  assert.equal(accepted.body.text_layer, true);
  const id = String(accepted.body.id);
  const done = await waitForJob(stack, id, bearer(key), 120_000);
  assert.equal(done.body.status, "done", JSON.stringify(done.body));
  return { id, result: resultSchema.parse(done.body.result) };
}

test("a disputed cell shows every reading through the API; the cache goes with the last job of the file", async () => {
  const first = await finished();
  assert.equal(first.result.tables.length, 1);
  const table = first.result.tables[0]!;
  const cell = table.rows[DISPUTED_CELL.row]![DISPUTED_CELL.column]!;
  assert.equal(cell.value, "17");
  assert.equal(cell.confidence, "disputed");
  assert.equal(cell.provisional, true);
  assert.deepEqual(cell.readings, { "pdf-text": "17", "ocr-1": "42" });
  const agreeing = table.rows.flatMap((row, r) => row.filter((_, c) => c > 0 && !(r === DISPUTED_CELL.row && c === DISPUTED_CELL.column)));
  assert.equal(agreeing.length, 11);
  for (const other of agreeing) {
    assert.equal(other.confidence, "verified", JSON.stringify(other));
    // pdf-model: the trained structure reading places the cell where the table does.
    assert.deepEqual([...other.sources].sort(), ["ocr-1", "pdf-model", "pdf-text"]);
  }
  // Another account cannot see it at all.
  assert.equal((await getJob(stack, first.id, bearer(otherKey))).status, 404);

  const sha = createHash("sha256").update(bytes).digest("hex");
  const cacheDir = path.join(stack.dataDir, "cache", sha);
  // The OCR reading, and ink-grid's opinions of the page's table (read on the OCR's render).
  const cached = fs.readdirSync(cacheDir).sort();
  assert.equal(cached.length, 2, cached.join(", "));
  assert.match(cached[0]!, /^p1\.ink-grid\..+\.json$/);
  assert.match(cached[1]!, /^p1\.ocr-1\..+\.json$/);
  const cachedAt = cached.map((name) => fs.statSync(path.join(cacheDir, name)).mtimeMs);

  // The same file again reads the cache (nothing cached is rewritten) and gives the same result.
  const second = await finished();
  assert.deepEqual(second.result.tables, first.result.tables);
  assert.deepEqual(
    cached.map((name) => fs.statSync(path.join(cacheDir, name)).mtimeMs),
    cachedAt,
  );

  assert.equal((await deleteJob(stack, first.id, bearer(key))).status, 200);
  assert.ok(fs.existsSync(cacheDir), "another live job still uses the file");
  assert.equal((await deleteJob(stack, second.id, bearer(key))).status, 200);
  assert.equal(fs.existsSync(cacheDir), false);
  assert.equal((await getJob(stack, second.id, bearer(key))).status, 404);
});

test("the worker loads its OCR engine once and keeps it for the next job", async () => {
  // Two files the cache has not seen: each job reads its page with the engine the first loaded.
  let lastId = "";
  for (const hidden of ["18", "19"]) {
    const job = await finished(await makeDisputedTablePdf(hidden, "42"));
    assert.equal(job.result.tables[0]!.rows[DISPUTED_CELL.row]![DISPUTED_CELL.column]!.confidence, "disputed");
    lastId = job.id;
  }
  // The worker logs its report after the job is done (and the pipe delivers it a moment later):
  // wait for the line of the last job.
  const pattern = new RegExp(`${lastId} done in \\d+ ms; OCR engines so far: ocr-1 loaded (\\d+)x, (\\d+) pages read`);
  let report: RegExpMatchArray | null = null;
  for (let i = 0; i < 100 && !report; i++) {
    report = stack.workers[0]!.output().match(pattern);
    if (!report) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.ok(report, stack.workers[0]!.output());
  assert.equal(report[1], "1", stack.workers[0]!.output());
  assert.ok(Number(report[2]) >= 3, `pages read: ${report[2]}`);
});

test("a page no OCR engine could read is delivered from its text layer, unchecked and free; the other page is charged", async () => {
  const balance = async () => {
    const [row] = await stack.query<{ balanceMicros: string }>(`SELECT "balanceMicros" FROM "User" WHERE email = $1`, [
      "ocr-owner@example.com",
    ]);
    return BigInt(row!.balanceMicros);
  };
  const before = await balance();
  const accepted = await submit(stack, { bytes: await posterBesidePagePdf(), name: "poster.pdf", headers: bearer(key) });
  assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
  const done = await waitForJob(stack, String(accepted.body.id), bearer(key), 120_000);
  assert.equal(done.body.status, "done", JSON.stringify(done.body));
  const result = resultSchema.parse(done.body.result);
  assert.deepEqual(
    result.pages.map((page) => [page.page, page.unchecked ?? false, page.unreadable ?? false]),
    [
      [1, true, false],
      [2, false, false],
    ],
  );
  assert.match(result.pages[0]!.reason ?? "", /every OCR reading of the page failed .*not charged/);
  assert.deepEqual(
    result.prose.map((block) => [block.page, block.text, block.confidence]),
    [
      [1, POSTER_TEXT, "unverified"],
      [2, ORDINARY_TEXT, "verified"],
    ],
  );
  const usage = done.body.usage as Record<string, number>;
  assert.deepEqual([usage.pages, usage.pages_failed, usage.pages_unchecked, usage.cost_usd], [2, 0, 1, 0.06]);
  assert.equal(before - (await balance()), 60_000n);
  // The ledger says what was charged, once.
  const charges = await stack.query<{ amountMicros: string }>(
    `SELECT "amountMicros" FROM "LedgerEntry" WHERE "jobId" = $1 AND kind = 'charge'`,
    [String(accepted.body.id)],
  );
  assert.deepEqual(
    charges.map((row) => row.amountMicros),
    ["-60000"],
  );
});

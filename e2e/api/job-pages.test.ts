// The job page's pages as they finish (issue 16), through real web and worker processes: each page
// the worker finishes is readable from GET /jobs/{id}/pages (the job page's own read) while the job
// still runs and GET /v1/parse/{id} still gives no result (SPEC.md §4.2: result only once done);
// the finished result carries the very same tables; another account gets 404; deletion removes the
// pages with the job. WORKER_PAGE_DELAY_MS holds the worker 4 s after each page, so the job is
// still running for at least 8 s after its first page is stored.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { CONFIDENCE_LEVELS, type Table } from "../../lib/result/schema";
import type { FinishedPage } from "../../lib/result/finished-page";
import { createKey, deleteJob, getJob, signIn, submit, USER_AGENT, waitForJob } from "../support/api";
import { startStack, type Stack } from "../support/stack";
import { firstItemOf, tablePagesPdfBytes } from "../support/table-pages";

let stack: Stack;

before(async () => {
  stack = await startStack({ env: { WORKER_PAGE_DELAY_MS: "4000" } });
});
after(async () => {
  await stack?.stop();
});

async function read(pathname: string, headers: Record<string, string>) {
  const response = await fetch(`${stack.baseUrl}${pathname}`, { headers: { "user-agent": USER_AGENT, ...headers } });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const values = (table: Table) => [...table.header_cells, ...table.rows.flat()].map((cell) => cell.value);

test("a running job shows each finished page's tables, with confidence, before the job is done", async () => {
  const key = await createKey(stack, "pages@example.com");
  const auth = { authorization: `Bearer ${key}` };
  const submitted = await submit(stack, { bytes: await tablePagesPdfBytes(3), headers: auth });
  assert.equal(submitted.status, 202);
  const id = String(submitted.body.id);

  // Wait for the first page to be stored.
  let early: { pages: FinishedPage[]; finished: number } = { pages: [], finished: 0 };
  const deadline = Date.now() + 45_000;
  while (early.pages.length === 0) {
    assert.ok(Date.now() < deadline, "no page was finished within 45 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answer = await read(`/jobs/${id}/pages`, auth);
    assert.equal(answer.status, 200);
    early = answer.body as typeof early;
  }
  // Read after the pages: the job was still running when they were seen, and the API holds its
  // result back until it is done.
  const polled = await getJob(stack, id, auth);
  assert.equal(polled.status, 200);
  assert.equal(polled.body.status, "queued");
  assert.equal("result" in polled.body, false);
  assert.equal("usage" in polled.body, false);

  const [first] = early.pages;
  assert.equal(first!.page.page, 1, "pages come in order: page 1 first");
  assert.ok(early.pages.length < 3, "not every page was finished yet");
  assert.equal(early.finished, early.pages.length);
  assert.equal(first!.tables.length, 1);
  const table = first!.tables[0]!;
  assert.equal(table.page, 1);
  assert.ok(values(table).includes(firstItemOf(1)), `page 1's table: ${values(table).join(" | ")}`);
  assert.ok(!values(table).includes(firstItemOf(2)));
  for (const cell of [...table.header_cells, ...table.rows.flat()]) {
    assert.ok(CONFIDENCE_LEVELS.includes(cell.confidence), `a confidence level: ${cell.confidence}`);
    assert.ok(Array.isArray(cell.sources));
  }
  assert.ok(first!.prose.some((block) => block.text === "Stock on page 1"));

  // The progress the job page polls counts the stored pages.
  const progress = await read(`/jobs/${id}/progress`, auth);
  assert.equal(progress.body.status, "queued");
  assert.ok(progress.body.pages_finished >= 1);
  assert.ok(progress.body.pages_done >= 1);

  // Only the pages after the ones the page already holds; a malformed `after` is a plain 400.
  const later = await read(`/jobs/${id}/pages?after=1`, auth);
  assert.ok((later.body.pages as FinishedPage[]).every((p) => p.page.page > 1));
  const bad = await read(`/jobs/${id}/pages?after=..%2F1`, auth);
  assert.equal(bad.status, 400);
  assert.deepEqual(Object.keys(bad.body), ["detail"]);

  // Another account: the same 404 as for an unknown id.
  const stranger = await read(`/jobs/${id}/pages`, { cookie: await signIn(stack, "stranger@example.com") });
  assert.equal(stranger.status, 404);
  assert.deepEqual(Object.keys(stranger.body), ["detail"]);

  // Done: the result's page-1 table is the one shown while the job ran; all pages were stored.
  const done = await waitForJob(stack, id, auth, 60_000);
  assert.equal(done.body.status, "done");
  assert.deepEqual(
    (done.body.result.tables as Table[]).filter((t) => t.page === 1),
    first!.tables,
  );
  const all = await read(`/jobs/${id}/pages`, auth);
  assert.deepEqual((all.body.pages as FinishedPage[]).map((p) => p.page.page), [1, 2, 3]);
  for (const page of all.body.pages as FinishedPage[]) {
    assert.deepEqual(page.tables, (done.body.result.tables as Table[]).filter((t) => t.page === page.page.page));
  }

  // Deleting the job deletes its pages too.
  assert.equal((await deleteJob(stack, id, auth)).status, 200);
  assert.equal(fs.existsSync(path.join(stack.dataDir, "jobs", id)), false);
  assert.equal((await read(`/jobs/${id}/pages`, auth)).status, 404);
});

// The job page's pages as they finish, through real web and worker processes: each page
// the worker finishes is readable from GET /jobs/{id}/pages (the job page's own read) while the job
// still runs and GET /v1/parse/{id} still gives no result (result only once done);
// the finished result carries the very same tables; another account gets 404; deletion removes the
// pages with the job. A page that cannot be read is shown in its place, unreadable, as soon as it
// ends. No timing window: the worker pauses 1.5 s after each page (WORKER_PAGE_DELAY_MS) and the
// test freezes it (SIGSTOP) in that pause the moment the page's file is stored.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { CONFIDENCE_LEVELS, type Table } from "../../lib/result/schema";
import type { FinishedPage } from "../../lib/result/finished-page";
import { createKey, deleteJob, getJob, signIn, submit, USER_AGENT, waitForJob } from "../support/api";
import { makePartlyBrokenPdf } from "../support/pdfs";
import { startStack, type Stack } from "../support/stack";
import { firstItemOf, tablePagesPdfBytes } from "../support/table-pages";

let stack: Stack;

before(async () => {
  stack = await startStack({ env: { WORKER_PAGE_DELAY_MS: "1500" } });
});
after(async () => {
  await stack?.stop();
});

async function read(pathname: string, headers: Record<string, string>) {
  const response = await fetch(`${stack.baseUrl}${pathname}`, { headers: { "user-agent": USER_AGENT, ...headers } });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** Runs `body` with the worker frozen (SIGSTOP) the moment page `n` of the job is stored: the
 * worker is then in its pause after that page (WORKER_PAGE_DELAY_MS) and cannot go on. */
async function frozenAfterStored<T>(id: string, n: number, body: () => Promise<T>): Promise<T> {
  const stored = path.join(stack.dataDir, "jobs", id, "pages", `${n}.json`);
  const deadline = Date.now() + 45_000;
  while (!fs.existsSync(stored)) {
    assert.ok(Date.now() < deadline, `page ${n} was not stored within 45 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const worker = stack.workers[0]!.process;
  worker.kill("SIGSTOP");
  try {
    return await body();
  } finally {
    worker.kill("SIGCONT");
  }
}

const values = (table: Table) => [...table.header_cells, ...table.rows.flat()].map((cell) => cell.value);

test("a running job shows each finished page's tables, with confidence, before the job is done", async () => {
  const key = await createKey(stack, "pages@example.com");
  const auth = { authorization: `Bearer ${key}` };
  const submitted = await submit(stack, { bytes: await tablePagesPdfBytes(3), headers: auth });
  assert.equal(submitted.status, 202);
  const id = String(submitted.body.id);

  // Frozen just after page 1 is stored: the job cannot go on while it is looked at.
  const { early, polled, progress } = await frozenAfterStored(id, 1, async () => ({
    early: (await read(`/jobs/${id}/pages`, auth)).body as { pages: FinishedPage[]; finished: number },
    polled: await getJob(stack, id, auth),
    progress: await read(`/jobs/${id}/progress`, auth),
  }));
  // The API holds the result back until the job is done.
  assert.equal(polled.status, 200);
  assert.equal(polled.body.status, "queued");
  assert.equal("result" in polled.body, false);
  assert.equal("usage" in polled.body, false);
  // The progress the job page polls counts the stored page.
  assert.equal(progress.body.status, "queued");
  assert.equal(progress.body.pages_finished, 1);
  assert.equal(progress.body.pages_done, 1);

  const [first] = early.pages;
  assert.equal(first!.page.page, 1, "pages come in order: page 1 first");
  assert.equal(early.pages.length, 1, "page 1 only: the others are still to run");
  assert.equal(early.finished, 1);
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
  assert.deepEqual(
    (all.body.pages as FinishedPage[]).map((p) => p.page.page),
    [1, 2, 3],
  );
  for (const page of all.body.pages as FinishedPage[]) {
    assert.deepEqual(
      page.tables,
      (done.body.result.tables as Table[]).filter((t) => t.page === page.page.page),
    );
  }

  // Deleting the job deletes its pages too.
  assert.equal((await deleteJob(stack, id, auth)).status, 200);
  assert.equal(fs.existsSync(path.join(stack.dataDir, "jobs", id)), false);
  assert.equal((await read(`/jobs/${id}/pages`, auth)).status, 404);
});

test("a page that cannot be read is on the job page as unreadable before the job is done", async () => {
  const submitted = await submit(stack, { bytes: await makePartlyBrokenPdf(3, 3) });
  assert.equal(submitted.status, 202);
  const id = String(submitted.body.id);
  // Page 3's entry is stored as the page ends, before the job can end.
  const { status, pages } = await frozenAfterStored(id, 3, async () => ({
    status: (await getJob(stack, id)).body.status,
    pages: (await read(`/jobs/${id}/pages`, {})).body.pages as FinishedPage[],
  }));
  assert.equal(status, "queued");
  assert.deepEqual(
    pages.map((p) => [p.page.page, p.page.unreadable ?? false]),
    [
      [1, false],
      [2, false],
      [3, true],
    ],
  );
  assert.deepEqual(pages[2]!.tables, []);
  assert.ok(pages[0]!.prose.some((block) => block.text === "Partly broken page 1"));

  const done = await waitForJob(stack, id, {}, 60_000);
  assert.equal(done.body.status, "done");
  assert.equal(done.body.result.pages[2].unreadable, true);
  assert.equal(done.body.usage.pages_failed, 1);
});

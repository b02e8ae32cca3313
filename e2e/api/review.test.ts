// The review endpoint: POST /jobs/{id}/review/cells confirms a cell for the job's owner;
// the API's result and the xlsx show it at once; a save against a stale cell version is 409 and
// changes nothing; another account gets 404; no session 401; a cross-site request 403.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import ExcelJS from "exceljs";
import type { Result } from "../../lib/result/schema";
import { createKey, getJob, signIn, submit, USER_AGENT, waitForJob } from "../support/api";
import { makeDisputed, tablePdfBytes, type DisputedCells } from "../support/review";
import { startStack, type Stack } from "../support/stack";

let stack: Stack;
let key: string;
let owner: string;
let jobId: string;
let cells: DisputedCells;

const ownerEmail = "reviewer@example.com";

function save(body: unknown, headers: Record<string, string> = {}, id = jobId) {
  return fetch(`${stack.baseUrl}/jobs/${id}/review/cells`, {
    method: "POST",
    headers: { "user-agent": USER_AGENT, "content-type": "application/json", origin: stack.baseUrl, cookie: owner, ...headers },
    body: JSON.stringify(body),
  });
}

function cellAt(result: Result, ref: string) {
  const [page, table, row, col] = ref.split(":").map(Number) as [number, number, number, number];
  return result.tables.find((t) => t.page === page && t.index === table)!.rows[row]![col]!;
}

before(async () => {
  stack = await startStack();
  key = await createKey(stack, ownerEmail);
  owner = await signIn(stack, ownerEmail);
  const accepted = await submit(stack, { bytes: await tablePdfBytes(), name: "ruled.pdf", headers: { authorization: `Bearer ${key}` } });
  assert.equal(accepted.status, 202);
  jobId = String(accepted.body.id);
  const done = await waitForJob(stack, jobId, { authorization: `Bearer ${key}` });
  assert.equal(done.body.status, "done");
  cells = makeDisputed(stack, jobId);
});

after(async () => {
  await stack?.stop();
});

describe("review", () => {
  test("confirming a disputed cell: the API result and the xlsx show it at once, with an audit row", async () => {
    const response = await save({ cell: cells.disputed, version: 0, action: "confirm", value: "1.27" });
    assert.equal(response.status, 200);
    const saved = (await response.json()) as { version: number; cell: Record<string, unknown> };
    assert.equal(saved.version, 1);

    const job = await getJob(stack, jobId, { authorization: `Bearer ${key}` });
    const cell = cellAt(job.body.result as Result, cells.disputed);
    assert.equal(cell.value, "1.27");
    assert.equal(cell.confidence, "confirmed");
    assert.ok(cell.sources.includes("human-review"));
    assert.equal(cell.provisional, undefined);
    assert.deepEqual(cell.readings, cells.readings);

    const xlsx = await fetch(`${stack.baseUrl}/v1/parse/${jobId}/export?format=xlsx`, {
      headers: { "user-agent": USER_AGENT, authorization: `Bearer ${key}` },
    });
    assert.equal(xlsx.status, 200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
    const audit = book.getWorksheet("cells")!;
    const [page, table, row, col] = cells.disputed.split(":");
    let found: unknown[] | null = null;
    audit.eachRow((line) => {
      const values = (line.values as unknown[]).slice(1).map(String);
      if (values[0] === page && values[1] === table && values[2] === row && values[3] === col) found = values;
    });
    assert.ok(found, "the cell is in the cells sheet");
    assert.equal((found as unknown as string[])[4], "1.27");
    assert.equal((found as unknown as string[])[5], "confirmed");

    const [edit] = await stack.query<{
      email: string;
      action: string;
      version: number;
      before: { confidence: string };
      after: { confidence: string; value: string };
    }>(
      `SELECT u.email, e.action, e.version, e.before, e.after FROM "ReviewEdit" e JOIN "User" u ON u.id = e."userId" WHERE e."jobId" = $1`,
      [jobId],
    );
    assert.equal(edit?.email, ownerEmail);
    assert.equal(edit?.action, "confirm");
    assert.equal(edit?.before.confidence, "disputed");
    assert.equal(edit?.after.value, "1.27");
  });

  test("a save against a stale version is 409 and changes nothing", async () => {
    const stale = await save({ cell: cells.disputed, version: 0, action: "confirm", value: "9.99" });
    assert.equal(stale.status, 409);
    const body = (await stale.json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(body), ["detail"]);
    assert.match(String(body.detail), /someone else changed this cell.*1\.27/);
    const job = await getJob(stack, jobId, { authorization: `Bearer ${key}` });
    assert.equal(cellAt(job.body.result as Result, cells.disputed).value, "1.27");
  });

  test("two saves of one cell at once: one wins, the other is told", async () => {
    const statuses = await Promise.all(
      ["0.31", "0.32"].map(async (value) => (await save({ cell: cells.second, version: 0, value })).status),
    );
    assert.deepEqual(statuses.sort(), [200, 409]);
    const rows = await stack.query(`SELECT id FROM "ReviewEdit" WHERE "jobId" = $1 AND "cellRef" = $2`, [jobId, cells.second]);
    assert.equal(rows.length, 1);
  });

  test("undo puts the cell back as it was, and is itself a recorded edit", async () => {
    const undo = await save({ cell: cells.disputed, version: 1, action: "revert" });
    assert.equal(undo.status, 200);
    const job = await getJob(stack, jobId, { authorization: `Bearer ${key}` });
    const cell = cellAt(job.body.result as Result, cells.disputed);
    assert.equal(cell.confidence, "disputed");
    assert.equal(cell.provisional, true);
    assert.equal(cell.value, cells.value);
    // Confirming again names version 2.
    assert.equal((await save({ cell: cells.disputed, version: 2 })).status, 200);
  });

  test("another account gets 404; no session 401; another site 403; bad input 400", async () => {
    const stranger = await signIn(stack, "stranger@example.com");
    const other = await save({ cell: cells.disputed, version: 3 }, { cookie: stranger });
    assert.equal(other.status, 404);
    assert.deepEqual(await other.json(), { detail: "extraction not found" });

    const anonymous = await save({ cell: cells.disputed, version: 3 }, { cookie: "" });
    assert.equal(anonymous.status, 401);
    const crossSite = await save({ cell: cells.disputed, version: 3 }, { origin: "http://evil.example" });
    assert.equal(crossSite.status, 403);
    assert.equal((await save({ cell: "nonsense", version: 3 })).status, 400);
    assert.equal((await save({ cell: "9:9:9:9", version: 0 })).status, 404);
    const edits = await stack.query(`SELECT id FROM "ReviewEdit" WHERE "jobId" = $1`, [jobId]);
    assert.equal(edits.length, 4);
  });
});

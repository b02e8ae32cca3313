// The job lifecycle through the API: queued -> done with usage and a result that validates
// against format v4, DELETE, credentials, ownership, the User-Agent rules, the
// OpenAPI document, and many submissions at once.
import assert from "node:assert/strict";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import { resultSchema } from "../../lib/result/schema";
import { createKey, deleteJob, getJob, submit, USER_AGENT, waitForJob } from "../support/api";
import { makeTextPdf } from "../support/pdfs";
import { startStack, type Stack } from "../support/stack";

let stack: Stack;
let aliceKey: string;
let bobKey: string;

before(async () => {
  stack = await startStack({ env: { BOT_USER_AGENTS: "Python-urllib, BadBot" } });
  aliceKey = await createKey(stack, "alice@example.com");
  bobKey = await createKey(stack, "bob@example.com");
});
after(async () => {
  await stack?.stop();
});

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe("queued -> done", () => {
  test("a job completes with usage and a valid v4 result", async () => {
    const accepted = await submit(stack, { bytes: await makeTextPdf(2, "Lifecycle"), headers: bearer(aliceKey) });
    assert.equal(accepted.status, 202);
    const id = String(accepted.body.id);
    const first = await getJob(stack, id, bearer(aliceKey));
    assert.equal(first.status, 200);
    assert.ok(["queued", "done"].includes(first.body.status));
    assert.equal(typeof first.body.stage, "string");
    if (first.body.status === "queued") {
      assert.equal("result" in first.body, false);
      assert.equal("usage" in first.body, false);
    }
    const done = await waitForJob(stack, id, bearer(aliceKey));
    assert.equal(done.body.status, "done");
    assert.equal(done.body.id, id);
    assert.equal(done.body.mode, "realtime");
    assert.equal(done.body.text_layer, true);
    resultSchema.parse(done.body.result);
    assert.deepEqual(
      done.body.result.pages.map((page: { page: number; width: number; height: number }) => [page.page, page.width, page.height]),
      [
        [1, 595, 842],
        [2, 595, 842],
      ],
    );
    const texts = done.body.result.prose.map((block: { text: string }) => block.text);
    assert.ok(texts.includes("Lifecycle page 1"), texts.join(" | "));
    assert.equal(done.body.usage.pages, 2);
    assert.equal(done.body.usage.pages_failed, 0);
    assert.equal(typeof done.body.usage.cells_with_bbox, "number");
  });

  test("many submissions at once all complete", async () => {
    const pdf = await makeTextPdf(1, "Burst");
    const accepted = await Promise.all(Array.from({ length: 12 }, () => submit(stack, { bytes: pdf, headers: bearer(aliceKey) })));
    assert.deepEqual(
      accepted.map((answer) => answer.status),
      Array(12).fill(202),
    );
    const ids = new Set(accepted.map((answer) => String(answer.body.id)));
    assert.equal(ids.size, 12);
    const finished = await Promise.all([...ids].map((id) => waitForJob(stack, id, bearer(aliceKey), 120_000)));
    assert.deepEqual(
      finished.map((answer) => answer.body.status),
      Array(12).fill("done"),
    );
  });
});

describe("DELETE", () => {
  test("removes the job and its files; later GET is 404", async () => {
    const accepted = await submit(stack, { bytes: await makeTextPdf(1), headers: bearer(aliceKey) });
    const id = String(accepted.body.id);
    await waitForJob(stack, id, bearer(aliceKey));
    assert.ok(fs.existsSync(`${stack.dataDir}/jobs/${id}/result.json`));
    const deleted = await deleteJob(stack, id, bearer(aliceKey));
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body, { id, deleted: true });
    assert.equal((await getJob(stack, id, bearer(aliceKey))).status, 404);
    assert.equal(fs.existsSync(`${stack.dataDir}/jobs/${id}`), false);
    assert.equal((await stack.query(`SELECT id FROM "Job" WHERE id = $1`, [id])).length, 0);
    assert.equal((await deleteJob(stack, id, bearer(aliceKey))).status, 404);
  });
});

describe("credentials and ownership", () => {
  test("a key that matches nothing is 401 in either header, never the trial", async () => {
    const pdf = await makeTextPdf(1);
    const attempts: Record<string, string>[] = [
      { authorization: "Bearer pk_live_doesnotexist" },
      { "x-api-key": "pk_live_doesnotexist" },
      { authorization: "Basic abc" },
    ];
    for (const headers of attempts) {
      const answer = await submit(stack, { bytes: pdf, headers });
      assert.equal(answer.status, 401, JSON.stringify(headers));
      assert.deepEqual(Object.keys(answer.body), ["detail"]);
      assert.ok(!String(answer.body.detail).includes("pk_live_doesnotexist"));
    }
    assert.equal((await getJob(stack, "job_AAAAAAAAAAAAAAAAAAAAAA", { "x-api-key": "nope" })).status, 401);
  });

  test("X-API-Key works like Bearer", async () => {
    const answer = await submit(stack, { bytes: await makeTextPdf(1), headers: { "x-api-key": aliceKey } });
    assert.equal(answer.status, 202);
    assert.equal((await getJob(stack, String(answer.body.id), bearer(aliceKey))).status, 200);
  });

  test("another account's job is 404; so is an anonymous caller", async () => {
    const answer = await submit(stack, { bytes: await makeTextPdf(1), headers: bearer(aliceKey) });
    const id = String(answer.body.id);
    assert.equal((await getJob(stack, id, bearer(bobKey))).status, 404);
    assert.equal((await getJob(stack, id)).status, 404);
    assert.equal((await deleteJob(stack, id, bearer(bobKey))).status, 404);
    assert.equal((await getJob(stack, id, bearer(aliceKey))).status, 200);
  });

  test("an anonymous job is reachable by its id", async () => {
    const answer = await submit(stack, { bytes: await makeTextPdf(1) });
    assert.equal(answer.status, 202);
    assert.equal((await getJob(stack, String(answer.body.id))).status, 200);
  });

  test("unknown and malformed ids are 404 with {detail}", async () => {
    for (const id of ["job_AAAAAAAAAAAAAAAAAAAAAA", "nope", "..%2F..%2Fetc"]) {
      const answer = await getJob(stack, id);
      assert.equal(answer.status, 404, id);
      assert.deepEqual(Object.keys(answer.body), ["detail"]);
    }
  });

  test("keys are stored only as digests", async () => {
    const rows = await stack.query<{ digest: string; prefix: string }>(`SELECT digest, prefix FROM "ApiKey"`);
    assert.ok(rows.length >= 2);
    for (const row of rows) {
      assert.match(row.digest, /^[0-9a-f]{64}$/);
      assert.ok(row.digest !== aliceKey && row.digest !== bobKey);
      assert.ok(row.prefix.length < 16);
    }
  });
});

describe("User-Agent rules and unknown paths", () => {
  test("no User-Agent: 400 {detail}", async () => {
    // fetch always sends a User-Agent; send the request by hand.
    const { request } = await import("node:http");
    const url = new URL(`${stack.baseUrl}/v1/parse/job_AAAAAAAAAAAAAAAAAAAAAA`);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: "GET" }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      req.end();
    });
    assert.equal(answer.status, 400);
    assert.match(JSON.parse(answer.body).detail, /User-Agent/);
  });

  for (const agent of ["Python-urllib/3.11", "BadBot/2.0"]) {
    test(`${agent}: refused with an HTML page before the API`, async () => {
      const response = await fetch(`${stack.baseUrl}/v1/parse`, { method: "POST", headers: { "user-agent": agent }, body: "x" });
      assert.equal(response.status, 403);
      assert.match(response.headers.get("content-type") ?? "", /text\/html/);
      assert.match(await response.text(), /<html/);
    });
  }

  test("an unknown /v1 path is a JSON 404", async () => {
    const response = await fetch(`${stack.baseUrl}/v1/jobs`, { headers: { "user-agent": USER_AGENT } });
    assert.equal(response.status, 404);
    assert.deepEqual(Object.keys((await response.json()) as object), ["detail"]);
  });

  test("the OpenAPI document describes the result format", async () => {
    const response = await fetch(`${stack.baseUrl}/v1/openapi.json`, { headers: { "user-agent": USER_AGENT } });
    assert.equal(response.status, 200);
    const document = (await response.json()) as Record<string, any>;
    assert.equal(document.openapi, "3.1.0");
    assert.ok(document.paths["/v1/parse"].post);
    assert.ok(document.paths["/v1/parse/{id}"].get);
    assert.ok(document.paths["/v1/parse/{id}"].delete);
    assert.ok(document.paths["/v1/parse/{id}/export"].get);
    assert.ok(document.paths["/v1/export"].post);
    const result = document.components.schemas.Result;
    assert.deepEqual(Object.keys(result.properties).sort(), ["images", "pages", "prose", "source_pages", "tables"]);
  });
});

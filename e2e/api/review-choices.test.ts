// The structure endpoint's answers to a table question: POST /jobs/{id}/review/structure with
// choose-alternative makes a shape another reading proposed and confirms it, accept-text-layer
// confirms the text layer's reading of a table's (or the document's) queued cells, not-a-table
// with as=figure makes the region an uncropped figure; each is one edit that one revert takes back,
// and what does not fit is 400 {detail}. The stored result is left as the worker leaves a table the
// readings disagree about (OCR is off in test stacks): proposals recorded, two cells misread by OCR
// (e2e/support/review.ts doubtTable, shared with the browser journey).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createCanvas } from "@napi-rs/canvas";
import type { Result } from "../../lib/result/schema";
import { createKey, getJob, signIn, submit, USER_AGENT, waitForJob } from "../support/api";
import { doubtTable, tablePdfBytes } from "../support/review";
import { unzip } from "../support/unzip";
import { startStack, type Stack } from "../support/stack";

let stack: Stack;
let key: string;
let owner: string;
let jobId: string;
let version = 0;

async function post(body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${stack.baseUrl}/jobs/${jobId}/review/structure`, {
    method: "POST",
    headers: { "user-agent": USER_AGENT, "content-type": "application/json", origin: stack.baseUrl, cookie: owner },
    body: JSON.stringify({ version, ...body }),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status === 200) version = answer.structure as number;
  return { status: response.status, body: answer };
}

async function result(): Promise<Result> {
  const job = await getJob(stack, jobId, { authorization: `Bearer ${key}` });
  return job.body.result as Result;
}

const pair = (r: Result) => [r.tables[0]!.rows[0]![2]!, r.tables[0]!.rows[1]![1]!].map((c) => [c.value, c.confidence]);

before(async () => {
  stack = await startStack();
  key = await createKey(stack, "chooser@example.com");
  owner = await signIn(stack, "chooser@example.com");
  const accepted = await submit(stack, { bytes: await tablePdfBytes(), name: "ruled.pdf", headers: { authorization: `Bearer ${key}` } });
  assert.equal(accepted.status, 202);
  jobId = String(accepted.body.id);
  assert.equal((await waitForJob(stack, jobId, { authorization: `Bearer ${key}` })).body.status, "done");
  doubtTable(stack, jobId, [{ kind: "split", rows: [1], by: ["pdf-grid", "pdf-tags"] }]);
});

after(async () => {
  await stack?.stop();
});

describe("review choices", () => {
  test("what does not fit is 400 {detail} and changes nothing", async () => {
    const half = await post({ op: { kind: "accept-text-layer", page: 1 } });
    assert.equal(half.status, 400);
    assert.deepEqual(Object.keys(half.body), ["detail"]);
    const missing = await post({ op: { kind: "choose-alternative", page: 1, table: 0, choice: 3 } });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.detail, "this table has no proposed shape 4");
    const noTable = await post({ op: { kind: "accept-text-layer", page: 1, table: 5 } });
    assert.equal(noTable.status, 400);
    assert.equal(version, 0);
    assert.deepEqual(pair(await result()), [
      ["1.2O", "disputed"],
      ["l2", "disputed"],
    ]);
  });

  test("accept-text-layer confirms the text layer's readings; revert takes the batch back; the document's scope too", async () => {
    const accepted = await post({ op: { kind: "accept-text-layer", page: 1, table: 0 } });
    assert.equal(accepted.status, 200);
    assert.deepEqual(pair(await result()), [
      ["1.20", "confirmed"],
      ["12", "confirmed"],
    ]);
    assert.equal((await post({ action: "revert" })).status, 200);
    assert.deepEqual(pair(await result()), [
      ["1.2O", "disputed"],
      ["l2", "disputed"],
    ]);
    assert.equal((await post({ op: { kind: "accept-text-layer" } })).status, 200);
    assert.deepEqual(pair(await result()), [
      ["1.20", "confirmed"],
      ["12", "confirmed"],
    ]);
    const again = await post({ op: { kind: "accept-text-layer" } });
    assert.equal(again.status, 400);
    assert.match(String(again.body.detail), /no queued cell of this document has a text layer reading/);
  });

  test("choose-alternative splits as proposed and confirms every cell; revert brings the table and its proposals back", async () => {
    const chosen = await post({ op: { kind: "choose-alternative", page: 1, table: 0, choice: 0 } });
    assert.equal(chosen.status, 200);
    const split = await result();
    assert.deepEqual(
      split.tables.map((t) => t.rows.map((row) => row[0]!.value)),
      [["Apples"], ["Pears", "Plums"]],
    );
    const cells = split.tables.flatMap((t) => [...t.header_cells, ...t.rows.flat()]);
    assert.deepEqual(new Set(cells.map((c) => c.confidence)), new Set(["confirmed"]));
    assert.ok(split.tables.every((t) => t.alternatives === undefined && t.layout_disputed === undefined));
    assert.equal((await post({ action: "revert" })).status, 200);
    const back = await result();
    assert.equal(back.tables.length, 1);
    assert.deepEqual(back.tables[0]!.alternatives, [{ kind: "split", rows: [1], by: ["pdf-grid", "pdf-tags"] }]);
  });

  test("not-a-table as a figure: an uncropped figure over the table's box; zip has no figure file to bundle (404); revert", async () => {
    const box = (await result()).tables[0]!.bbox;
    const figure = await post({ op: { kind: "not-a-table", page: 1, table: 0, as: "figure" } });
    assert.equal(figure.status, 200);
    const after = await result();
    assert.deepEqual(after.tables, []);
    assert.deepEqual(after.images, [
      {
        page: 1,
        index: 0,
        path: "",
        confidence: "confirmed",
        bbox: box,
        order: after.images[0]!.order,
        also_on: [],
        sources: [],
        uncropped: true,
      },
    ]);
    const zip = await fetch(`${stack.baseUrl}/v1/parse/${jobId}/export?format=zip`, {
      headers: { authorization: `Bearer ${key}`, "user-agent": USER_AGENT },
    });
    assert.equal(zip.status, 404);
    assert.deepEqual(Object.keys((await zip.json()) as object), ["detail"]);
    const json = await fetch(`${stack.baseUrl}/v1/parse/${jobId}/export?format=json`, {
      headers: { authorization: `Bearer ${key}`, "user-agent": USER_AGENT },
    });
    assert.equal(json.status, 200);
    assert.equal(((await json.json()) as Result).images[0]!.uncropped, true);
    assert.equal((await post({ action: "revert" })).status, 200);
    assert.equal((await result()).tables.length, 1);
  });

  test("not-a-table as a figure with the browser's crop: the figure has its file, served and bundled; crops are checked", async () => {
    const canvas = createCanvas(90, 30);
    canvas.getContext("2d").fillRect(0, 0, 45, 30);
    const crop = canvas.toBuffer("image/png");
    const figureOp = { kind: "not-a-table", page: 1, table: 0, as: "figure" };
    // A crop path from the client, an image with another op, a file that is not a PNG: 400, nothing saved.
    const refused = [
      await post({ op: { ...figureOp, crop: "images/review-0123456789abcdef.png" } }),
      await post({ op: { kind: "not-a-table", page: 1, table: 0, as: "prose" }, image: crop.toString("base64") }),
      await post({ op: figureOp, image: Buffer.from("not a png at all, just text").toString("base64") }),
    ];
    for (const answer of refused) {
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.deepEqual(Object.keys(answer.body), ["detail"]);
    }
    assert.equal((await result()).tables.length, 1);

    assert.equal((await post({ op: figureOp, image: crop.toString("base64") })).status, 200);
    const after = await result();
    assert.equal(after.images.length, 1);
    const figure = after.images[0]!;
    assert.match(figure.path, /^images\/review-[0-9a-f]{16}\.png$/);
    assert.equal(figure.uncropped, undefined);
    assert.equal(figure.confidence, "confirmed");
    // The result page's image route serves the very bytes sent.
    const served = await fetch(`${stack.baseUrl}/jobs/${jobId}/${figure.path}`, { headers: { "user-agent": USER_AGENT, cookie: owner } });
    assert.equal(served.status, 200);
    assert.equal(served.headers.get("content-type"), "image/png");
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), crop);
    // The zip bundles it under its path.
    const zip = await fetch(`${stack.baseUrl}/v1/parse/${jobId}/export?format=zip`, {
      headers: { authorization: `Bearer ${key}`, "user-agent": USER_AGENT },
    });
    assert.equal(zip.status, 200);
    const entries = await unzip(Buffer.from(await zip.arrayBuffer()));
    assert.deepEqual(entries.get(figure.path), crop);
    assert.equal((await post({ action: "revert" })).status, 200);
    assert.equal((await result()).images.length, 0);
  });
});

// Vision readers through the real service (web + worker + its pipeline process), switched on by
// configuration alone and pointed at the local OpenAI-compatible stand-in
// (tests/vision/openai-stand-in.ts): the job's usage shows the vision calls per page, the result
// carries the vision sources, and the same file again is answered from the cache with no call.
import assert from "node:assert/strict";
import fs from "node:fs";
import { after, before, test } from "node:test";
import { submit, waitForJob } from "../support/api";
import { startStack, type Stack } from "../support/stack";
import { TestPdf, type TableSpec } from "../../tests/pdf/make-pdf";
import { startVisionStandIn, tableTruth, type StandIn, type TruthPage } from "../../tests/vision/openai-stand-in";

const TABLE: TableSpec = {
  x: 60,
  y: 100,
  colWidths: [140, 70, 70],
  rowHeight: 18,
  style: "grid",
  rows: [
    ["Country", "Imports", "Exports"],
    ["Austria", "86.2", "13.8"],
    ["Belgium", "40.1", "59.9"],
    ["Cyprus", "81.0", "3.8"],
  ],
};

let stack: Stack;
let standIn: StandIn;
let pdf: Uint8Array;

before(async () => {
  const doc = await TestPdf.create();
  const page = doc.addPage(612, 792);
  doc.text(page, "Trade shares", 60, 60, 14, true);
  doc.table(page, TABLE);
  pdf = fs.readFileSync(await doc.save("vision-api"));
  const truth = new Map<number, TruthPage>([[1, { widthPt: 612, tables: [tableTruth(TABLE)] }]]);
  // vision-1 misreads one digit: the arbiter is called once, and the cell is resolved.
  standIn = await startVisionStandIn(truth, { "reader-a": { misread: { "0,2,1": "46.1" } } }, "sk-test-vision");
  stack = await startStack({
    env: {
      VISION_1_URL: standIn.url,
      VISION_1_MODEL: "reader-a",
      VISION_1_API_KEY: "sk-test-vision",
      VISION_2_URL: standIn.url,
      VISION_2_MODEL: "reader-b",
      VISION_2_API_KEY: "sk-test-vision",
      VISION_REVIEW_URL: standIn.url,
      VISION_REVIEW_MODEL: "reviewer",
      VISION_REVIEW_API_KEY: "sk-test-vision",
    },
  });
});
after(async () => {
  await stack?.stop();
  await standIn?.close();
});

test("a job read with vision shows its vision calls per page in usage, and the vision sources in its cells", async () => {
  const submitted = await submit(stack, { bytes: pdf });
  assert.equal(submitted.status, 202);
  const job = await waitForJob(stack, submitted.body.id as string);
  assert.equal(job.body.status, "done", JSON.stringify(job.body));
  assert.deepEqual(standIn.violations, []);
  assert.deepEqual(standIn.requests.map((r) => `${r.model}:${r.task}`).sort(), [
    "reader-a:grid",
    "reader-b:grid",
    "reviewer:arbiter",
    "reviewer:audit",
  ]);
  const usage = job.body.usage;
  assert.equal(usage.vision.calls, 4);
  assert.equal(usage.vision.failed, 0);
  assert.deepEqual(usage.vision.pages, [{ page: 1, calls: 4, cached: 0, failed: 0 }]);
  assert.ok(usage.vision.prompt_tokens > 0 && usage.vision.completion_tokens > 0);
  const table = job.body.result.tables[0];
  const belgium = table.rows.find((row: Array<{ value: string }>) => row[0]!.value === "Belgium");
  assert.equal(belgium[1].value, "40.1");
  assert.equal(belgium[1].confidence, "resolved");
  assert.deepEqual(belgium[1].readings, { "pdf-text": "40.1", "vision-1": "46.1", "vision-2": "40.1", "vision-arbiter": "40.1" });
  // Every call is logged by the pipeline process with its tokens and latency.
  const calls = stack.workers[0]!.output()
    .split("\n")
    .filter((line) => line.includes('"reader":"vision"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  assert.deepEqual(calls.map((c) => `${String(c.role)}:${String(c.outcome)}`).sort(), [
    "vision-1:ok",
    "vision-2:ok",
    "vision-arbiter:ok",
    "vision-audit:ok",
  ]);
  for (const call of calls) {
    assert.equal(call.jobId, submitted.body.id);
    assert.ok(
      (call.promptTokens as number) > 0 && (call.completionTokens as number) > 0 && (call.latencyMs as number) > 0,
      JSON.stringify(call),
    );
  }
  const austria = table.rows.find((row: Array<{ value: string }>) => row[0]!.value === "Austria");
  assert.equal(austria[1].confidence, "verified");
  // pdf-model (the trained structure reading) reads the table alike and is named too.
  assert.deepEqual([...austria[1].sources].sort(), ["pdf-model", "pdf-text", "vision-1", "vision-2", "vision-audit"]);
});

test("the same file again makes no vision call: every answer comes from the cache", async () => {
  const before = standIn.requests.length;
  const submitted = await submit(stack, { bytes: pdf });
  const job = await waitForJob(stack, submitted.body.id as string);
  assert.equal(job.body.status, "done");
  assert.equal(standIn.requests.length, before);
  assert.equal(job.body.usage.vision.calls, 0);
  assert.equal(job.body.usage.vision.cached, 4);
  assert.deepEqual(job.body.usage.vision.pages, [{ page: 1, calls: 0, cached: 4, failed: 0 }]);
});

// STORAGE=s3 against a real S3-compatible server (s3rver), with the web and two workers each on
// its own DATA_DIR and no shared disk: jobs complete, the web serves results, exports and figure
// crops from the store, a worker killed with -9 has its job finished by the other, DELETE and
// retention leave no object behind (OCR cache included). The 500 MB upload is
// object-storage-upload.test.ts.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import type { Result } from "../../lib/result/schema";
import { repeatedFigurePdf } from "../../tests/pdf/golden-cases";
import { deleteJob, getJob, submit, USER_AGENT, waitForJob } from "../support/api";
import { makeTextPdf } from "../support/pdfs";
import { startS3, type S3Server } from "../support/s3";
import { startStack, type Service, type Stack } from "../support/stack";

let s3: S3Server;
let stack: Stack;
const workerDirs: string[] = [];

function startWorker(env: Record<string, string> = {}): Service {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pdftables-worker-"));
  workerDirs.push(dataDir);
  return stack.startWorker({ DATA_DIR: dataDir, WORKER_PAGE_DELAY_MS: "150", ...env });
}

before(async () => {
  s3 = await startS3();
  stack = await startStack({ workers: 0, env: { ...s3.env, WORKER_LEASE_SECONDS: "2" } });
  startWorker();
  startWorker();
});
after(async () => {
  await stack?.stop();
  await s3?.stop();
  for (const dir of workerDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function finished(bytes: Uint8Array, name = "document.pdf") {
  const accepted = await submit(stack, { bytes, name });
  assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
  const done = await waitForJob(stack, String(accepted.body.id));
  assert.equal(done.body.status, "done", JSON.stringify(done.body));
  return { id: String(accepted.body.id), result: done.body.result as Result };
}

/** Files under a DATA_DIR other than the scratch folder's own (empty) directory. */
function jobFilesOnDisk(dataDir: string): string[] {
  return ["jobs", "cache", "uploads"].flatMap((sub) => {
    const dir = path.join(dataDir, sub);
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String) : [];
  });
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe("object storage (S3)", () => {
  test("jobs complete; the web serves the result, exports and figure crops from the store", async () => {
    const job = await finished(fs.readFileSync(await repeatedFigurePdf()), "logo.pdf");
    assert.ok(job.result.images.length > 0, "the figure PDF gives cropped images");
    const keys = await s3.keys(`jobs/${job.id}/`);
    assert.ok(keys.includes(`jobs/${job.id}/input.pdf`));
    assert.ok(keys.includes(`jobs/${job.id}/result.json`));
    for (const image of job.result.images) {
      assert.ok(keys.includes(`jobs/${job.id}/${image.path}`), `${image.path} stored`);
      const response = await fetch(`${stack.baseUrl}/jobs/${job.id}/${image.path}`, { headers: { "user-agent": USER_AGENT } });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("content-type"), "image/png");
      assert.deepEqual(Buffer.from(await response.arrayBuffer()), await s3.get(`jobs/${job.id}/${image.path}`));
    }
    const stored = JSON.parse((await s3.get(`jobs/${job.id}/result.json`)).toString("utf8"));
    assert.deepEqual(stored, job.result);

    const zip = await fetch(`${stack.baseUrl}/v1/parse/${job.id}/export?format=zip`, { headers: { "user-agent": USER_AGENT } });
    assert.equal(zip.status, 200);
    const zipBytes = Buffer.from(await zip.arrayBuffer());
    // Stored entries (no compression): each crop's PNG bytes appear in the bundle as they are.
    for (const image of job.result.images)
      assert.ok(zipBytes.includes(await s3.get(`jobs/${job.id}/${image.path}`)), `${image.path} in the zip`);
    const xlsx = await fetch(`${stack.baseUrl}/v1/parse/${job.id}/export?format=xlsx`, { headers: { "user-agent": USER_AGENT } });
    assert.equal(xlsx.status, 200);
    assert.equal(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
      "PK",
    );
    // No shared disk: nothing of the job on the web's or the workers' local disks.
    for (const dir of [stack.dataDir, ...workerDirs]) assert.deepEqual(jobFilesOnDisk(dir), [], dir);
    const scratch = workerDirs.map((dir) => path.join(dir, "scratch")).filter(fs.existsSync);
    for (const dir of scratch) assert.deepEqual(fs.readdirSync(dir), [], "scratch emptied");
  });

  test("a worker killed with -9 mid-job: the other worker finishes it", async () => {
    const accepted = await submit(stack, { bytes: await makeTextPdf(12) });
    const id = String(accepted.body.id);
    let holder = "";
    await waitUntil(async () => {
      const [row] = await stack.query<{ lockedBy: string | null; stage: string }>(`SELECT "lockedBy", stage FROM "Job" WHERE id = $1`, [
        id,
      ]);
      holder = row?.lockedBy ?? "";
      return holder !== "" && /^page [3-9]/.test(row!.stage);
    }, "the job to reach page 3");
    const pid = Number(holder.split(":")[1]);
    const doomed = stack.workers.find((worker) => worker.process.pid === pid);
    assert.ok(doomed, `the holder ${holder} is one of our workers`);
    doomed.process.kill("SIGKILL");
    await doomed.exited;
    const done = await waitForJob(stack, id, {}, 45_000);
    assert.equal(done.body.status, "done");
    assert.equal(done.body.result.pages.length, 12);
    const [row] = await stack.query<{ requeues: number }>(`SELECT requeues FROM "Job" WHERE id = $1`, [id]);
    assert.equal(row!.requeues, 1);
    startWorker(); // back to two
  });

  test("DELETE and retention leave no object behind", async () => {
    const deleted = await finished(await makeTextPdf(1, "Delete"));
    assert.ok((await s3.keys(`jobs/${deleted.id}/`)).length >= 2);
    assert.equal((await deleteJob(stack, deleted.id)).status, 200);
    assert.deepEqual(await s3.keys(`jobs/${deleted.id}/`), []);
    assert.equal((await getJob(stack, deleted.id)).status, 404);

    const expired = await finished(await makeTextPdf(1, "Expire"));
    // Finished two days ago: past the 24 h retention window, which the workers enforce.
    await stack.query(`UPDATE "Job" SET "finishedAt" = now() - interval '2 days' WHERE id = $1`, [expired.id]);
    await waitUntil(async () => (await s3.keys(`jobs/${expired.id}/`)).length === 0, "retention to delete the objects");
    assert.equal((await getJob(stack, expired.id)).status, 404);
  });

  test("the OCR cache lives in the store and goes with the last job of its file", async () => {
    // Only an OCR worker from here on (Tesseract alone: one engine is enough to write the cache).
    await Promise.all(stack.workers.filter((w) => w.process.exitCode === null).map((w) => (w.process.kill("SIGTERM"), w.exited)));
    startWorker({ OCR_ENGINES: "ocr-1", WORKER_PAGE_DELAY_MS: "0" });
    const pdf = await makeTextPdf(1, "Cached");
    const job = await finished(pdf);
    const [row] = await stack.query<{ fileSha256: string }>(`SELECT "fileSha256" FROM "Job" WHERE id = $1`, [job.id]);
    const cacheKeys = await s3.keys(`cache/${row!.fileSha256}/`);
    assert.ok(
      cacheKeys.some((key) => key.includes("ocr-1")),
      `cache entries in the store: ${cacheKeys.join(", ")}`,
    );
    assert.deepEqual(workerDirs.flatMap(jobFilesOnDisk), []);
    assert.equal((await deleteJob(stack, job.id)).status, 200);
    assert.deepEqual(await s3.keys(`cache/${row!.fileSha256}/`), []);
    assert.deepEqual(await s3.keys(`jobs/${job.id}/`), []);
  });
});

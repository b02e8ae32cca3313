// STORAGE=s3: a 500 MB upload streams through the web into a multipart upload in a real
// S3-compatible server (s3rver) without the web's memory growing with the file; the stored object
// is then read by byte ranges (inspection), and DELETE removes it.
import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { after, before, test } from "node:test";
import { deleteJob, peakRss, submit, USER_AGENT } from "../support/api";
import { makeTextPdf } from "../support/pdfs";
import { startS3, type S3Server } from "../support/s3";
import { startStack, type Stack } from "../support/stack";

let s3: S3Server;
let stack: Stack;

before(async () => {
  s3 = await startS3();
  stack = await startStack({ workers: 0, env: s3.env });
});
after(async () => {
  await stack?.stop();
  await s3?.stop();
});

test("a 500 MB upload streams into the store with flat web memory", async () => {
  const UPLOAD_BYTES = 500 * 1024 * 1024;
  // A small real PDF, a comment padding it out, then its startxref again so readers find the
  // cross-reference table from the end; generated as the request streams, never held whole.
  const head = Buffer.from(await makeTextPdf(1, "Big"));
  const xrefOffset = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(head.toString("latin1"))![1];
  const tail = Buffer.from(`\nstartxref\n${xrefOffset}\n%%EOF\n`, "latin1");
  const boundary = "----pdftables-big-upload";
  const opening = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const block = Buffer.alloc(4 * 1024 * 1024, 0x20);
  async function* body() {
    yield opening;
    yield Buffer.concat([head, Buffer.from("%")]);
    let written = head.length + 1;
    while (written + block.length < UPLOAD_BYTES - tail.length) {
      yield block;
      written += block.length;
    }
    yield Buffer.alloc(UPLOAD_BYTES - tail.length - written, 0x20);
    yield tail;
    yield closing;
  }
  // Warm up first: the first submission loads the route, pdf.js and the S3 client (~250 MB of
  // code and heap that any submission costs once), which is not the upload's doing.
  for (let i = 0; i < 3; i++) {
    const warm = await submit(stack, { bytes: head, name: "warm.pdf" });
    assert.equal(warm.status, 202);
    assert.equal((await deleteJob(stack, String(warm.body.id))).status, 200);
  }
  const pid = stack.web.process.pid!;
  const before = peakRss(pid);
  const started = performance.now();
  const response = await fetch(`${stack.baseUrl}/v1/parse`, {
    method: "POST",
    body: Readable.toWeb(Readable.from(body())) as ReadableStream,
    headers: { "user-agent": USER_AGENT, "content-type": `multipart/form-data; boundary=${boundary}` },
    duplex: "half",
  } as RequestInit);
  const answer = (await response.json()) as { id: string };
  const seconds = (performance.now() - started) / 1000;
  const growth = peakRss(pid) - before;
  console.log(
    `500 MB upload to S3: HTTP ${response.status} in ${seconds.toFixed(1)} s; web peak RSS ${(before / 1e6).toFixed(0)} MB before, growth ${(growth / 1e6).toFixed(0)} MB`,
  );
  assert.equal(response.status, 202, JSON.stringify(answer));
  const keys = await s3.keys(`jobs/${answer.id}/`);
  assert.ok(keys.includes(`jobs/${answer.id}/input.pdf`));
  // Buffering the file would cost at least its 500 MB; multipart parts cost a few MB each.
  assert.ok(growth < 150 * 1024 * 1024, `web peak RSS grew ${(growth / 1e6).toFixed(0)} MB during a 500 MB upload`);
  assert.equal((await deleteJob(stack, answer.id)).status, 200);
  assert.deepEqual(await s3.keys(`jobs/${answer.id}/`), []);
});

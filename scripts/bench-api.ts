// `npm run bench:api`: figures for the web process, printed (no pass/fail: machines are noisy).
//   - POST /v1/parse latency for a 10-page PDF (median and worst of several submissions)
//   - peak RSS of the web process while it receives a 500 MB upload
// Runs its own embedded Postgres and web process in a temporary directory; no worker is needed
// (submissions only queue).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../lib/db/embedded-postgres";
import { makeTextPdf } from "../e2e/support/pdfs";
import { peakRss, submit } from "../e2e/support/api";
import { startStack } from "../e2e/support/stack";

const UPLOAD_BYTES = 500 * 1024 * 1024;
const SUBMISSIONS = 7;

async function main(): Promise<void> {
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), "pdftables-bench-pg-"));
  const postgres = await startEmbeddedPostgres(pgDir, () => undefined);
  process.env.TEST_DATABASE_URL = postgres.url;
  const stack = await startStack({ workers: 0 });
  try {
    const pdf = await makeTextPdf(10, "Bench");
    const latencies: number[] = [];
    for (let i = 0; i < SUBMISSIONS; i++) {
      const started = performance.now();
      const answer = await submit(stack, { bytes: pdf });
      latencies.push(performance.now() - started);
      if (answer.status !== 202) throw new Error(`submission failed: ${JSON.stringify(answer.body)}`);
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `POST /v1/parse, 10-page PDF (${pdf.length} bytes), ${SUBMISSIONS} runs: median ${latencies[Math.floor(SUBMISSIONS / 2)]!.toFixed(0)} ms, worst ${latencies[SUBMISSIONS - 1]!.toFixed(0)} ms`,
    );

    // A 500 MB PDF: a small real PDF, then a comment padding it out, then its own startxref
    // again, so a reader finds the cross-reference table from the end of the file as it would in
    // any real large PDF (without it pdf.js rebuilds the table by scanning all 500 MB, which
    // measures a broken file, not the upload). Written to disk and streamed from there so the
    // benchmark itself does not hold it either.
    const file = path.join(stack.dataDir, "big.pdf");
    const head = Buffer.from(await makeTextPdf(1, "Big"));
    const xrefOffset = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(head.toString("latin1"))?.[1];
    if (!xrefOffset) throw new Error("the generated PDF has no startxref");
    const tail = Buffer.from(`\nstartxref\n${xrefOffset}\n%%EOF\n`, "latin1");
    const out = fs.createWriteStream(file);
    out.write(head);
    out.write("%");
    const block = Buffer.alloc(8 * 1024 * 1024, 0x20);
    let written = head.length + 1;
    while (written + block.length < UPLOAD_BYTES - tail.length) {
      if (!out.write(block)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
      written += block.length;
    }
    out.write(Buffer.alloc(UPLOAD_BYTES - tail.length - written, 0x20));
    out.end(tail);
    await new Promise<void>((resolve) => out.once("finish", () => resolve()));

    const pid = stack.web.process.pid!;
    const before = peakRss(pid);
    const started = performance.now();
    const form = new FormData();
    form.append("file", await fs.openAsBlob(file, { type: "application/pdf" }), "big.pdf");
    const response = await fetch(`${stack.baseUrl}/v1/parse`, { method: "POST", body: form, headers: { "user-agent": "bench" } });
    const seconds = (performance.now() - started) / 1000;
    const after = peakRss(pid);
    console.log(
      `500 MB upload (${fs.statSync(file).size} bytes): HTTP ${response.status} in ${seconds.toFixed(1)} s; web peak RSS ${(before / 1e6).toFixed(0)} MB before, ${(after / 1e6).toFixed(0)} MB after (growth ${((after - before) / 1e6).toFixed(0)} MB)`,
    );
  } finally {
    await stack.stop();
    await postgres.stop();
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// `npm run load-test [-- --submissions 200 --workers 2 --storage s3|local]`: a bounded load test
// on loopback, printing figures (no pass/fail threshold on time: machines are noisy). Starts its
// own embedded Postgres, an S3-compatible server (s3rver) unless --storage local, the web and
// the workers (each on its own DATA_DIR), fires all submissions at once, waits for every job,
// and reports POST latency percentiles, throughput, and whether any job was lost or run twice.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startEmbeddedPostgres } from "../lib/db/embedded-postgres";
import { describeLoad, runLoad } from "../e2e/support/load";
import { startS3, type S3Server } from "../e2e/support/s3";
import { startStack } from "../e2e/support/stack";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      submissions: { type: "string", default: "200" },
      workers: { type: "string", default: "2" },
      storage: { type: "string", default: "s3" },
    },
  });
  const submissions = Number(values.submissions);
  const workerCount = Number(values.workers);
  if (!(submissions > 0 && submissions <= 1000)) throw new Error("--submissions must be 1..1000 (the test is bounded)");
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), "pdftables-load-pg-"));
  const postgres = await startEmbeddedPostgres(pgDir, () => undefined);
  process.env.TEST_DATABASE_URL = postgres.url;
  const s3: S3Server | null = values.storage === "s3" ? await startS3() : null;
  const stack = await startStack({ workers: 0, env: { ...(s3?.env ?? {}), LOG_LEVEL: "info" } });
  const dirs: string[] = [];
  try {
    for (let i = 0; i < workerCount; i++) {
      // With S3 nothing is shared but the database and the bucket; local storage needs the web's
      // DATA_DIR (one machine).
      if (!s3) {
        stack.startWorker();
        continue;
      }
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pdftables-load-worker-"));
      dirs.push(dataDir);
      stack.startWorker({ DATA_DIR: dataDir });
    }
    console.log(`node ${process.version}, ${os.cpus().length} cores, storage ${values.storage}`);
    const figures = await runLoad(stack, stack.workers, submissions, 10 * 60_000);
    console.log(describeLoad(figures, workerCount));
    if (figures.lost.length || figures.ranTwice.length) process.exitCode = 1;
  } finally {
    await stack.stop();
    await s3?.stop();
    await postgres.stop();
    for (const dir of [pgDir, ...dirs]) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

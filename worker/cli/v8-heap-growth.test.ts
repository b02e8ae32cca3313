// V8's heap growing factor fixed (scripts/v8-heap-growth.mjs): the flag and when a choice made by
// whoever started the process stands, and a command started through scripts/run-entry.mjs running
// with it (the bench prints the flags its process runs with, the command line's and those set at
// run time).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { HEAP_GROWING_PERCENT, heapGrowthFlag } from "../../scripts/v8-heap-growth.mjs";
import { flagChosen } from "../../scripts/v8-pool.mjs";
import { makeDenseTablePdf } from "../../tests/pdf/ocr-test-pdfs";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

test("the factor is fixed unless the command line names one", () => {
  assert.equal(HEAP_GROWING_PERCENT, 100);
  assert.equal(heapGrowthFlag([]), "--heap-growing-percent=100");
  assert.equal(heapGrowthFlag(["--max-old-space-size=256", "--v8-pool-size=1"]), "--heap-growing-percent=100");
  assert.equal(heapGrowthFlag(["--heap-growing-percent=30"]), null);
  assert.equal(heapGrowthFlag(["--heap-growing-percent=0", "--inspect"]), null);
});

test("a flag counts as chosen by its exact name, not by a longer one sharing its start", () => {
  assert.equal(flagChosen("--v8-pool-size", ["--v8-pool-size=2"], ""), true);
  assert.equal(flagChosen("--v8-pool-size", [], "--v8-pool-size 2"), true);
  assert.equal(flagChosen("--heap-growing-percent", ["--heap-growing-percent-x=1"], ""), false);
  assert.equal(flagChosen("--heap-growing-percent", [], ""), false);
});

/** The "node flags" line of the no-OCR bench over a one-page corpus, run through run-entry.mjs. */
async function benchFlags(nodeArgs: string[] = []): Promise<string> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "heap-growth-"));
  try {
    await fs.promises.writeFile(path.join(dir, "dense.pdf"), await makeDenseTablePdf(1));
    const args = [...nodeArgs, "scripts/run-entry.mjs", "bench", "--corpus-only", "--corpus", dir];
    const { stdout, stderr } = await run(process.execPath, args, { cwd: ROOT });
    const line = `${stdout}\n${stderr}`.split("\n").find((l) => l.includes("node flags:"));
    assert.ok(line, `no flags line in:\n${stdout}${stderr}`);
    return line;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

test("a command started through run-entry runs with the factor fixed, or with the one it was given", async () => {
  assert.match(await benchFlags(), /--heap-growing-percent=100\b/);
  // Node refuses V8 flags in NODE_OPTIONS, so a choice is made on the command line.
  const chosen = await benchFlags(["--heap-growing-percent=30"]);
  assert.match(chosen, /--heap-growing-percent=30\b/);
  assert.doesNotMatch(chosen, /--heap-growing-percent=100\b/);
  // TurboFan's threshold is set at run time too, and reported beside it.
  assert.match(chosen, /--invocation-count-for-turbofan=10000\b/);
});

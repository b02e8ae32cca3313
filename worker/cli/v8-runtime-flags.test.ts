// The V8 flags scripts/run-entry.mjs sets at run time (scripts/v8-runtime-flags.mjs): which ones,
// a choice made on the command line standing, and a command started through run-entry running
// with them (the bench prints the flags its process runs with: the command line's and those set at
// run time).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { createRequire } from "node:module";
import { runtimeV8Flags, TURBOFAN_FILTER } from "../../scripts/v8-runtime-flags.mjs";
import { flagChosen } from "../../scripts/v8-pool.mjs";
import { makeDenseTablePdf } from "../../tests/pdf/ocr-test-pdfs";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const ALL = [
  "--invocation-count-for-turbofan=10000",
  "--turbo-filter=-promiseBody",
  "--max-inlined-bytecode-size=230",
  "--heap-growing-percent=100",
];

test("the flags, each unless the command line names it, the threshold only on V8 12 and later", () => {
  assert.deepEqual(runtimeV8Flags([], "12.4.254.21-node.33"), ALL);
  assert.deepEqual(runtimeV8Flags(["--max-old-space-size=256", "--v8-pool-size=1"], "12.4.254.21-node.33"), ALL);
  assert.deepEqual(runtimeV8Flags(["--heap-growing-percent=30"], "12.4.254.21-node.33"), ALL.slice(0, 3));
  assert.deepEqual(runtimeV8Flags(["--turbo-filter=*", "--invocation-count-for-turbofan=3000"], "12.4"), ALL.slice(2));
  assert.deepEqual(runtimeV8Flags(["--max-inlined-bytecode-size=460"], "12.4"), [ALL[0], ALL[1], ALL[3]]);
  assert.deepEqual(runtimeV8Flags([], "11.3.244.8-node.33"), ALL.slice(1));
});

test("a flag counts as chosen by its exact name, not by a longer one sharing its start", () => {
  assert.equal(flagChosen("--v8-pool-size", ["--v8-pool-size=2"], ""), true);
  assert.equal(flagChosen("--v8-pool-size", [], "--v8-pool-size 2"), true);
  assert.equal(flagChosen("--heap-growing-percent", ["--heap-growing-percent-x=1"], ""), false);
  assert.equal(flagChosen("--heap-growing-percent", [], ""), false);
});

test("a flag spelled with underscores counts as chosen, as Node and V8 read it", () => {
  assert.equal(flagChosen("--heap-growing-percent", ["--heap_growing_percent=150"], ""), true);
  assert.equal(flagChosen("--v8-pool-size", [], "--v8_pool_size=1"), true);
  assert.equal(flagChosen("--turbo-filter", ["--turbo_filter_x=1"], ""), false);
  assert.deepEqual(runtimeV8Flags(["--max_inlined_bytecode_size=460"], "12.4"), [ALL[0], ALL[1], ALL[3]]);
});

test("the TurboFan filter names the page loops of the pdf.js this project pins", () => {
  // Were pdf.js to rename them, the filter would match nothing and the CPU it saves would come
  // back unnoticed: an upgrade fails here instead.
  const name = TURBOFAN_FILTER.replace(/^-/, "");
  const source = fs.readFileSync(createRequire(import.meta.url).resolve("pdfjs-dist/legacy/build/pdf.worker.mjs"), "utf8");
  for (const method of ["getOperatorList", "getTextContent"]) {
    const start = source.indexOf(`\n  async ${method}({`);
    assert.ok(start >= 0, `pdf.js's parser has no ${method} method`);
    const nextMethod = source.slice(start + 1).search(/\n {2}(async )?[A-Za-z_$#][\w$]*\(/);
    const body = source.slice(start, nextMethod < 0 ? undefined : start + 1 + nextMethod);
    assert.ok(body.includes(`function ${name}(`), `${method} has no inner function ${name}`);
  }
});

/** The "node flags" line of the no-OCR bench over a one-page corpus, run through run-entry.mjs. */
async function benchFlags(nodeArgs: string[] = []): Promise<string> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "runtime-flags-"));
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

test("a command started through run-entry runs with the flags, or with those it was given", async () => {
  const plain = await benchFlags();
  for (const flag of ALL) assert.ok(plain.includes(flag), `${flag} missing from: ${plain}`);
  // Node refuses V8's flags in NODE_OPTIONS, so a choice is made on the command line.
  const chosen = await benchFlags(["--heap-growing-percent=30"]);
  assert.match(chosen, /--heap-growing-percent=30\b/);
  assert.doesNotMatch(chosen, /--heap-growing-percent=100\b/);
  assert.match(chosen, /--turbo-filter=-promiseBody\b/);
});

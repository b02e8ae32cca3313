// `npm run extract` over many files in one process (extract/batch.ts): folders, globs, --out DIR,
// --jobs, a broken file among good ones, the summary line, and no progress bar when the output is
// not a terminal. Run as the command is run (the compiled entry, a child process).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { makeDenseTablePdf, makeFigurePdf } from "../../tests/pdf/ocr-test-pdfs";
import type { Result } from "../../lib/result/schema";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

/** `callerDir`: the folder the user typed the command in, as npm passes it (INIT_CWD); npm runs
 * the script itself in the project's folder. */
async function extract(args: string[], callerDir?: string): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/run-entry.mjs", "extract", ...args], {
      cwd: ROOT,
      maxBuffer: 1 << 26,
      env: { ...process.env, INIT_CWD: callerDir ?? ROOT },
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const e = error as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}

function readResult(file: string): Result {
  return JSON.parse(fs.readFileSync(file, "utf8")) as Result;
}

/** The summary line's figures, recomputed from the result files. */
function expectedSummary(results: Result[]): { pages: number; tables: number; cells: Record<string, number> } {
  const cells: Record<string, number> = {};
  for (const r of results)
    for (const t of r.tables) for (const c of [...t.header_cells, ...t.rows.flat()]) cells[c.confidence] = (cells[c.confidence] ?? 0) + 1;
  return { pages: results.reduce((n, r) => n + r.pages.length, 0), tables: results.reduce((n, r) => n + r.tables.length, 0), cells };
}

test("a folder in one process: results mirrored under --out, the same with --jobs 1 and 2, a summary line and no progress bar off a terminal", async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "extract-many-"));
  try {
    const input = path.join(work, "in");
    fs.mkdirSync(path.join(input, "sub"), { recursive: true });
    fs.writeFileSync(path.join(input, "dense-2.pdf"), await makeDenseTablePdf(2));
    fs.writeFileSync(path.join(input, "sub", "dense-1.pdf"), await makeDenseTablePdf(1));
    fs.writeFileSync(path.join(input, "sub", "figure.pdf"), await makeFigurePdf());
    fs.writeFileSync(path.join(input, "notes.txt"), "not a PDF");
    const names = ["dense-2.json", "sub/dense-1.json", "sub/figure.json"];

    const parallel = await extract([input, "--no-ocr", "--out", path.join(work, "out-2"), "--jobs", "2"]);
    assert.equal(parallel.code, 0, parallel.stderr);
    const serial = await extract([input, "--no-ocr", "--out", path.join(work, "out-1"), "--jobs", "1"]);
    assert.equal(serial.code, 0, serial.stderr);
    for (const name of names) {
      assert.deepEqual(
        fs.readFileSync(path.join(work, "out-2", name)),
        fs.readFileSync(path.join(work, "out-1", name)),
        `${name}: the same result read in a thread and in process`,
      );
    }
    const results = names.map((name) => readResult(path.join(work, "out-2", name)));
    assert.deepEqual(
      results.map((r) => r.pages.length),
      [2, 1, 1],
    );
    assert.ok(results[0]!.tables.length >= 2, "a dense table on each page");
    // The figure is cropped into a folder named after its result, its path relative to the result.
    const figure = results[2]!.images[0];
    assert.ok(figure, "the figure page has an image");
    assert.match(figure.path, /^figure\/images\/p1-0\.png$/);
    assert.ok(fs.existsSync(path.join(work, "out-2", "sub", figure.path)));

    const { pages, tables, cells } = expectedSummary(results);
    const cellText = Object.entries(cells).map(([level, n]) => `${n} ${level}`);
    for (const out of [parallel, serial]) {
      const line = out.stdout.trim();
      assert.match(line, new RegExp(`^3 files, ${pages} pages, ${tables} tables, cells: .+; \\d+\\.\\d\\d s$`));
      for (const part of cellText) assert.ok(line.includes(part), `${line} counts ${part}`);
      assert.ok(!out.stdout.includes("\r") && !out.stderr.includes("\r"), "no progress bar when the output is not a terminal");
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});

test("a glob writes each result beside its PDF; a broken file is reported and the others are still read", async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "extract-many-"));
  try {
    fs.writeFileSync(path.join(work, "a.pdf"), await makeDenseTablePdf(1));
    fs.writeFileSync(path.join(work, "b.pdf"), await makeDenseTablePdf(1));
    fs.writeFileSync(path.join(work, "broken.pdf"), "%PDF-1.7\nthis is not a PDF body");
    const out = await extract([path.join(work, "*.pdf"), "--no-ocr", "--jobs", "2"]);
    assert.equal(out.code, 1, "a failed file makes the exit status 1");
    assert.match(out.stderr, /broken\.pdf failed: the file is not a readable PDF/);
    assert.match(out.stdout.trim(), /^3 files \(1 failed\), 2 pages, \d+ tables, cells: /);
    for (const name of ["a", "b"]) assert.equal(readResult(path.join(work, `${name}.json`)).pages.length, 1);
    assert.ok(!fs.existsSync(path.join(work, "broken.json")));
    // One file without a folder for --out keeps the one-file mode: the result on stdout.
    const one = await extract([path.join(work, "a.pdf"), "--no-ocr"]);
    assert.equal(one.code, 0, one.stderr);
    assert.deepEqual(JSON.parse(one.stdout), readResult(path.join(work, "a.json")));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});

test("a pattern or path naming nothing is an error before anything is read", async () => {
  const out = await extract([path.join(os.tmpdir(), "no-such-folder-for-extract", "*.pdf"), "--no-ocr"]);
  assert.equal(out.code, 1);
  assert.match(out.stderr, /no PDF matches/);
});

test("paths are read from the folder the command was typed in, not the project's", async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "extract-caller-"));
  try {
    fs.mkdirSync(path.join(work, "reports"));
    fs.writeFileSync(path.join(work, "reports", "a.pdf"), await makeDenseTablePdf(1));
    // One file, its result to a file named relative to the caller's folder.
    const one = await extract(["reports/a.pdf", "--no-ocr", "--out", "a-result.json"], work);
    assert.equal(one.code, 0, one.stderr);
    assert.equal(readResult(path.join(work, "a-result.json")).pages.length, 1);
    assert.ok(!fs.existsSync(path.join(ROOT, "a-result.json")), "nothing is written in the project's folder");
    // Many files: a folder and a pattern, both relative, results under a relative --out.
    const many = await extract(["reports", "--no-ocr", "--out", "out"], work);
    assert.equal(many.code, 0, many.stderr);
    assert.equal(readResult(path.join(work, "out", "a.json")).pages.length, 1);
    const pattern = await extract(["reports/*.pdf", "--no-ocr"], work);
    assert.equal(pattern.code, 0, pattern.stderr);
    assert.equal(readResult(path.join(work, "reports", "a.json")).pages.length, 1);
    // A name that is nowhere in the caller's folder is reported as typed, not looked for elsewhere.
    const missing = await extract(["package.json.pdf", "--no-ocr"], work);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no such file or folder: .*package\.json\.pdf/);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});

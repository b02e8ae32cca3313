// The compiled entry points (scripts/build-entries.mjs, scripts/run-entry.mjs): they build, they
// are rebuilt when a source changes, they run the pipeline, and the OCR engines' packages are not
// loaded at start-up (only a page that needs OCR imports them).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { makeDenseTablePdf } from "../../tests/pdf/ocr-test-pdfs";
import { buildEntries, DIST, ENTRIES, isStale, outputPath } from "../../scripts/build-entries.mjs";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const LAZY_PACKAGES = ["onnxruntime-node", "tesseract.js", "sharp"];

/** Packages an output file imports statically, following its static imports of our own chunks. */
function staticPackageImports(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  const code = fs.readFileSync(file, "utf8");
  for (const match of code.matchAll(/^import\s+(?:[^"';]*?\s+from\s+)?["']([^"']+)["'];?$/gm)) {
    const specifier = match[1]!;
    if (specifier.startsWith(".")) {
      for (const p of staticPackageImports(path.resolve(path.dirname(file), specifier), seen)) packages.add(p);
    } else packages.add(specifier);
  }
  return packages;
}

test("every entry builds, is then up to date, and imports no OCR engine package statically", async () => {
  await buildEntries();
  assert.equal(isStale(), false);
  const external = new Set<string>();
  for (const name of Object.keys(ENTRIES)) {
    const imports = staticPackageImports(outputPath(name));
    // The OCR pool's thread is where the engines live; it starts only when a page needs OCR.
    if (name === "ocr-thread") {
      assert.ok(imports.has("onnxruntime-node") && imports.has("tesseract.js"));
      continue;
    }
    // npm packages stay external (loaded from node_modules), except zod, compiled in (BUNDLED).
    for (const specifier of imports) external.add(specifier);
    assert.ok(
      !imports.has("zod") && ![...imports].some((s) => s.startsWith("zod/")),
      `${name} has zod compiled in (imports: ${[...imports].join(", ")})`,
    );
    for (const lazy of LAZY_PACKAGES) assert.ok(!imports.has(lazy), `${name} must not import ${lazy} at start-up`);
  }
  assert.ok(
    external.has("@prisma/client") && external.has("pino"),
    `packages are loaded from node_modules (imports: ${[...external].join(", ")})`,
  );
  // The engines are still in the build, behind a dynamic import.
  const chunks = fs.readdirSync(path.join(DIST, "chunks")).filter((f) => f.endsWith(".mjs"));
  assert.ok(chunks.some((f) => fs.readFileSync(path.join(DIST, "chunks", f), "utf8").includes('from "onnxruntime-node"')));
});

test("a source file newer than the build makes it stale", async () => {
  await buildEntries();
  const source = path.join(ROOT, "worker/pipeline/ocr/settings.ts");
  const { atime, mtime } = fs.statSync(source);
  try {
    const later = new Date(fs.statSync(outputPath("extract")).mtimeMs + 5000);
    fs.utimesSync(source, later, later);
    assert.equal(isStale(), true);
  } finally {
    fs.utimesSync(source, atime, mtime);
  }
  assert.equal(isStale(), false);
});

test("run-entry runs the compiled extract CLI on a one-page PDF without OCR", async () => {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "compiled-entries-"));
  try {
    const pdf = path.join(dir, "dense.pdf");
    await fs.promises.writeFile(pdf, await makeDenseTablePdf(1));
    const out = path.join(dir, "result.json");
    const { stderr } = await run(process.execPath, ["scripts/run-entry.mjs", "extract", pdf, "--no-ocr", "--out", out], { cwd: ROOT });
    assert.match(stderr, /1 pages \(0 failed\), 1 tables/);
    const result = JSON.parse(await fs.promises.readFile(out, "utf8")) as { tables: Array<{ rows: unknown[] }>; pages: unknown[] };
    assert.equal(result.pages.length, 1);
    assert.equal(result.tables.length, 1);
    assert.ok(result.tables[0]!.rows.length >= 40, `rows: ${result.tables[0]!.rows.length}`);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
});

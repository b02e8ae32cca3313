// `npm run test:fast`: the tier to run before every commit. Every test file under lib/,
// components/ and worker/ except the ones that load the OCR engines (real Tesseract and PaddleOCR
// reading generated pages) or scan whole generated layout families page by page (minutes each on a
// two-core machine), and the API and browser tests (they need a built app and real processes).
// None of the tests it runs needs a database or `next build`.
// `npm test` still runs everything, SLOW_TESTS included.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** Test files that run the OCR engines, scan whole families or need a database; the fast tier
 * leaves them to `npm test`. A new test that loads an engine (OcrEngines, the OCR pool,
 * tests/pdf/scanned-family.ts), renders and degrades a family's pages, trains a model, or reads
 * TEST_DATABASE_URL belongs here. */
export const SLOW_TESTS = new Set([
  "lib/jobs/job-wakeup.test.ts",
  "worker/cli/eval/realistic-scans.test.ts",
  "worker/pipeline/look-ahead.test.ts",
  "worker/pipeline/ocr/cascade.test.ts",
  "worker/pipeline/ocr/legacy-tesseract.test.ts",
  "worker/pipeline/ocr/ocr-pipeline.test.ts",
  "worker/pipeline/ocr/paddle/fold-model.test.ts",
  "worker/pipeline/ocr/pool/ocr-pool.test.ts",
  "worker/pipeline/ocr/lone-values-family.test.ts",
  "worker/pipeline/ocr/read-page-ocr.test.ts",
  "worker/pipeline/ocr/reading-frame.test.ts",
  "worker/pipeline/ocr/script-languages-family.test.ts",
  "worker/pipeline/ocr/standing-cells-family.test.ts",
  "worker/pipeline/scan/prepare-scan.test.ts",
  "worker/pipeline/scan/quarter-turn-check.test.ts",
  "worker/pipeline/scan/raised-marks-family.test.ts",
  "worker/pipeline/scan/raster-rulings-family.test.ts",
  "worker/pipeline/scan/raster-rulings.test.ts",
  "worker/pipeline/scan/scan-second-reading.test.ts",
  "worker/pipeline/scan/standing-lines-family.test.ts",
  "worker/pipeline/scan/tie-break-family.test.ts",
  "worker/pipeline/scan/lone-readings-family.test.ts",
  "worker/pipeline/scan/raster-drawings-family.test.ts",
  "worker/pipeline/structure/structure-pipeline.test.ts",
  "worker/pipeline/structure/ink-grid-family.test.ts",
  "worker/pipeline/structure/ink-grid-text-layer-family.test.ts",
  "worker/pipeline/generated-draws.test.ts",
  "worker/pipeline/structure/ink-grid-coarse-family.test.ts",
  "worker/pipeline/structure/page-ink-family.test.ts",
  "worker/pipeline/structure/pdf-layout-alt-shortcut.test.ts",
  "worker/pipeline/structure/pdf-model/pdf-model.test.ts",
  "worker/pipeline/structure/pdf-model/scan-model.test.ts",
  "worker/pipeline/structure/word-blocks.test.ts",
  "worker/pipeline/unchecked-page.test.ts",
  "worker/pipeline/vision/vision-families.test.ts",
  "worker/pipeline/vision/vision-scan.test.ts",
]);

function listTests(dir: string): string[] {
  if (!fs.existsSync(path.join(root, dir))) return [];
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".test.ts"))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => !SLOW_TESTS.has(file))
    .sort();
}

async function main(): Promise<void> {
  const files = ["lib", "components", "worker"].flatMap(listTests);
  // The compiled entry points (worker/cli/compiled-entries.test.ts runs them) are rebuilt when a
  // source is newer, as scripts/run-tests.ts does.
  const entries = await import("./build-entries.mjs");
  if (entries.isStale()) await entries.buildEntries();
  const code = await new Promise<number>((resolve) => {
    // Node's default concurrency (one core left free): some tests bound the time a child process
    // takes, which a machine running two test files per core would stretch past.
    const child = spawn(process.execPath, ["--import", "tsx", "--test", ...files], { cwd: root, stdio: "inherit" });
    child.on("exit", (exitCode) => resolve(exitCode ?? 1));
  });
  process.exit(code);
}

void main();

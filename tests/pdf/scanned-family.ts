// A generated layout family end to end on scans, for the family tests of the scan steps: its
// documents at the eval's seed, each scanned as `npm run eval -- --scans realistic` scans it
// (worker/cli/eval/realistic-scans.ts) and run through the whole pipeline with both real OCR
// engines, page 1 only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { OCR_ENGINE_NAMES } from "../../lib/ocr/engine-names";
import type { GeneratedDocument } from "./corpus/generate";
import type { PipelineOutput } from "../../worker/pipeline/run-pipeline";

/** The eval's seed: the generated scans its figures are measured on. */
const EVAL_SEED = 13;

/** Runs `check` on each document of `familyName` (`variants` of them, or those `pick` keeps) with
 * the pipeline's output for its scan; its figures (result.images) are cut only when
 * `withFigures`. Files live in a temporary folder, removed afterwards. */
export async function forEachScannedDocument(
  familyName: string,
  variants: number,
  check: (doc: GeneratedDocument, output: PipelineOutput) => void | Promise<void>,
  pick: (docs: GeneratedDocument[]) => GeneratedDocument[] = (docs) => docs,
  withFigures = false,
): Promise<void> {
  const { generateCorpus, FAMILIES } = await import("./corpus/generate");
  const { makeRealisticScan } = await import("../../worker/cli/eval/realistic-scans");
  const { runPipeline } = await import("../../worker/pipeline/run-pipeline");
  const { OcrEngines } = await import("../../worker/pipeline/ocr/read-page-ocr");
  const family = FAMILIES.filter((f) => f.name === familyName);
  if (family.length !== 1) throw new Error(`no generated family ${familyName}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${familyName}-scans-`));
  const readers = OcrEngines.withEngines(OCR_ENGINE_NAMES, { threads: 2, heapMb: 512 });
  try {
    const docs = await generateCorpus({ outDir: dir, seed: EVAL_SEED, variants, families: family });
    for (const doc of pick(docs)) {
      const scan = path.join(dir, `${doc.name}-scan.pdf`);
      await makeRealisticScan(path.join(dir, `${doc.name}.pdf`), scan);
      const output = await runPipeline({
        pdfPath: scan,
        pages: 1,
        withSourcePages: false,
        fileSha256: createHash("sha256").update(fs.readFileSync(scan)).digest("hex"),
        cacheDir: null,
        outputDir: fs.mkdtempSync(path.join(dir, "out-")),
        ocr: readers,
        skipFigureCrops: !withFigures,
      });
      await check(doc, output);
    }
  } finally {
    await readers.release();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

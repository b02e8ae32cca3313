// Tables labelled in Hebrew (the right-to-left family), Greek and Arabic (tests/pdf/corpus/
// script-tables.ts), drawn at seeds no rule was fitted on, through the whole pipeline with both OCR
// engines. Before, no engine read these labels (Tesseract's English model gives junk, PaddleOCR's
// model has no such letters) and each stood on the text layer alone. Read by Tesseract's model of
// the script (ocr/script-languages.ts), a label whose text layer is right must be verified with
// that reading behind it, and one whose text layer is wrong must not be: pdf-lib writes some Arabic
// ligatures (lam with alef) into the text layer with their letters out of order, which the script
// reading sees.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { OCR_ENGINE_NAMES } from "../../../lib/ocr/engine-names";

const SCRIPT = /[\p{Script=Hebrew}\p{Script=Greek}\p{Script=Arabic}]/u;

test("family: labels in Hebrew, Greek and Arabic are read by the script's model", { timeout: 900_000 }, async () => {
  const { FAMILIES, generateDocument } = await import("../../../tests/pdf/corpus/generate");
  const { ARABIC_TABLE, GREEK_TABLE } = await import("../../../tests/pdf/corpus/script-tables");
  const { runPipeline } = await import("../run-pipeline");
  const { OcrEngines } = await import("./read-page-ocr");
  const families = [FAMILIES.find((f) => f.name === "right-to-left")!, GREEK_TABLE, ARABIC_TABLE];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "script-languages-"));
  const readers = OcrEngines.withEngines(OCR_ENGINE_NAMES, { threads: 2, heapMb: 512 });
  const tally = new Map<string, { right: number; verified: number; wrong: number }>();
  try {
    for (const family of families) {
      for (const seed of [601, 602]) {
        for (const variant of [0, 1]) {
          const doc = await generateDocument(family, variant, seed);
          const file = path.join(dir, `${doc.name}-${seed}.pdf`);
          fs.writeFileSync(file, doc.pdf);
          const { result } = await runPipeline({
            pdfPath: file,
            pages: 1,
            withSourcePages: false,
            fileSha256: createHash("sha256").update(doc.pdf).digest("hex"),
            cacheDir: null,
            outputDir: fs.mkdtempSync(path.join(dir, "out-")),
            ocr: readers,
            skipFigureCrops: true,
          });
          const truth = new Set(doc.tables.flatMap((t) => t.cells.map((c) => c.text)));
          const counts = tally.get(family.name) ?? { right: 0, verified: 0, wrong: 0 };
          for (const cell of result.tables.flatMap((t) => [...t.header_cells, ...t.rows.flat()])) {
            if (!SCRIPT.test(cell.value)) continue;
            const label = `${doc.name} seed ${seed}: "${cell.value}" ${cell.confidence} ${JSON.stringify(cell.readings ?? {})}`;
            if (!truth.has(cell.value)) {
              counts.wrong++;
              assert.notEqual(cell.confidence, "verified", `a wrong text layer verified: ${label}`);
              continue;
            }
            counts.right++;
            if (cell.confidence === "verified") {
              counts.verified++;
              assert.ok(cell.sources.includes("ocr-1"), `verified with the script reading behind it: ${label}`);
            }
          }
          tally.set(family.name, counts);
        }
      }
    }
  } finally {
    await readers.release();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  for (const [name, { right, verified }] of tally) {
    assert.ok(right >= 20, `${name}: ${right} right labels drawn`);
    // Measured at these seeds: Greek and Hebrew every right label (Hebrew 38 of 41 while crops
    // were cut 1 pt inside a cell cut to its text: a bold final tav lost a side and read as
    // het); Arabic all but one (a comma read after a word). Below these shares the script reading
    // would be adding doubt, not removing it.
    const least = name === "arabic-table" ? 0.7 : 0.95;
    assert.ok(verified >= right * least, `${name}: ${verified} of ${right} right labels verified`);
  }
  console.log(JSON.stringify([...tally]));
});

// The generated `vertical-header` family born digital (column names set on end over narrow value
// columns; unruled, fully ruled, ruled above and below; drawn at seeds no rule was fitted on), run
// through the whole pipeline with both OCR engines. The names stand on end on an upright page:
// read upright they were junk that disputed every name. Read turned (ocr/standing-cells.ts), each
// name must come out with an OCR reading that backs the text layer, and none disputed by junk.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { OCR_ENGINE_NAMES } from "../../../lib/ocr/engine-names";

const norm = (text: string) => text.replace(/\s+/g, " ").trim();

test("family: column names standing on end are read turned and back the text layer", { timeout: 900_000 }, async () => {
  const { generateCorpus, FAMILIES } = await import("../../../tests/pdf/corpus/generate");
  const { runPipeline } = await import("../run-pipeline");
  const { OcrEngines } = await import("./read-page-ocr");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "standing-cells-"));
  const readers = OcrEngines.withEngines(OCR_ENGINE_NAMES, { threads: 2, heapMb: 512 });
  let names = 0;
  let backed = 0;
  try {
    for (const seed of [501, 502]) {
      const docs = await generateCorpus({ outDir: dir, seed, variants: 3, families: FAMILIES.filter((f) => f.name === "vertical-header") });
      for (const doc of docs) {
        const file = path.join(dir, `${doc.name}.pdf`);
        const { result } = await runPipeline({
          pdfPath: file,
          pages: 1,
          withSourcePages: false,
          fileSha256: createHash("sha256").update(fs.readFileSync(file)).digest("hex"),
          cacheDir: null,
          outputDir: fs.mkdtempSync(path.join(dir, "out-")),
          ocr: readers,
          skipFigureCrops: true,
        });
        const truth = doc.tables[0]!;
        const standing = new Set(truth.cells.filter((c) => c.row === truth.headerRows - 1 && c.col > 0).map((c) => norm(c.text)));
        const cells = result.tables.flatMap((t) => [...t.header_cells, ...t.rows.flat()]).filter((c) => standing.has(norm(c.value)));
        assert.ok(cells.length >= standing.size * 0.9, `seed ${seed} ${doc.name}: ${cells.length} of ${standing.size} names delivered`);
        for (const cell of cells) {
          names++;
          const ocrBacks = cell.sources.some((s) => s === "ocr-1" || s === "ocr-2");
          if (ocrBacks) backed++;
          // Junk read upright never disputes a name: a reading of it that differs is a turned one.
          for (const [source, reading] of Object.entries(cell.readings ?? {})) {
            if (source !== "ocr-1" && source !== "ocr-2") continue;
            assert.ok(!/[£©®@°]/u.test(reading), `seed ${seed} ${doc.name}: "${cell.value}" read upright as "${reading}"`);
          }
        }
      }
    }
  } finally {
    await readers.release();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  assert.ok(names >= 30, `the family drew ${names} standing names`);
  assert.ok(backed >= names * 0.85, `an OCR reading backs ${backed} of ${names} standing names`);
});

// Lone short values ("0", "7", "x") in small type, in cells cut to their text (tests/pdf/corpus/
// lone-values.ts), drawn at varied looks, through the whole pipeline with both OCR engines.
// PaddleOCR's detector passes many such glyphs over, so the cascade's Tesseract crop is their one
// OCR reading; cropped 1 pt inside a box cut to the glyph, it read "0" as "3", "a" or "J" and
// disputed cells whose text layer was right. With its sides kept (cascade.ts cropOfCell), it must back
// them. Nil marks ("-", "..") no engine read at all; PaddleOCR's recogniser reads their crops
// (missed-marks.ts). A lone glyph whose text layer lies (another digit drawn, a digit under a
// dash, a dash under a digit) must never be verified. A lone em dash the recogniser cannot name
// (it reads "|" or "I" at low confidence) is read as a dash when its ink is one dash stroke
// (paddle/dash-stroke.ts); a digit drawn under a text-layer em dash, or an em dash drawn under a
// text-layer digit, stays a lie.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { OCR_ENGINE_NAMES } from "../../../lib/ocr/engine-names";
import type { Cell } from "../../../lib/result/schema";

const EM_DASH = "\u2014";

test("family: lone glyphs in cells cut to their text are read whole, and their lies disputed", { timeout: 900_000 }, async () => {
  const { drawLoneValues } = await import("../../../tests/pdf/corpus/lone-values");
  const { runPipeline } = await import("../run-pipeline");
  const { isNilMark } = await import("./missed-marks");
  const { OcrEngines } = await import("./read-page-ocr");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lone-values-"));
  const readers = OcrEngines.withEngines(OCR_ENGINE_NAMES, { threads: 2, heapMb: 512 });
  let right = 0;
  let verified = 0;
  let lies = 0;
  let marks = 0;
  let marksVerified = 0;
  let emDashes = 0;
  let emDashesBacked = 0;
  let emDashesVerified = 0;
  let emDashLies = 0;
  const misses: string[] = [];
  try {
    // Two more pages with more lies, so that lies with an em dash (a sixth of the lies drawn) are
    // more than a handful.
    const pages: [number, number][] = [
      [701, 2],
      [702, 2],
      [703, 2],
      [704, 2],
      [705, 2],
      [706, 2],
      [707, 6],
      [708, 6],
    ];
    for (const [seed, lieCount] of pages) {
      const draw = await drawLoneValues(seed, lieCount);
      const file = path.join(dir, `lone-${seed}.pdf`);
      fs.writeFileSync(file, draw.pdf);
      const { result } = await runPipeline({
        pdfPath: file,
        pages: 1,
        withSourcePages: false,
        fileSha256: createHash("sha256").update(draw.pdf).digest("hex"),
        cacheDir: null,
        outputDir: fs.mkdtempSync(path.join(dir, "out-")),
        ocr: readers,
        skipFigureCrops: true,
      });
      const delivered = result.tables.flatMap((t) => [...t.header_cells, ...t.rows.flat()]);
      const at = (box: [number, number, number, number]): Cell | undefined =>
        delivered.find((cell) => {
          if (!cell.bbox) return false;
          const x = (cell.bbox[0] + cell.bbox[2]) / 2;
          const y = (cell.bbox[1] + cell.bbox[3]) / 2;
          return x >= box[0] - 1 && x <= box[2] + 1 && y >= box[1] - 1 && y <= box[3] + 1;
        });
      for (const lone of draw.cells) {
        const cell = at(lone.box);
        assert.ok(cell, `seed ${seed} ${JSON.stringify(draw.look)}: no cell delivered at "${lone.text}" ${lone.box}`);
        assert.equal(cell.value, lone.text, `seed ${seed}: the text layer's value is delivered`);
        const label = `seed ${seed} ${JSON.stringify(draw.look)}: "${lone.text}" shown "${lone.shown}" ${cell.confidence} ${JSON.stringify(cell.readings ?? {})}`;
        if (lone.shown !== lone.text) {
          lies++;
          if (lone.text === EM_DASH || lone.shown === EM_DASH) emDashLies++;
          assert.notEqual(cell.confidence, "verified", `a lie verified: ${label}`);
          assert.notEqual(cell.confidence, "resolved", `a lie resolved: ${label}`);
          continue;
        }
        right++;
        if (cell.confidence === "verified") verified++;
        else misses.push(label);
        if (isNilMark(lone.text)) {
          marks++;
          if (cell.confidence === "verified") marksVerified++;
        }
        if (lone.text === EM_DASH) {
          emDashes++;
          // An OCR reading backs the text layer's em dash (is among the cell's sources).
          if (cell.sources.some((source) => source.startsWith("ocr-"))) emDashesBacked++;
          if (cell.confidence === "verified") emDashesVerified++;
        }
      }
    }
  } finally {
    await readers.release();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    JSON.stringify({ right, verified, lies, marks, marksVerified, emDashes, emDashesBacked, emDashesVerified, emDashLies }),
    misses.slice(0, 12),
  );
  assert.ok(lies >= 8, `${lies} lies drawn`);
  assert.ok(right >= 150, `${right} right lone values drawn`);
  // Measured at these seeds: 226 of 230 with both changes; 183 of 230 without the marks' reading
  // (nil marks 17 of 63 verified, against 60 of 63 with it). With lone em dashes drawn and two
  // more pages: 296 of 297, and 277 of 297 without the dash reading.
  assert.ok(verified >= right * 0.97, `${verified} of ${right} right lone values verified`);
  assert.ok(marks >= 40, `${marks} right nil marks drawn`);
  assert.ok(marksVerified >= marks * 0.9, `${marksVerified} of ${marks} right nil marks verified`);
  // Measured at these seeds: 35 of 36 lone em dashes verified with the engine's dash reading (the
  // one left the recogniser read as "1" above its line score: disputed), 16 of 36 without it.
  assert.ok(emDashes >= 20, `${emDashes} right lone em dashes drawn`);
  assert.ok(emDashesBacked >= emDashes * 0.9, `${emDashesBacked} of ${emDashes} lone em dashes backed by an OCR reading`);
  assert.ok(emDashesVerified >= emDashes * 0.9, `${emDashesVerified} of ${emDashes} lone em dashes verified`);
  // Each of them is checked never verified nor resolved above.
  assert.ok(emDashLies >= 4, `${emDashLies} lies with an em dash (a digit under one, one under a digit)`);
});

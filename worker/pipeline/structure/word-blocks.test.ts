// Blocks of words standing in columns that are not tables (generated families chart-legend and
// abbreviation-key, tests/pdf/corpus): a chart's legend and a key of abbreviations under a table.
// Text geometry reads them as small tables, the value readings agree on every word and the
// detected text lines cut nothing, so without a structure reading that can tell them from a table
// their cells would be verified. Through the whole pipeline with real PaddleOCR (ocr-2: values
// and detected lines): the real table on the page is delivered as drawn and verified; no cell of
// anything else delivered as a table is verified. Detection drops
// such blocks (a legend goes to its figure, a key to prose), so nothing else is delivered.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { runPipeline } from "../run-pipeline";
import { OcrEngines, type PageOcrEngine } from "../ocr/read-page-ocr";
import { PaddleEngine } from "../ocr/paddle/paddle-engine";
import type { Table } from "../../../lib/result/schema";
import { FAMILIES, generateDocument } from "../../../tests/pdf/corpus/generate";
import type { TruthTable } from "../../../tests/pdf/corpus/truth";

let paddle: PaddleEngine;
let dir: string;
const borrow = (engine: PageOcrEngine): PageOcrEngine => ({ readPage: (r) => engine.readPage(r), release: async () => {} });

before(async () => {
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "word-blocks-test-"));
  paddle = await PaddleEngine.create();
});

after(async () => {
  await paddle?.release();
  await fs.promises.rm(dir, { recursive: true, force: true });
});

/** The truth table as header (leaf names) and body rows. */
function asRows(truth: TruthTable): { header: string[]; rows: string[][] } {
  const nCols = Math.max(...truth.cells.map((c) => c.col + 1));
  const nRows = Math.max(...truth.cells.map((c) => c.row + 1));
  const grid = Array.from({ length: nRows }, () => Array.from({ length: nCols }, () => ""));
  for (const c of truth.cells) grid[c.row]![c.col] = c.text;
  return { header: grid[0]!, rows: grid.slice(1) };
}

const filled = (table: Table) => [...table.header_cells, ...table.rows.flat()].filter((c) => c.value !== "");

async function checkFamily(family: string, variants: number[]): Promise<void> {
  let decoys = 0;
  for (const variant of variants) {
    const generated = await generateDocument(
      FAMILIES.find((f) => f.name === family)!,
      variant,
      13,
    );
    const file = path.join(dir, `${generated.name}.pdf`);
    fs.writeFileSync(file, generated.pdf);
    const { result } = await runPipeline({
      pdfPath: file,
      pages: 1,
      withSourcePages: false,
      fileSha256: createHash("sha256").update(generated.pdf).digest("hex"),
      cacheDir: null,
      outputDir: dir,
      ocr: new OcrEngines({ "ocr-2": async () => borrow(paddle) }),
      skipFigureCrops: true,
    });
    const label = `${generated.name}`;
    assert.equal(generated.tables.length, 1);
    const truth = asRows(generated.tables[0]!);
    const real = result.tables.find((t) => JSON.stringify(t.header) === JSON.stringify(truth.header));
    assert.ok(real, `${label}: the data table, among ${JSON.stringify(result.tables.map((t) => t.header))}`);
    assert.deepEqual(
      real.rows.map((r) => r.map((c) => c.value)),
      truth.rows,
      `${label}: rows`,
    );
    // The real table is still trusted: the rule doubts word blocks, not tables.
    const cells = filled(real);
    const verified = cells.filter((c) => c.confidence === "verified").length;
    assert.ok(verified >= cells.length * 0.8, `${label}: ${verified} of ${cells.length} cells of the data table verified`);
    for (const other of result.tables.filter((t) => t !== real)) {
      decoys++;
      for (const cell of filled(other))
        assert.notEqual(cell.confidence, "verified", `${label}: "${cell.value}" of a word block delivered as a table`);
    }
  }
  // Detection no longer delivers these word blocks as tables at all (tables/word-blocks.ts): the
  // loop above guards the vote should one slip through.
  assert.equal(decoys, 0, `${family}: word blocks delivered as tables`);
}

test("a chart's legend in columns: its words are not verified as table cells; the data table is", () =>
  checkFamily("chart-legend", [0, 1, 2]));
test("a key of abbreviations under a table: its words are not verified as table cells; the table is", () =>
  checkFamily("abbreviation-key", [0, 2, 3]));

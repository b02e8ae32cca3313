// The generated `vertical-header` family (column names set on end over narrow value columns,
// unruled, ruled under the header, and ruled all round), scanned as the eval scans it
// (worker/cli/eval/realistic-scans.ts) and run through the whole pipeline with both engines. The
// rotated names must come back as the table's cells (scan/standing-lines.ts: Tesseract read them as
// stacks of junk glyphs, three header rows of it), and the values of the fully ruled variant as
// cells of their own (scan/ruled-words.ts: Tesseract read each row across the rulings as one word).
// The second engine reads the names turned as well (stages/ocr-standing.ts), so a name read right
// has two value readings, not Tesseract's alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { forEachScannedDocument } from "../../../tests/pdf/scanned-family";

const norm = (text: string) => text.replace(/\s+/g, " ").trim();

test("family: rotated column names and ruled values of generated vertical headers, scanned, are read", { timeout: 600_000 }, async () => {
  // Variants 0-2 are unruled, ruled under the header and ruled all round.
  await forEachScannedDocument("vertical-header", 3, (doc, output) => {
    const shown = new Set(output.result.tables.flatMap((t) => [...t.header_cells, ...t.rows.flat()]).map((c) => norm(c.value)));
    const truth = doc.tables[0]!;
    const names = truth.cells.filter((c) => c.row === truth.headerRows - 1 && c.col > 0).map((c) => c.text);
    const values = truth.cells.filter((c) => c.row >= truth.headerRows && c.col > 0).map((c) => c.text);
    const namesRead = names.filter((n) => shown.has(norm(n)));
    const nameCells = output.result.tables.flatMap((t) => t.header_cells).filter((c) => names.some((n) => norm(n) === norm(c.value)));
    const readTwice = nameCells.filter((c) => c.sources.includes("ocr-1") && c.sources.includes("ocr-2"));
    const valuesRead = values.filter((v) => shown.has(norm(v)));
    assert.ok(
      namesRead.length >= (2 / 3) * names.length,
      `${doc.name}: names read ${namesRead.length} of ${names.length} (${names.join(", ")})`,
    );
    assert.ok(
      readTwice.length >= (2 / 3) * nameCells.length,
      `${doc.name}: names right with both engines' readings ${readTwice.length} of ${nameCells.length}`,
    );
    assert.ok(valuesRead.length >= 0.8 * values.length, `${doc.name}: values read as cells ${valuesRead.length} of ${values.length}`);
  });
});

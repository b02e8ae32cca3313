// A page whose text layer is read into nothing fails with a reason (pages_failed), the others
// deliver as usual.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts, degrees } from "pdf-lib";
import { runPipeline } from "./run-pipeline";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nothing-read-"));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

test("a page with a text layer but neither table nor prose is a failed page with a reason; an upright page beside it is delivered", async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  // Page 1: two spine labels, one reading up and one reading down, equally long: no direction
  // holds the page, and no upright line exists to read.
  const spines = doc.addPage([595, 842]);
  spines.drawText("Annual report volume one", { x: 40, y: 200, size: 12, font, rotate: degrees(90) });
  spines.drawText("Annual report volume two", { x: 550, y: 600, size: 12, font, rotate: degrees(-90) });
  // Page 2: an ordinary paragraph.
  doc.addPage([595, 842]).drawText("An ordinary upright paragraph of text.", { x: 60, y: 760, size: 11, font });
  const file = path.join(dir, "spines.pdf");
  fs.writeFileSync(file, await doc.save());
  const output = await runPipeline({
    pdfPath: file,
    pages: 2,
    withSourcePages: false,
    fileSha256: "",
    cacheDir: null,
    outputDir: dir,
    ocr: [],
  });
  assert.equal(output.pagesFailed, 1);
  assert.deepEqual(
    output.result.pages.map((p) => [p.page, p.unreadable ?? false]),
    [
      [1, true],
      [2, false],
    ],
  );
  assert.equal(output.failures.length, 1);
  assert.equal(output.failures[0]!.page, 1);
  assert.equal(output.failures[0]!.stage, "assemble");
  assert.match(output.failures[0]!.message, /text layer holds 8 words .* neither a table nor prose/);
  assert.deepEqual(
    output.result.prose.map((p) => [p.page, p.text]),
    [[2, "An ordinary upright paragraph of text."]],
  );
});

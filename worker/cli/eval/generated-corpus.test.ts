// The generated layout-family corpus: deterministic from its seed, and its ground truth reads back
// through the eval's own ICDAR 2013 reader with every cell on its page.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FAMILIES, generateCorpus, generateDocument } from "../../../tests/pdf/corpus/generate";
import { readRegions, readStructure } from "./ground-truth";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "generated-corpus-"));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

test("the same seed gives the same bytes; another seed another document", async () => {
  const family = FAMILIES[0]!;
  const a = await generateDocument(family, 1, 13);
  const b = await generateDocument(family, 1, 13);
  const c = await generateDocument(family, 1, 14);
  assert.deepEqual(Buffer.from(a.pdf), Buffer.from(b.pdf));
  assert.notDeepEqual(Buffer.from(a.pdf), Buffer.from(c.pdf));
});

test("every family writes a PDF and ICDAR ground truth that the eval reads back, cells inside their region", async () => {
  const docs = await generateCorpus({ outDir: dir, seed: 13, variants: 1 });
  assert.equal(docs.length, FAMILIES.length);
  for (const doc of docs) {
    const regions = readStructure(path.join(dir, `${doc.name}-str.xml`));
    const boxes = readRegions(path.join(dir, `${doc.name}-reg.xml`));
    assert.equal(regions.length, doc.tables.length, doc.name);
    assert.equal(boxes.length, doc.tables.length, doc.name);
    regions.forEach((region, k) => {
      const truth = doc.tables[k]!;
      assert.equal(region.cells.length, truth.cells.length, doc.name);
      assert.deepEqual(
        region.cells.map((c) => c.text),
        truth.cells.map((c) => c.text),
        doc.name,
      );
      const [x1, y1, x2, y2] = boxes[k]!.box;
      for (const cell of region.cells) {
        const [a, b, c, d] = cell.box!;
        assert.ok(a >= x1 - 0.01 && c <= x2 + 0.01 && b >= y1 - 0.01 && d <= y2 + 0.01, `${doc.name}: ${cell.text} in its region`);
      }
    });
  }
});

// The tagged-structure reader on generated tagged PDFs, alone and inside the pipeline: a tree that
// agrees with the page's geometry is a second structure reading that supports every cell; a tree
// that puts two of the page's columns in one TD disputes the cells it merges. OCR off: fast.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPdf } from "../../../lib/pdf/open-pdf";
import { runPipeline, type PageStructure } from "../run-pipeline";
import { readTaggedTables } from "./pdf-tags";
import { makeTaggedTablePdf, type TaggedText } from "./tagged-test-pdf";
import { STRUCTURE_READERS, type StructureSource } from "./registry";
import { TestPdf } from "../../../tests/pdf/make-pdf";

let dir: string;
before(async () => {
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "pdf-tags-test-"));
});
after(async () => {
  await fs.promises.rm(dir, { recursive: true, force: true });
});

// Region | 2022 | 2023, then three rows of values: an unruled table pdf-layout reads on its own.
const GRID = [
  ["Region", "2022", "2023"],
  ["North", "120", "135"],
  ["South", "98", "101"],
  ["East", "77", "80"],
];
const TEXTS: TaggedText[] = GRID.flatMap((row, r) => row.map((text, c) => ({ text, x: 100 + c * 90, y: 150 + r * 18 })));
const index = (r: number, c: number) => r * 3 + c;
const AGREEING = GRID.map((row, r) => row.map((_, c) => [index(r, c)]));
/** The tree puts "120" and "135" in one TD. */
const MERGING = AGREEING.map((row, r) => (r === 1 ? [row[0]!, [index(1, 1), index(1, 2)]] : row));

async function save(name: string, rows: number[][][]): Promise<string> {
  const file = path.join(dir, `${name}.pdf`);
  await fs.promises.writeFile(file, await makeTaggedTablePdf(TEXTS, rows));
  return file;
}

/** Every reader but pdf-stream (which reads this unruled table too): the tree is measured against
 * text geometry alone. */
// pdf-model (the trained reading) has tests of its own; these are about the tag tree beside the
// rule readings.
const RULE_READERS = STRUCTURE_READERS.map((r) => r.name).filter((name) => name !== "pdf-model");
const WITHOUT_STREAM = RULE_READERS.filter((name) => name !== "pdf-stream");

async function extract(file: string, structureReaders: readonly StructureSource[] = WITHOUT_STREAM) {
  const structures: PageStructure[] = [];
  const { result } = await runPipeline({
    pdfPath: file,
    pages: 1,
    withSourcePages: false,
    fileSha256: "none",
    cacheDir: null,
    outputDir: dir,
    ocr: [],
    structureReaders,
    onPage: ({ structure }) => {
      structures.push(structure);
    },
  });
  return { result, structure: structures[0]! };
}

test("pdf-tags reads Table > TR > TH/TD with each cell's text from its marked content", async () => {
  const opened = await openPdf(await save("agreeing", AGREEING));
  try {
    const tables = await readTaggedTables(await opened.doc.getPage(1));
    assert.equal(tables.length, 1);
    const t = tables[0]!;
    assert.deepEqual([t.nRows, t.nCols, t.headerRows], [4, 3, 1]);
    assert.deepEqual(
      t.cells.filter((c) => c.row === 1).map((c) => c.text),
      ["North", "120", "135"],
    );
    // The box is where the text is drawn: "120" starts at x = 190, y = 168 (top-left).
    const box = t.cells.find((c) => c.text === "120")!.box!;
    assert.ok(Math.abs(box[0] - 190) < 1 && box[1] > 165 && box[3] < 182, JSON.stringify(box));
  } finally {
    await opened.close();
  }
});

test("a tree that agrees with the geometry is a second structure reading supporting every cell", async () => {
  const { result, structure } = await extract(await save("agreeing-2", AGREEING));
  assert.equal(result.tables.length, 1);
  assert.deepEqual(structure.readings.map((r) => r.source).sort(), ["pdf-layout", "pdf-tags"]);
  // The tree and the text geometry agree on every cell: two structure readings, none against.
  const levels = structure.verdicts[0]!.map((v) => v.verdict.level);
  assert.ok(levels.length >= 9, `${levels.length} units`);
  assert.ok(
    levels.every((l) => l === "agreed"),
    JSON.stringify(levels),
  );
  for (const v of structure.verdicts[0]!) assert.deepEqual(v.verdict.supporters, ["pdf-layout", "pdf-tags"]);
});

test("a tree that merges two columns' values disputes those cells, with its version in readings", async () => {
  const { result, structure } = await extract(await save("merging", MERGING));
  const table = result.tables[0]!;
  const north = table.rows.find((row) => row[0]!.value === "North")!;
  for (const cell of [north[1]!, north[2]!]) {
    assert.equal(cell.confidence, "disputed", JSON.stringify(cell));
    assert.equal(cell.provisional, true);
    assert.equal(cell.readings?.["pdf-tags"], "120 135");
    assert.equal(cell.readings?.["pdf-layout"], cell.value);
  }
  // The other rows: tree and geometry agree; OCR is off, so the value vote leaves them unverified
  // (one value reading), and the structure vote does not dispute them.
  const south = table.rows.find((row) => row[0]!.value === "South")!;
  assert.ok(south.every((c) => c.confidence === "unverified" && c.provisional === undefined));
  assert.equal(structure.verdicts[0]!.filter((v) => v.verdict.level === "disputed").length, 2);
});

test("an untagged page: pdf-tags has no opinion, and pdf-layout alone cannot verify (one structure reading)", async () => {
  const pdf = await TestPdf.create();
  const page = pdf.addPage();
  for (const t of TEXTS) pdf.text(page, t.text, t.x, t.y);
  const { result, structure } = await extract(await pdf.save("untagged"));
  assert.deepEqual(
    structure.readings.map((r) => r.source),
    ["pdf-layout"],
  );
  assert.ok(structure.verdicts[0]!.every((v) => v.verdict.level === "single"));
  assert.ok(result.tables[0]!.rows.flat().every((c) => c.confidence !== "verified" && c.provisional === undefined));
  // pdf-stream, reading the same whitespace by its own method, is the second reading there.
  const both = await extract(await pdf.save("untagged-2"), RULE_READERS);
  assert.deepEqual(
    both.structure.readings.map((r) => r.source),
    ["pdf-layout", "pdf-stream"],
  );
  assert.ok(
    both.structure.verdicts[0]!.every((v) => v.verdict.level === "agreed"),
    JSON.stringify(both.structure.verdicts[0]!.map((v) => v.verdict.level)),
  );
});

// Golden tests of generated layout families (tests/pdf/corpus/families) for the structure vote:
// which cells two segmentations agree on. The tables themselves are checked cell by cell in
// layout-families.test.ts.
//
// flush-left-bands: a band label set flush left over its columns seems centred on a group
// reaching into the stub, which pdf-stream's header reader once placed over a name's column on
// the same line (two runs on one slot) and then declined the whole table, leaving every cell to
// one segmentation. Now the header alone gets no opinion: the body is read by both text-geometry
// segmentations and agreed; the header stays doubted where only one reading settles it (unruled:
// a band or a name wrapped onto two lines? pdf-layout reads the repeated names); with a rule under each band both place the bands by the rule and
// agree on the header too. The ruled variants' tables are checked cell by cell in
// layout-families.test.ts.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runPipeline } from "../run-pipeline";
import { FAMILIES, generateDocument } from "../../../tests/pdf/corpus/generate";
import type { StructureLevel } from "../reconcile/structure-vote";
import { RECONCILE_SETTINGS } from "../reconcile/settings";

// pdf-layout and pdf-stream both read the text layer's words in the detected region: when readings
// that share an input count once (countSharedInputsOnce), their agreement alone is one check, so a
// cell only they support is `single`, never `agreed` (another input, the page image or the
// rulings, has to agree too). The tests below check that the two read each cell alike, nobody
// objecting, and that the vote then gives this level.
type CellVerdict = { kind: string; level: StructureLevel; supporters: string[]; against: string[] };
const TEXT_GEOMETRY_AGREED: StructureLevel = RECONCILE_SETTINGS.countSharedInputsOnce ? "single" : "agreed";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "family-verdicts-"));
after(() => fs.rmSync(root, { recursive: true, force: true }));

async function verdicts(family: string, variant: number): Promise<CellVerdict[]> {
  const generated = await generateDocument(
    FAMILIES.find((f) => f.name === family)!,
    variant,
    13,
  );
  const dir = fs.mkdtempSync(path.join(root, `${family}-${variant}-`));
  const file = path.join(dir, "table.pdf");
  fs.writeFileSync(file, generated.pdf);
  const out: CellVerdict[] = [];
  await runPipeline({
    pdfPath: file,
    pages: 1,
    withSourcePages: false,
    fileSha256: "",
    cacheDir: null,
    outputDir: dir,
    ocr: [],
    onPage: ({ structure }) => {
      for (const { unit, verdict } of structure.verdicts.flat())
        out.push({ kind: unit.ref.kind, level: verdict.level, supporters: verdict.supporters, against: verdict.against });
    },
  });
  return out;
}

test("flush-left bands: pdf-stream reads the body as pdf-layout does; the unruled header stays doubted, the ruled one is read alike", async () => {
  for (let variant = 0; variant < 4; variant++) {
    const cells = await verdicts("flush-left-bands", variant);
    const body = cells.filter((c) => c.kind === "body");
    assert.ok(body.length >= 15, `variant ${variant}: ${body.length} body cells`);
    for (const cell of body) {
      assert.ok(
        cell.supporters.includes("pdf-stream") && cell.supporters.includes("pdf-layout"),
        `variant ${variant}: a body cell pdf-stream did not read (${cell.supporters.join("+")})`,
      );
      assert.deepEqual(cell.against, [], `variant ${variant}`);
      assert.equal(cell.level, TEXT_GEOMETRY_AGREED, `variant ${variant}`);
    }
    const header = cells.filter((c) => c.kind !== "body");
    assert.ok(header.length > 0);
    // Unruled (even variants): pdf-layout reads each band over its group from the names repeating
    // in each group (tables/header-pattern.ts); pdf-stream does not, so no second segmentation
    // vouches for the header.
    if (variant % 2 === 0)
      assert.ok(
        header.every((c) => c.level !== "agreed" && !(c.supporters.includes("pdf-stream") && c.against.length === 0)),
        `variant ${variant}: ${JSON.stringify(header)}`,
      );
    // A rule under each band (odd variants): both text-geometry readings place the bands by it.
    else
      assert.ok(
        header.every((c) => c.level === TEXT_GEOMETRY_AGREED && c.supporters.includes("pdf-stream") && c.against.length === 0),
        `variant ${variant}: ${JSON.stringify(header)}`,
      );
  }
});

// mark-rows: a row of bare "Z" (or "NA") marks under the first row of values once read as a line
// of column names starting a second table, which left the rows above it to one segmentation.
test("mark rows: a row of placeholder marks is a row of values; both text-geometry readings read every cell alike", async () => {
  for (let variant = 0; variant < 6; variant++) {
    const cells = await verdicts("mark-rows", variant);
    assert.ok(cells.length >= 12, `variant ${variant}: ${cells.length} cells`);
    const doubted: CellVerdict[] = cells.filter(
      (c) => c.level !== TEXT_GEOMETRY_AGREED || !c.supporters.includes("pdf-stream") || c.against.length > 0,
    );
    assert.deepEqual(doubted, [], `variant ${variant}`);
  }
});

// stacked-panels: blocks under their own lines of names were one delivered table; pdf-stream read
// them as separate tables and so disputed each later line of names (a body row to pdf-layout, a
// header to pdf-stream). Detection now delivers one table per block: both text-geometry readings
// agree on every cell, headers included.
test("stacked panels: one table per block, every cell read alike by pdf-layout and pdf-stream", async () => {
  for (let variant = 0; variant < 6; variant++) {
    const cells = await verdicts("stacked-panels", variant);
    assert.ok(cells.length >= 20, `variant ${variant}: ${cells.length} cells`);
    const doubted: CellVerdict[] = cells.filter(
      (c) => c.level !== TEXT_GEOMETRY_AGREED || !c.supporters.includes("pdf-stream") || c.against.length > 0,
    );
    assert.deepEqual(doubted, [], `variant ${variant}`);
  }
});

// block-under-table: the small block under a table is delivered as a table of its own. With two
// rows of values pdf-stream reads it from its column profile; with one (variants 0, 1 of every
// three) one line has no profile, and pdf-stream once had no opinion (its cells kept one
// segmentation). Now its line of names names the row's gaps one to one (pdf-stream.ts
// namesOverColumns, settings streamOneRowTables), so pdf-stream reads it too: every cell of
// every variant, the one-row block's included, is read alike by both text-geometry readings.
test("block under a table: the main table and the block, of one row or two, read alike by both", async () => {
  for (let variant = 0; variant < 6; variant++) {
    const cells = await verdicts("block-under-table", variant);
    assert.ok(cells.length >= 18, `variant ${variant}: ${cells.length} cells`);
    const doubted: CellVerdict[] = cells.filter(
      (c) =>
        c.level !== TEXT_GEOMETRY_AGREED ||
        !c.supporters.includes("pdf-stream") ||
        !c.supporters.includes("pdf-layout") ||
        c.against.length > 0,
    );
    assert.deepEqual(doubted, [], `variant ${variant}`);
  }
});

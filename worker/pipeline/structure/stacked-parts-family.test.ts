// Generated family stacked-parts (tests/pdf/corpus/families/stacked-parts.ts): two to four parts,
// each under its own line of column names, some of ONE row of values, drawn in varied looks. One
// line of values gives pdf-stream no column profile; it now reads such a part when the line of
// names over it names the row's gaps one to one (pdf-stream.ts namesOverColumns). Checked without
// OCR on the seen seeds and on 40 development draws (seeds 21-60), by the structure vote's levels:
// only an `agreed` cell can come out `verified` with OCR, so a relation both of whose cells are
// agreed is one the pipeline may vouch for.
//   - No wrong relation has both cells agreed (a part merged into its neighbour by detection, a
//     part missed: pdf-stream reads the parts apart, and the vote takes none of its support there).
//   - Every draw delivered exact has every cell agreed, pdf-stream among the supporters: the
//     one-row parts included (they were left to one segmentation before).
import { after, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Confidence, Table } from "../../../lib/result/schema";
import { FAMILIES, generateDocument } from "../../../tests/pdf/corpus/generate";
import { readDrawWithoutOcr, truthRelations } from "../../../tests/pdf/corpus/read-draw";
import { SEEN_SEEDS } from "../../../tests/pdf/corpus/seeds";
import { tableTrustRelations, trustDocument } from "../../cli/eval/trust";
import type { StructureVerdict } from "../reconcile/structure-vote";
import type { CellRef } from "../reconcile/cell-units";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "stacked-parts-"));
after(() => fs.rmSync(root, { recursive: true, force: true }));

const DEV_SEEDS = Array.from({ length: 40 }, (_, k) => 21 + k);

/** The delivered tables with each cell's confidence set to what the structure vote allows at
 * most: `verified` where the cell is agreed, else `unverified`. */
function structureCeiling(
  tables: readonly Table[],
  verdicts: ReadonlyArray<ReadonlyArray<{ ref: CellRef; verdict: StructureVerdict }>>,
): Table[] {
  return tables.map((table, t) => {
    const levelOf = (match: (ref: CellRef) => boolean): Confidence =>
      verdicts[t]!.find((v) => match(v.ref))?.verdict.level === "agreed" ? "verified" : "unverified";
    return {
      ...table,
      header_cells: table.header_cells.map((cell, col) => ({ ...cell, confidence: levelOf((r) => r.kind === "header" && r.col === col) })),
      rows: table.rows.map((row, r) =>
        row.map((cell, col) => ({ ...cell, confidence: levelOf((ref) => ref.kind === "body" && ref.row === r && ref.col === col) })),
      ),
      colbands: table.colbands?.map((band, b) => ({ ...band, confidence: levelOf((r) => r.kind === "band" && r.band === b) })),
    };
  });
}

async function readDraw(seed: number, variant: number) {
  const doc = await generateDocument(
    FAMILIES.find((f) => f.name === "stacked-parts")!,
    variant,
    seed,
  );
  const verdicts: Array<Array<{ ref: CellRef; verdict: StructureVerdict }>> = [];
  const { result } = await readDrawWithoutOcr(doc, root, undefined, ({ structure }) => {
    for (const table of structure.verdicts) verdicts.push(table.map(({ unit, verdict }) => ({ ref: unit.ref, verdict })));
  });
  assert.equal(verdicts.length, result.tables.length, `${doc.name} seed ${seed}: a verdict list per delivered table`);
  const ceiling = structureCeiling(result.tables, verdicts);
  const trust = trustDocument(
    truthRelations(doc),
    ceiling.map((t) => ({ page: t.page, relations: tableTrustRelations(t) })),
  );
  const delivered = Object.values(trust.perLevel).reduce((a, l) => a + l.relations, 0);
  const right = Object.values(trust.perLevel).reduce((a, l) => a + l.right, 0);
  const truth = truthRelations(doc).reduce((a, t) => a + [...t.rel.values()].reduce((x, y) => x + y, 0), 0);
  return {
    label: `seed ${seed} variant ${variant}`,
    exact: right === delivered && right === truth,
    wrongAgreed: (trust.wrongRelations ?? []).filter((w) => w.confidence === "verified"),
    cells: verdicts.flat(),
    oneRowTables: doc.tables.filter((t) => Math.max(...t.cells.map((c) => c.row)) === 1).length,
  };
}

test("stacked parts: no wrong relation agreed; every draw delivered exact read alike by pdf-layout and pdf-stream, one-row parts included", async () => {
  const draws = [...SEEN_SEEDS.flatMap((seed) => [0, 1].map((v) => [seed, v] as const)), ...DEV_SEEDS.map((seed) => [seed, 0] as const)];
  let exact = 0;
  let oneRowRead = 0;
  for (const [seed, variant] of draws) {
    const draw = await readDraw(seed, variant);
    assert.deepEqual(draw.wrongAgreed, [], `${draw.label}: wrong relations both of whose cells are agreed`);
    if (!draw.exact) continue;
    exact++;
    oneRowRead += draw.oneRowTables;
    const doubted = draw.cells.filter((c) => c.verdict.level !== "agreed" || !c.verdict.supporters.includes("pdf-stream"));
    assert.deepEqual(
      doubted.map((c) => ({ ...c.ref, level: c.verdict.level, supporters: c.verdict.supporters })),
      [],
      `${draw.label}: cells of an exact draw not agreed`,
    );
  }
  // The family draws what it is for: exact draws with parts of one row, all of them read.
  assert.ok(exact >= 10, `${exact} of ${draws.length} draws delivered exact`);
  assert.ok(oneRowRead >= 12, `${oneRowRead} one-row parts in exact draws`);
});

// Detection's own answers on generated families, drawn with varied parameters on development seeds
// (away from the seen and unseen seeds). "One table with the next": a page delivered with more
// tables than it has is offered the join on the table where it was cut, and picking the answer on
// the review page never loses a right relation; a page read with its own tables (two stacked
// tables among them) is offered no join by detection. "Which columns does this band cover": a
// lone band label centred over several runs of columns is offered each other run, and where the
// delivered band is wrong one of them makes the table exact.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FAMILIES, generateDocument } from "../../tests/pdf/corpus/generate";
import { deliveredRelations, readDrawWithoutOcr, truthRelations } from "../../tests/pdf/corpus/read-draw";
import { scoreDocument } from "../cli/eval/adjacency";
import { chooseAlternative } from "../../lib/review/structure/alternatives";
import { DETECTION } from "./reconcile/detection-alternatives";
import type { Table } from "../../lib/result/schema";

const DEV_SEEDS = Array.from({ length: 20 }, (_, k) => 41 + k);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "detection-alternatives-"));
after(() => fs.rmSync(root, { recursive: true, force: true }));

const detectionJoin = (t: Table) => t.alternatives?.findIndex((a) => a.kind === "merge-next" && a.by.includes(DETECTION)) ?? -1;

async function checkFamily(name: string): Promise<{ cut: number; offered: number }> {
  const family = FAMILIES.find((f) => f.name === name);
  assert.ok(family, `family ${name} registered`);
  let cut = 0;
  let offered = 0;
  for (const seed of DEV_SEEDS) {
    const doc = await generateDocument(family, 0, seed);
    const { result, score: before } = await readDrawWithoutOcr(doc, root);
    const truth = truthRelations(doc);
    const joins = result.tables.filter((t) => detectionJoin(t) >= 0);
    const label = `${doc.name} (seed ${seed})`;
    if (result.tables.length > doc.tables.length) {
      cut++;
      assert.ok(joins.length > 0, `${label}: ${result.tables.length} tables for ${doc.tables.length}, and no join offered`);
    } else {
      assert.equal(joins.length, 0, `${label}: read with its own tables, yet detection offers a join`);
    }
    for (const table of joins) {
      offered++;
      assert.equal(table.layout_disputed, true, `${label}: a table offered a join is disputed`);
      const chosen = chooseAlternative(result.tables, table.page, table.index, detectionJoin(table));
      assert.equal(chosen.length, result.tables.length - 1, `${label}: the join leaves one table fewer`);
      const afterJoin = scoreDocument(truth, deliveredRelations(chosen));
      assert.ok(afterJoin.tp > before.tp, `${label}: the join gains right relations (${before.tp} -> ${afterJoin.tp} of ${before.gt})`);
    }
  }
  return { cut, offered };
}

test("rows in ruled boxes cut into two tables: detection offers the join, and the join gains relations", async () => {
  const { cut, offered } = await checkFamily("ruled-group-boxes");
  assert.ok(offered >= cut);
});

test("two stacked tables with their own names: detection offers no join", async () => {
  const { offered } = await checkFamily("stacked-typed-tables");
  assert.equal(offered, 0);
});

test("a lone band centred over several runs of columns: the other runs offered, the right one among them", async () => {
  const family = FAMILIES.find((f) => f.name === "band-subset");
  assert.ok(family);
  let offered = 0;
  let wrongBands = 0;
  for (let seed = 21; seed <= 40; seed++) {
    for (const variant of [0, 1]) {
      const doc = await generateDocument(family, variant, seed);
      const { result, score } = await readDrawWithoutOcr(doc, root);
      const truth = truthRelations(doc);
      const label = `${doc.name} (seed ${seed})`;
      for (const table of result.tables) {
        const answers = (table.alternatives ?? []).flatMap((a, k) =>
          a.kind === "band-span" && a.by.includes(DETECTION) ? [{ a, k }] : [],
        );
        if (answers.length === 0) continue;
        assert.equal(table.layout_disputed, true, `${label}: a band offered elsewhere is doubted`);
        const scores = answers.map(({ a, k }) => {
          offered++;
          const band = table.colbands?.[a.band];
          assert.ok(band && band.label === a.label, `${label}: the answer names a band of the table`);
          assert.ok(band.start_col !== a.start_col || band.end_col !== a.end_col, `${label}: over other columns than delivered`);
          return scoreDocument(truth, deliveredRelations(chooseAlternative(result.tables, table.page, table.index, k)));
        });
        if (score.tp === score.gt && score.tp === score.pred) continue;
        wrongBands++;
        assert.ok(
          scores.some((s) => s.tp === s.gt && s.tp === s.pred),
          `${label}: ${score.tp} of ${score.gt} right, ${score.pred} delivered; no answer makes it exact`,
        );
      }
    }
  }
  assert.ok(offered >= wrongBands);
});

// The ink grid as a structure reading on pages with a text layer (ink-grid.ts inkGridReader), on
// whole generated layout families rendered as the OCR engines render them. Every reading of an
// unruled table lays out the text layer's word positions inside the detected region (pdf-layout,
// pdf-stream), so the vote counts them once (countSharedInputsOnce) and their agreement verifies
// nothing on its own. The worst case is built: both readings ARE the delivered structure (right or
// wrong), so the render's ink is the only other check.
//   - Right structures (the truth delivered): with the ink grid, cells are verified; without it,
//     none is (the two readings are one input).
//   - Wrong structures (two tables side by side delivered as one, a header level lost into the
//     row under it, two columns folded into one): no wrong cell is verified.
// Seeds 46-47: neither the eval (13-15 seen, 90001... unseen), nor training (7), nor the other
// family tests draw them.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { joined, modelOf, rendered, type Scanned } from "../../../tests/pdf/scanned-family-page";
import { inkCacheName, inkOpinionsOf } from "./ink-opinions-cache";
import { filledCells, INK_GRID_FAMILIES, inkGridVote, verifiedValues } from "../../../tests/pdf/ink-gated-vote";
import { columnsFolded, headerLevelLost } from "../../../tests/pdf/wrong-structures";

const SEEDS = [46, 47];
const VARIANTS = [0, 1, 2];

async function eachDraw(families: readonly string[], body: (page: Scanned) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ink-grid-text-"));
  try {
    for (const family of families)
      for (const seed of SEEDS) for (const variant of VARIANTS) await body(await rendered(family, seed, variant, dir));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test(
  "family: right structures on a page with a text layer are verified with the ink grid, not without",
  { timeout: 1_800_000 },
  async () => {
    const families = [...INK_GRID_FAMILIES, "currency-columns", "sparse-placeholders"];
    const byFamily: Record<string, string> = {};
    let tables = 0;
    let mostlyVerified = 0;
    await eachDraw(families, async (page) => {
      for (const truth of page.tables) {
        const withInk = await inkGridVote(page, truth, true);
        const without = await inkGridVote(page, truth, false);
        tables++;
        assert.deepEqual(verifiedValues(without), [], `${page.name}: one input verifies nothing`);
        const n = filledCells(withInk).length;
        const mostly = verifiedValues(withInk).length >= n / 2;
        if (mostly) mostlyVerified++;
        const family = page.name.replace(/-\d+-s\d+$/, "");
        byFamily[family] = `${byFamily[family] ?? ""}${mostly ? "+" : "."}`;
      }
    });
    console.log(`right structures: ${mostlyVerified} of ${tables} tables with half their cells or more verified`, JSON.stringify(byFamily));
    assert.ok(tables >= 50, `${tables} tables drawn`);
    assert.ok(mostlyVerified >= 0.8 * tables, `${mostlyVerified} of ${tables} right tables mostly verified`);
  },
);

test(
  "family: wrong structures on a page with a text layer (merged tables, a header level lost, columns folded) get no wrong cell verified",
  { timeout: 1_800_000 },
  async () => {
    const drawn: Record<string, number> = {};
    await eachDraw(["side-by-side"], async (page) => {
      assert.equal(page.tables.length, 2, page.name);
      drawn.merged = (drawn.merged ?? 0) + 1;
      assert.deepEqual(
        verifiedValues(await inkGridVote(page, joined(page.tables, true), true)),
        [],
        `${page.name}: merged, no cell verified`,
      );
    });
    await eachDraw(["multi-level-header"], async (page) => {
      for (const truth of page.tables) {
        const lost = headerLevelLost(truth);
        const right = new Set(truth.cells.map((c) => c.text));
        drawn.header = (drawn.header ?? 0) + 1;
        assert.ok(
          lost.cells.some((c) => !right.has(c.text)),
          `${page.name}: the header lost a level`,
        );
        const wrongVerified = verifiedValues(await inkGridVote(page, lost, true)).filter((v) => !right.has(v));
        assert.deepEqual(wrongVerified, [], `${page.name}: header level lost, no joined cell verified`);
      }
    });
    await eachDraw(["total-rows", "wrapped-labels", "indented-groups", "currency-columns"], async (page) => {
      for (const truth of page.tables) {
        if (truth.nCols < 3) continue;
        drawn.folded = (drawn.folded ?? 0) + 1;
        assert.deepEqual(
          verifiedValues(await inkGridVote(page, columnsFolded(truth, 1), true)),
          [],
          `${page.name}: columns folded, no cell verified`,
        );
      }
    });
    console.log("wrong structures drawn:", JSON.stringify(drawn));
    for (const kind of ["merged", "header", "folded"]) assert.ok((drawn[kind] ?? 0) >= 5, `${kind}: ${drawn[kind]} drawn`);
  },
);

test("ink-grid's opinions come back from the cache without a render, the same as read", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ink-grid-cache-"));
  try {
    const page = await rendered("total-rows", SEEDS[0]!, 0, dir);
    const models = page.tables.map(modelOf);
    const key = { cacheDir: dir, fileSha256: "b".repeat(64), pageNumber: 1 };
    let renders = 0;
    const render = async () => {
      renders++;
      return page.image;
    };
    const read = await inkOpinionsOf(models, render, key);
    assert.ok(
      read.some((o) => o.agree.length > 0),
      "the ink agrees with some cells of the right table",
    );
    const again = await inkOpinionsOf(models, render, key);
    assert.equal(renders, 1, "the second time from the cache");
    assert.deepEqual(again, read);
    // Other tables (a column folded) are another entry: read from the render.
    await inkOpinionsOf(
      page.tables.map((t) => modelOf(columnsFolded(t, 1))),
      render,
      key,
    );
    assert.equal(renders, 2);
    // With the render at hand (the OCR engines just made it), the cache is written, not read: a
    // stored entry that disagrees with the render is replaced, never believed.
    const name = inkCacheName(1, models);
    const file = path.join(dir, key.fileSha256, name);
    fs.writeFileSync(file, JSON.stringify(models.map(() => ({ agree: [], against: [] }))));
    const fresh = await inkOpinionsOf(models, render, key, true);
    assert.equal(renders, 3, "read from the render");
    assert.deepEqual(fresh, read);
    assert.deepEqual(await inkOpinionsOf(models, render, key), read, "the entry rewritten");
    assert.equal(renders, 3);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// "Not a table": the table leaves the tables, its text becomes a prose block in its place, the
// later tables of its page are renumbered, and undoing the edit brings the table back.
import assert from "node:assert/strict";
import { test } from "node:test";
import { resultSchema, type Cell, type Result, type Table } from "../../result/schema";
import { applyReview } from "./apply-review";
import { structureOpSchema } from "./ops";
import { tableFixture } from "../../../tests/result/table-fixture";

const cell = (value: string, confidence: Cell["confidence"] = "verified"): Cell => ({
  value,
  confidence,
  sources: ["pdf-text", "ocr-1"],
  bbox: [10, 10, 50, 20],
});
function table(index: number, rows: string[][], extra: Partial<Table> = {}): Table {
  return tableFixture(
    rows.map((row) => row.map((v) => cell(v))),
    { index, order: index * 2, ...extra },
  );
}

function result(): Result {
  return resultSchema.parse({
    pages: [{ page: 1, width: 595, height: 842 }],
    tables: [
      table(
        0,
        [
          ["Sales grew", "12%"],
          ["Costs fell", ""],
        ],
        {
          header: ["Chart", "labels"],
          header_cells: [cell("Chart"), cell("labels", "unverified")],
          layout_disputed: true,
          bbox: [10, 10, 300, 80],
        },
      ),
      table(1, [["a", "1"]]),
    ],
    prose: [
      {
        page: 1,
        index: 0,
        text: "Intro",
        confidence: "verified",
        sources: ["pdf-text", "ocr-1"],
        bbox: [10, 0, 300, 8],
        role: "heading",
        level: 1,
        order: 1,
      },
    ],
    images: [],
  });
}

test("not a table: its text is a prose block in its place; the next table is renumbered; undo brings it back", () => {
  const op = structureOpSchema.parse({ kind: "not-a-table", page: 1, table: 0 });
  const after = applyReview(result(), [{ version: 1, action: "apply", op }], []);
  assert.deepEqual(
    after.tables.map((t) => [t.page, t.index, t.rows[0]![0]!.value]),
    [[1, 0, "a"]],
  );
  const block = after.prose.find((p) => p.index === 1)!;
  assert.deepEqual(
    { text: block.text, role: block.role, order: block.order, bbox: block.bbox, confidence: block.confidence, sources: block.sources },
    {
      text: "Chart labels\nSales grew 12%\nCosts fell",
      role: "paragraph",
      order: 0,
      bbox: [10, 10, 300, 80],
      confidence: "unverified",
      sources: ["ocr-1", "pdf-text"],
    },
  );
  resultSchema.parse(after);
  const undone = applyReview(
    result(),
    [
      { version: 1, action: "apply", op },
      { version: 2, action: "revert", op: null },
    ],
    [],
  );
  assert.equal(undone.tables.length, 2);
  assert.equal(undone.prose.length, 1);
});

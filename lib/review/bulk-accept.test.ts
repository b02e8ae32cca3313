// Bulk acceptance of the text layer's reading: every queued cell of a table (or of the document)
// whose readings include the text layer's is confirmed with that reading; cells without one, cells
// doubted for their place only and settled cells are left; one stored edit, one revert.
import assert from "node:assert/strict";
import { test } from "node:test";
import { resultSchema, type Cell, type Result, type Table } from "../result/schema";
import { acceptTextLayer, textLayerCandidates } from "./bulk-accept";
import { buildQueue } from "./queue";
import { applyStructureOp } from "./structure/apply-op";
import { applyReview } from "./structure/apply-review";
import { tableFixture } from "../../tests/result/table-fixture";

const disputed = (readings: Record<string, string>, value = readings["pdf-text"] ?? ""): Cell => ({
  value,
  confidence: "disputed",
  sources: [],
  readings,
  provisional: true,
});
const plain = (value: string, confidence: Cell["confidence"] = "verified"): Cell => ({ value, confidence, sources: ["pdf-text", "ocr-1"] });

const table = (index: number, rows: Cell[][]): Table => tableFixture(rows, { index });

/** Two tables: marks-only differences, an OCR reading alone (no text layer reading), a place-only
 * doubt, a settled cell; the second table one more marks difference. */
function tables(): Table[] {
  return [
    table(0, [
      [disputed({ "pdf-text": "12†", "ocr-1": "12t", "ocr-2": "12" }, "12t"), disputed({ "pdf-text": "Promodès", "ocr-1": "Promodes" })],
      [disputed({ "ocr-1": "7", "ocr-2": "1" }, "7"), plain("4", "unverified")],
      [plain("Total"), plain("30")],
    ]),
    table(1, [[disputed({ "pdf-text": "CO2", "ocr-1": "C02" }), plain("x")]]),
  ];
}

test("a table's scope: the cells whose readings include the text layer's, confirmed with its value; the rest untouched", () => {
  const before = tables();
  assert.deepEqual(textLayerCandidates(before, { page: 1, table: 0 }), [
    {
      ref: "1:0:0:0",
      textLayer: "12†",
      others: [
        { source: "ocr-1", value: "12t" },
        { source: "ocr-2", value: "12" },
      ],
    },
    { ref: "1:0:0:1", textLayer: "Promodès", others: [{ source: "ocr-1", value: "Promodes" }] },
  ]);
  const { tables: after, settled } = acceptTextLayer(before, { page: 1, table: 0 });
  assert.equal(settled, 2);
  const [first, second] = after[0]!.rows[0]!;
  assert.deepEqual(first, { value: "12†", confidence: "confirmed", sources: ["human-review"], readings: before[0]!.rows[0]![0]!.readings });
  assert.equal(second!.value, "Promodès");
  assert.equal(second!.confidence, "confirmed");
  // No text layer reading, another table, a lone unverified cell: still queued.
  assert.deepEqual(
    buildQueue(after).map((e) => e.ref),
    ["1:0:1:0", "1:1:0:0", "1:0:1:1"],
  );
  assert.equal(after[1], before[1]);
});

test("the document's scope takes every table; nothing to accept is refused; one revert undoes the batch", () => {
  const { settled } = acceptTextLayer(tables(), null);
  assert.equal(settled, 3);
  assert.throws(
    () => applyStructureOp(acceptTextLayer(tables(), null).tables, { kind: "accept-text-layer" }),
    /no queued cell of this document has a text layer reading/,
  );
  assert.throws(() => applyStructureOp(tables(), { kind: "accept-text-layer", page: 1, table: 7 }), /no table 8 on page 1/);
  const stored: Result = resultSchema.parse({ pages: [{ page: 1, width: 595, height: 842 }], tables: tables(), prose: [], images: [] });
  const op = { version: 1, action: "apply" as const, op: { kind: "accept-text-layer" as const } };
  const accepted = applyReview(stored, [op], []);
  assert.deepEqual(
    buildQueue(accepted.tables).map((e) => e.ref),
    ["1:0:1:0", "1:0:1:1"],
  );
  assert.equal(accepted.tables[1]!.rows[0]![0]!.value, "CO2");
  assert.deepEqual(applyReview(stored, [op, { version: 2, action: "revert", op: null }], []).tables, stored.tables);
});

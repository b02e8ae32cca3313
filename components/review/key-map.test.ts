// The review page's keys (key-map.ts) and what a structure key asks for (structure-request.ts):
// one binding per key press, letters with and without Shift, the shortcut list's grouped lines, and
// the header cases (merges and splits are sent with row "h"; a table split is refused before
// anything is sent).
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Cell, Table } from "@/lib/result/schema";
import { commandFor, KEY_MAP, keyOf, pressName, shortcutLines } from "./key-map";
import { reviewItems, type StructureItem } from "@/lib/review/structure-items";
import { bulkRequest, choiceRequest, structureRequest } from "./structure-request";
import { tableFixture } from "@/tests/result/table-fixture";

const press = (key: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) =>
  pressName({ key, shiftKey: false, ctrlKey: false, metaKey: false, ...mods });

test("a key press is one command; Shift, Ctrl and caps lock are told apart", () => {
  const presses = KEY_MAP.flatMap((binding) => binding.press);
  assert.equal(new Set(presses).size, presses.length, "no key press runs two commands");
  assert.equal(commandFor(press("m")), "merge-right");
  assert.equal(commandFor(press("M")), "merge-right", "caps lock, no Shift");
  assert.equal(commandFor(press("M", { shiftKey: true })), "merge-down");
  assert.equal(commandFor(press("c")), "confirm-structure");
  assert.equal(commandFor(press("z", { ctrlKey: true })), "undo");
  assert.equal(commandFor(press("c", { ctrlKey: true })), null, "Ctrl+C stays the browser's copy");
  assert.equal(commandFor(press("Delete", { shiftKey: true })), "delete-column");
  assert.equal(commandFor(press("7")), "reading");
  assert.equal(commandFor(press("x")), null);
  assert.equal(keyOf("delete-column"), "Shift+Del");
  const lines = shortcutLines();
  assert.deepEqual(lines.find((line) => line.does === "zoom")?.show, ["+", "−", "0"]);
  assert.deepEqual(lines.find((line) => line.does === "delete row, column")?.show, ["Del", "Shift+Del"]);
  assert.equal(lines.length, KEY_MAP.length - 3);
});

const cell = (value: string): Cell => ({ value, confidence: "unverified", sources: ["pdf-text"] });
const table = tableFixture(
  [
    [cell("N"), cell("1")],
    [cell("S"), cell("2")],
  ],
  { page: 2, index: 1, order: 0, header_cells: [cell("Region  Sales"), cell("")] },
);

test("structure keys on a header cell and on body cells", () => {
  const header = { table, cell: table.header_cells[0]!, parsed: { page: 2, table: 1, row: "h" as const, col: 0 } };
  const merge = structureRequest("merge-right", header);
  assert.equal(merge.kind, "send");
  assert.deepEqual(merge.kind === "send" && merge.op, { kind: "merge-cells", page: 2, table: 1, row: "h", col: 0, direction: "right" });
  const down = structureRequest("merge-down", header);
  assert.deepEqual(down.kind === "send" && down.op, { kind: "merge-cells", page: 2, table: 1, row: "h", col: 0, direction: "down" });
  assert.equal(structureRequest("split-table", header).kind, "warn");
  assert.deepEqual(structureRequest("split-cell", header), { kind: "ask-parts", draft: "Region | Sales" });
  const confirm = structureRequest("confirm-structure", header);
  assert.deepEqual(confirm.kind === "send" && confirm.op, { kind: "confirm-structure", page: 2, table: 1 });
  const body = { table, cell: table.rows[1]![0]!, parsed: { page: 2, table: 1, row: 1, col: 0 } };
  const split = structureRequest("split-table", body);
  assert.deepEqual(split.kind === "send" && [split.op, split.keep], [{ kind: "split-table", page: 2, table: 1, row: 1 }, "2:2:0:0"]);
  assert.equal(structureRequest("toggle-header", body).kind, "warn", "the table has a header already");
});

test("after Del or Shift+Del the selection stays in the table, on the cell that took the deleted one's place", () => {
  const at = (row: number | "h", col: number) => ({
    table,
    cell: row === "h" ? table.header_cells[col]! : table.rows[row]![col]!,
    parsed: { page: 2, table: 1, row, col },
  });
  const keep = (action: "delete-row" | "delete-column", row: number | "h", col: number) => {
    const request = structureRequest(action, at(row, col));
    return request.kind === "send" ? request.keep : "not sent";
  };
  assert.equal(keep("delete-row", "h", 1), "2:1:0:1", "the header row gone: the first body row");
  assert.equal(keep("delete-row", 0, 1), "2:1:0:1", "the row below moves up into its place");
  assert.equal(keep("delete-row", 1, 0), "2:1:0:0", "the last row gone: the row above");
  assert.equal(keep("delete-column", 1, 0), "2:1:1:0", "the column to the right moves left into its place");
  assert.equal(keep("delete-column", "h", 1), "2:1:h:0", "the last column gone: the one to its left");
  const single: Table = { ...table, header: ["Region"], header_cells: [cell("Region")], rows: [[cell("N")]] };
  const only = (row: number | "h") => ({
    table: single,
    cell: row === "h" ? single.header_cells[0]! : single.rows[0]![0]!,
    parsed: { page: 2, table: 1, row, col: 0 },
  });
  const lastRow = structureRequest("delete-row", only(0));
  assert.equal(lastRow.kind === "send" && lastRow.keep, "2:1:h:0", "the only body row gone: the header");
  const lastColumn = structureRequest("delete-column", only(0));
  assert.equal(lastColumn.kind === "send" && lastColumn.keep, undefined, "the only column gone: nothing of the table to select");
});

test("A and Shift+A are bulk acceptance; a question's numbered answers and bulk acceptance ask for one edit each", () => {
  assert.equal(commandFor(press("a")), "accept-text-layer-table");
  assert.equal(commandFor(press("A", { shiftKey: true })), "accept-text-layer-document");
  const agreed = (value: string): Cell => ({ value, confidence: "unverified", sources: ["pdf-text", "ocr-1"] });
  const questioned: Table = {
    ...table,
    layout_disputed: true,
    header_cells: [agreed("Region"), agreed("Sales")],
    rows: [
      [agreed("N"), agreed("1")],
      [agreed("S"), { value: "2†", confidence: "disputed", sources: [], readings: { "pdf-text": "2†", "ocr-1": "2t" }, provisional: true }],
      [agreed("W"), agreed("3")],
    ],
    alternatives: [{ kind: "split", rows: [2], by: ["pdf-grid"] }],
  };
  const [item] = reviewItems([questioned]).filter((i): i is StructureItem => i.kind === "structure");
  const ops = item!.choices.map((choice) => {
    const request = choiceRequest(item!, choice);
    return request.kind === "send" ? request.op : request.kind;
  });
  assert.deepEqual(ops, [
    { kind: "confirm-structure", page: 2, table: 1 },
    { kind: "choose-alternative", page: 2, table: 1, choice: 0 },
    { kind: "not-a-table", page: 2, table: 1, as: "prose" },
    { kind: "not-a-table", page: 2, table: 1, as: "figure" },
  ]);
  const one = bulkRequest([questioned], { page: 2, table: 1 });
  assert.deepEqual(one.kind === "send" && [one.op, one.done], [
    { kind: "accept-text-layer", page: 2, table: 1 },
    "Accepted the text layer's reading for 1 cell of table 2 on page 2; U undoes it.",
  ]);
  const all = bulkRequest([questioned], null);
  assert.deepEqual(all.kind === "send" && all.op, { kind: "accept-text-layer" });
  assert.deepEqual(bulkRequest([table], null), {
    kind: "warn",
    text: "No queued cell of this document has a text layer reading to accept.",
  });
});

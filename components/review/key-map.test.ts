// The review page's keys (key-map.ts) and what a structure key asks for (structure-request.ts):
// one binding per key press, letters with and without Shift, the shortcut list's grouped lines, and
// the header cases (merges and splits are sent with row "h"; a table split is refused before
// anything is sent).
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Cell, Table } from "@/lib/result/schema";
import { commandFor, KEY_MAP, keyOf, pressName, shortcutLines } from "./key-map";
import { structureRequest } from "./structure-request";

const press = (key: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => pressName({ key, shiftKey: false, ctrlKey: false, metaKey: false, ...mods });

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
const table: Table = { page: 2, index: 1, order: 0, kind: null, column_major: false, header: ["Region  Sales", ""], header_cells: [cell("Region  Sales"), cell("")], row_groups: [], rows: [[cell("N"), cell("1")], [cell("S"), cell("2")]] };

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

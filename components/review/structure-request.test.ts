import assert from "node:assert/strict";
import { test } from "node:test";
import { undoneWhat } from "./structure-request";

test("an undo says what it takes back, in the reviewer's terms", () => {
  assert.equal(undoneWhat({ kind: "accept-text-layer", page: 1, table: 0 }), "you accepted the text layer's reading for table 1 on page 1");
  assert.equal(undoneWhat({ kind: "accept-text-layer" }), "you accepted the text layer's reading for the document");
  assert.equal(undoneWhat({ kind: "confirm-structure", page: 3, table: 1 }), "you confirmed the structure of table 2 on page 3");
  assert.equal(
    undoneWhat({ kind: "choose-alternative", page: 2, table: 0, choice: 1 }),
    "you chose a proposed shape for table 1 on page 2",
  );
  assert.equal(undoneWhat({ kind: "not-a-table", page: 1, table: 0, as: "figure" }), "you marked table 1 on page 1 as a figure");
  assert.equal(undoneWhat({ kind: "not-a-table", page: 1, table: 0 }), "you marked table 1 on page 1 as text");
  assert.equal(undoneWhat({ kind: "mark-header", page: 1, table: 0 }), "your last structure change");
});

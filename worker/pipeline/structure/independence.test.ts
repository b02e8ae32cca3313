// Readers that share an input are one group; the registry declares every reader's inputs, and the
// text-geometry readers of a detected region are one piece of evidence.
import { test } from "node:test";
import assert from "node:assert/strict";
import { independenceGroups, independentCount } from "./independence";
import { READER_GROUPS, STRUCTURE_READERS } from "./registry";

test("readers sharing an input join one group, transitively; a reader declaring none stands alone", () => {
  const groups = independenceGroups([
    { name: "a", inputs: ["rulings"] },
    { name: "b", inputs: ["text-geometry"] },
    { name: "c", inputs: ["text-geometry", "detected-regions"] },
    { name: "d", inputs: ["detected-regions", "page-image"] },
    { name: "e", inputs: ["tag-tree"] },
    { name: "f" },
  ]);
  assert.deepEqual(Object.fromEntries(groups), { a: "a", b: "b", c: "b", d: "b", e: "e", f: "f" });
  assert.equal(independentCount(["b", "c", "d"], groups), 1);
  assert.equal(independentCount(["a", "c", "e"], groups), 3);
  assert.equal(independentCount(["a", "unknown"], groups), 2);
});

test("every registered reader declares its inputs; text geometry of the detected region is one group", () => {
  for (const reader of STRUCTURE_READERS) assert.ok(reader.inputs && reader.inputs.length > 0, `${reader.name} declares its inputs`);
  assert.equal(READER_GROUPS.get("pdf-stream"), READER_GROUPS.get("pdf-layout"));
  assert.equal(READER_GROUPS.get("pdf-layout-alt"), READER_GROUPS.get("pdf-layout"));
  assert.notEqual(READER_GROUPS.get("pdf-grid"), READER_GROUPS.get("pdf-layout"));
  assert.notEqual(READER_GROUPS.get("pdf-tags"), READER_GROUPS.get("pdf-layout"));
  assert.notEqual(READER_GROUPS.get("ocr-2-lines"), READER_GROUPS.get("pdf-grid"));
});

import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readStructure } from "./ground-truth";

test("ground-truth cell contents are read as written, never as numbers", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gt-"));
  const file = path.join(dir, "x-str.xml");
  const cell = (col: number, content: string) =>
    `<cell id="1" start-col="${col}" start-row="0"><bounding-box x1="1" x2="2" y1="3" y2="4"/><content>${content}</content></cell>`;
  fs.writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?><document><table id="1"><region id="1" page='2'>${["100.0", "+3", "007", "1,250", "-0.50", "1e3", "Total &amp; net"].map((text, col) => cell(col, text)).join("")}</region></table></document>`,
  );
  const [region] = readStructure(file);
  assert.equal(region!.page, 2);
  assert.deepEqual(
    region!.cells.map((c) => c.text),
    ["100.0", "+3", "007", "1,250", "-0.50", "1e3", "Total & net"],
  );
  assert.deepEqual(region!.cells[0]!.box, [1, 3, 2, 4]);
  fs.rmSync(dir, { recursive: true, force: true });
});

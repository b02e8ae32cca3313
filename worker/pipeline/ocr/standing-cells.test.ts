// Cells whose text stands on end: which cells count, and how their readings replace upright junk.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Cell, Table } from "../../../lib/result/schema";
import type { Word } from "../types";
import { standingCells, standingReadings, withStandingReadings } from "./standing-cells";
import { reconcileTable } from "../reconcile/reconcile-page";

const word = (text: string, box: [number, number, number, number], dir: Word["dir"]): Word => ({
  text,
  box,
  size: 8,
  font: "F",
  bold: false,
  dir,
});
const cell = (value: string, bbox: [number, number, number, number]): Cell => ({
  value,
  confidence: "unverified",
  sources: ["pdf-text"],
  bbox,
});
const table = (header: Cell[], rows: Cell[][]): Table => ({
  page: 1,
  index: 0,
  order: 0,
  kind: null,
  column_major: false,
  header: header.map((c) => c.value),
  header_cells: header,
  row_groups: [],
  rows,
  bbox: [0, 0, 200, 200],
});

test("standing cells: every text-layer word in the cell runs one other way than the page", () => {
  const header = [cell("Net migration", [10, 10, 20, 80]), cell("Mixed", [30, 10, 40, 80]), cell("Total", [50, 70, 90, 80])];
  const words = [
    word("Net", [10, 60, 20, 80], 270),
    word("migration", [10, 10, 20, 58], 270),
    word("Mix", [30, 60, 40, 80], 270),
    word("ed", [30, 40, 40, 50], 0),
    word("Total", [50, 70, 90, 80], 0),
  ];
  assert.deepEqual(standingCells([table(header, [])], words, 0), [{ box: [10, 10, 20, 80], dir: 270 }]);
  // On a page read sideways (its frame turned 270) those are the upright ones.
  assert.deepEqual(
    standingCells([table(header, [])], words, 270).map((c) => c.dir),
    [0],
  );
});

test("standing readings: the turned words in reading order replace every engine's upright junk", () => {
  const size: [number, number] = [200, 200];
  // Read turned 270 (bottom to top), words come back in page coordinates: "Net" low, "migration" above.
  const turned = [
    { text: "Net", bbox: [10, 60, 20, 80] as [number, number, number, number], confidence: 0.9 },
    { text: "migration", bbox: [10, 10, 20, 58] as [number, number, number, number], confidence: 0.8 },
  ];
  const cells = [{ box: [10, 10, 20, 80] as [number, number, number, number], dir: 270 as const }];
  const readings = standingReadings(cells, turned, "ocr-1", size);
  assert.deepEqual(readings, [{ box: [10, 10, 20, 80], engine: "ocr-1", text: "Net migration", confidence: 0.8 }]);
  const junk = { "ocr-2": [{ text: "c 2 8 gS £", bbox: [10, 20, 20, 70] as [number, number, number, number], confidence: 0.3 }] };
  const values = withStandingReadings(junk, cells, readings);
  const voted = reconcileTable(table([cell("Net migration", [10, 10, 20, 80])], []), "pdf-text", values);
  assert.equal(voted.header_cells[0]!.confidence, "verified");
  assert.deepEqual([...voted.header_cells[0]!.sources].sort(), ["ocr-1", "pdf-text"]);
  // A turned reading that says another word disputes, as any reading would.
  const lie = withStandingReadings(junk, cells, [{ ...readings[0]!, text: "Net emigration" }]);
  const disputed = reconcileTable(table([cell("Net migration", [10, 10, 20, 80])], []), "pdf-text", lie);
  assert.equal(disputed.header_cells[0]!.confidence, "disputed");
  // No turned reading: the junk is dropped all the same, and the text layer stands alone.
  const alone = reconcileTable(table([cell("Net migration", [10, 10, 20, 80])], []), "pdf-text", withStandingReadings(junk, cells, []));
  assert.equal(alone.header_cells[0]!.confidence, "unverified");
});

// The third reading of a scanned cell the two engines read differently: resolved where it agrees
// with exactly one of the two, left disputed (with its reading kept) where it agrees with neither,
// and only asked about cells with exactly the two OCR readings.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BBox, Cell, Table } from "../../../lib/result/schema";
import type { Word } from "../ocr/types";
import { tableFixture } from "../../../tests/result/table-fixture";
import { cellsToBreak, oneReadingFailed, withTieBroken } from "./tie-break";
import { SETTINGS } from "../settings";

const box = (col: number, row: number): BBox => [100 + col * 80, 200 + row * 20, 170 + col * 80, 214 + row * 20];

const disputed = (bbox: BBox, readings: Record<string, string>, value = Object.values(readings)[0]!): Cell => ({
  value,
  confidence: "disputed",
  provisional: true,
  sources: [],
  bbox,
  readings,
});

/** Words read in `bbox`, one per space-separated piece, side by side inside it. */
const readIn = (bbox: BBox, text: string): Word[] =>
  text
    .split(" ")
    .map((piece, i) => ({ text: piece, bbox: [bbox[0] + 2 + i * 20, bbox[1] + 2, bbox[0] + 18 + i * 20, bbox[3] - 2], confidence: 0.9 }));

test("a third reading that agrees with one of the two resolves the cell with that reading", () => {
  const keepsFirst = disputed(box(0, 0), { "ocr-1": "Austria", "ocr-2": "Austra" });
  const switches = disputed(box(1, 0), { "ocr-1": "4", "ocr-2": "1" });
  const table = tableFixture([[keepsFirst, switches]]);
  const out = withTieBroken(table, [...readIn(box(0, 0), "Austria"), ...readIn(box(1, 0), "1")]);
  assert.deepEqual(out.rows[0]![0], {
    value: "Austria",
    confidence: "resolved",
    sources: ["ocr-1", "ocr-3"],
    bbox: box(0, 0),
    readings: { "ocr-1": "Austria", "ocr-2": "Austra", "ocr-3": "Austria" },
  });
  assert.equal(out.rows[0]![1]!.value, "1", "the value is the reading two engines of three gave");
  assert.deepEqual(out.rows[0]![1]!.sources, ["ocr-2", "ocr-3"]);
  assert.equal(out.rows[0]![1]!.confidence, "resolved");
  assert.equal(out.rows[0]![1]!.provisional, undefined);
});

test("readings are compared as the vote compares them: spaces inside a word and ligatures do not count", () => {
  const cell = disputed(box(0, 0), { "ocr-1": "Sulphur hexafluoride", "ocr-2": "Sulpurhexaluoride" });
  const out = withTieBroken(tableFixture([[cell]]), readIn(box(0, 0), "Sulphur hexa\uFB02uoride"));
  assert.equal(out.rows[0]![0]!.confidence, "resolved");
  assert.equal(out.rows[0]![0]!.value, "Sulphur hexafluoride");
  // Digits apart are two numbers, not one: "50 000" is not "50000".
  const number = disputed(box(0, 0), { "ocr-1": "50 000", "ocr-2": "50000" });
  assert.equal(withTieBroken(tableFixture([[number]]), readIn(box(0, 0), "50000")).rows[0]![0]!.value, "50000");
});

test("a third reading that agrees with neither stays disputed with its reading kept; one that read nothing changes nothing", () => {
  const cell = disputed(box(0, 0), { "ocr-1": "Simazine", "ocr-2": "Simezine" });
  const neither = withTieBroken(tableFixture([[cell]]), readIn(box(0, 0), "Sirnazine"));
  assert.equal(neither.rows[0]![0]!.confidence, "disputed");
  assert.equal(neither.rows[0]![0]!.provisional, true);
  assert.equal(neither.rows[0]![0]!.value, "Simazine");
  assert.deepEqual(neither.rows[0]![0]!.readings, { "ocr-1": "Simazine", "ocr-2": "Simezine", "ocr-3": "Sirnazine" });
  assert.deepEqual(withTieBroken(tableFixture([[cell]]), []).rows[0]![0], cell);
  // A word whose centre lies outside the cell (a neighbour the padded crop took in) is not its.
  const outside: Word = { text: "Simezine", bbox: [box(0, 0)[2] + 1, 201, box(0, 0)[2] + 20, 213], confidence: 0.9 };
  assert.deepEqual(withTieBroken(tableFixture([[cell]]), [outside]).rows[0]![0], cell);
});

test("a difference in marks, case or accents is no tie to break: such cells stay disputed", () => {
  const pairs: Array<[string, string]> = [
    ["2,517", "2.517"],
    ["120.9", "1209"],
    ["10.2 r", "10.2'"],
    ["Water supply, sewerage", "Water supply.sewerage"],
    ["(X)", "X)"],
    ["-4.4", "4.4"],
    ["\u226585", "285"],
    // Case or accents alone.
    ["Wheat", "wheat"],
    ["Intermarch\u00e9", "Intermarche"],
  ];
  for (const [a, b] of pairs) {
    const cell = disputed(box(0, 0), { "ocr-1": a, "ocr-2": b });
    const table = tableFixture([[cell]]);
    assert.deepEqual(cellsToBreak(table), [], `${a} / ${b}`);
    assert.deepEqual(withTieBroken(table, readIn(box(0, 0), b)).rows[0]![0], cell, `${a} / ${b}`);
  }
  // Marks alike (a dash of another width, brackets on both), letters and digits apart: a tie.
  for (const [a, b] of [
    ["(SF6) Sulphur", "(SF6)Sulpur"],
    ["1990\u20131995", "1990-1996"],
  ] as const) {
    assert.equal(cellsToBreak(tableFixture([[disputed(box(0, 0), { "ocr-1": a, "ocr-2": b })]])).length, 1, `${a} / ${b}`);
  }
});

test("only disputed cells with exactly two differing OCR readings are asked about, header cells included", () => {
  const tied = disputed(box(0, 1), { "ocr-1": "12", "ocr-2": "17" });
  const header = disputed(box(0, 0), { "ocr-1": "Year", "ocr-2": "Yaar" });
  const others: Cell[] = [
    { value: "12", confidence: "verified", sources: ["ocr-1", "ocr-2"], bbox: box(1, 1) },
    disputed(box(2, 1), { "pdf-text": "12", "ocr-1": "12", "ocr-2": "17" }),
    disputed(box(3, 1), { "ocr-1": "12" }),
    // Two OCR readings alike: disputed for another reason (its place), no tie of values.
    disputed(box(4, 1), { "ocr-1": "12", "ocr-2": "12" }),
    disputed(box(5, 1), { "ocr-1": "12", "ocr-2": "17", "pdf-layout": "1217" }),
    { ...disputed(box(6, 1), { "ocr-1": "12", "ocr-2": "17" }), bbox: undefined },
  ];
  const table: Table = {
    ...tableFixture([[tied, ...others]]),
    header_cells: [header, ...others.map(() => ({ value: "", confidence: "verified" as const, sources: [] }))],
  };
  assert.deepEqual(cellsToBreak(table), [box(0, 0), box(0, 1)]);
  const out = withTieBroken(table, [...readIn(box(0, 1), "12"), ...others.flatMap((c) => (c.bbox ? readIn(c.bbox, "12") : []))]);
  assert.deepEqual(out.rows[0]!.slice(1), others, "cells not asked about are left as they are");
});

test("where one reading is junk, a difference of marks no longer bars the tie-break", () => {
  const failed = SETTINGS.scanTieBreakFailedReading!;
  // A reversed heading the page reading failed on: nothing of the value's letters, other marks.
  for (const [junk, value] of [
    ["TT CL RE", "Imported(%)"],
    ["RIFE)", "Total(n)"],
    ['(a TTT21 45"', "Country"],
    ["SH boo.", "50000"],
  ] as const) {
    assert.equal(oneReadingFailed(junk, value, failed), true, `${junk} / ${value}`);
    const cell = disputed(box(0, 0), { "ocr-1": junk, "ocr-2": value });
    const table = tableFixture([[cell]]);
    assert.deepEqual(cellsToBreak(table), [box(0, 0)], `${junk} / ${value}`);
    const out = withTieBroken(table, readIn(box(0, 0), value)).rows[0]![0]!;
    assert.deepEqual([out.value, out.confidence, out.sources], [value, "resolved", ["ocr-2", "ocr-3"]], `${junk} / ${value}`);
    // The classifier reading neither leaves the dispute; switched off, the marks bar it as before.
    assert.equal(withTieBroken(table, readIn(box(0, 0), "Imp0rted")).rows[0]![0]!.confidence, "disputed");
    assert.deepEqual(cellsToBreak(table, null), [], `${junk} / ${value}, switched off`);
  }
  // A slip keeps most of the value's glyphs; a reading under three glyphs may be a slip of a short
  // value: both stay barred by their marks.
  for (const [a, b] of [
    ["2,517", "2.517"],
    ["Meptachieor \u00a9", "Heptachlor"],
    ["(Isoproturon", "Isoproturon"],
    ["+H", "44"],
    ["I)", "N"],
    ["1.0%", "1.0*"],
  ] as const) {
    assert.equal(oneReadingFailed(a, b, failed), false, `${a} / ${b}`);
    assert.deepEqual(cellsToBreak(tableFixture([[disputed(box(0, 0), { "ocr-1": a, "ocr-2": b })]])), [], `${a} / ${b}`);
  }
});

// The registry: every reader runs in order, readers can be switched off by name, a reader that
// throws is reported and left out (the others still read), and each is timed as its own stage.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readStructure, STRUCTURE_READERS, type StructureReader } from "./registry";
import type { StructureContext } from "./types";
import { StageTimer } from "../stage-timer";
import { SETTINGS } from "../settings";
import { STRUCTURE_READER_NAMES } from "../../../lib/structure/reader-names";

const context: StructureContext = {
  pageNumber: 1,
  words: [],
  graphics: { rulings: [], filledRects: [], drawings: [], images: [] },
  detected: { tables: [], rulings: [], grids: [], layoutRegions: [] },
  tableRegions: [],
  ocr: {},
  page: null,
  settings: SETTINGS,
};

test("the registry lists one reader per source name", () => {
  const names = STRUCTURE_READERS.map((r) => r.name);
  assert.deepEqual(names, [
    "pdf-grid",
    "pdf-layout",
    "pdf-layout-alt",
    "pdf-stream",
    "pdf-tags",
    "ocr-2-lines",
    "ocr-layout",
    "pdf-model",
    "page-ink",
    "ink-grid",
  ]);
  // ...the names lib knows them by (a cell's readings, the review page), in the same order.
  assert.deepEqual(names, [...STRUCTURE_READER_NAMES]);
});

test("an empty page: every reader has no opinion", async () => {
  assert.deepEqual(await readStructure(context), []);
});

test("a reader that throws is reported and left out; the others read; each is timed; readers can be switched off", async () => {
  const fragments: StructureReader = {
    name: "ocr-2-lines",
    read: () => ({ source: "ocr-2-lines", kind: "fragments", fragments: [{ text: "x", box: [0, 0, 1, 1] }] }),
  };
  const broken: StructureReader = {
    name: "pdf-tags",
    read: () => {
      throw new Error("broken tree");
    },
  };
  const errors: string[] = [];
  const timer = new StageTimer();
  const readings = await readStructure(context, {
    readers: [broken, fragments],
    timer,
    onError: (reader, error) => errors.push(`${reader}: ${error.message}`),
  });
  assert.deepEqual(
    readings.map((r) => r.source),
    ["ocr-2-lines"],
  );
  assert.deepEqual(errors, ["pdf-tags: broken tree"]);
  assert.deepEqual(Object.keys(timer.seconds).sort(), ["structure:ocr-2-lines", "structure:pdf-tags"]);
  assert.deepEqual(await readStructure(context, { readers: [broken, fragments], enabled: ["pdf-tags"], onError: () => {} }), []);
});

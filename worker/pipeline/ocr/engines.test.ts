// The OCR engine registry: one entry per public name, and what is derived from it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { OCR_ENGINE_NAMES, OCR_SOURCES, perEngine } from "../../../lib/ocr/engine-names";
import { parseOcrEngines } from "../../../lib/env";
import { DEFAULT_ENGINES, engineOfPoolOp, FIRST_ENGINE, OCR_ENGINES, SCAN_FIRST_ENGINE, SCAN_SECOND_ENGINE } from "./engines";
import { VALUE_PRIORITY } from "../reconcile/vote";
import { emptyOcrStats, OcrEngines } from "./read-page-ocr";

test("the registry has one entry per public name, in the same order", () => {
  assert.deepEqual(Object.keys(OCR_ENGINES), [...OCR_ENGINE_NAMES]);
  assert.deepEqual(Object.keys(DEFAULT_ENGINES), ["ocr-1", "ocr-2"]);
  assert.equal(FIRST_ENGINE, "ocr-2");
  assert.equal(SCAN_FIRST_ENGINE, "ocr-1");
  assert.equal(SCAN_SECOND_ENGINE, "ocr-2");
});

test("the vote's order, the stats and the env's names come from the registry", () => {
  assert.deepEqual(VALUE_PRIORITY, ["pdf-text", "ocr-1", "ocr-2", "ocr-3"]);
  assert.deepEqual(OCR_SOURCES, ["ocr-1", "ocr-2", "ocr-3"]);
  assert.deepEqual(
    perEngine((name) => name.length),
    { "ocr-1": 5, "ocr-2": 5 },
  );
  assert.deepEqual(emptyOcrStats().engineRuns, { "ocr-1": 0, "ocr-2": 0 });
  assert.deepEqual(parseOcrEngines(" OCR-2 , ocr-1,ocr-2"), ["ocr-2", "ocr-1"]);
  assert.deepEqual(parseOcrEngines("none"), []);
  assert.equal(parseOcrEngines("ocr-3"), null);
  assert.equal(parseOcrEngines(""), null);
});

test("pool tasks are charged to the engine whose op they are; the pool's own to none", () => {
  assert.equal(engineOfPoolOp("paddle.detect"), "ocr-2");
  assert.equal(engineOfPoolOp("paddle.batch"), "ocr-2");
  assert.equal(engineOfPoolOp("tesseract.crops"), "ocr-1");
  assert.equal(engineOfPoolOp("memory"), null);
  assert.equal(engineOfPoolOp("thread-id"), null);
});

test("an OcrEngines runs the engines it is given, in registry order, whatever order they come in", () => {
  const fake = async () => ({ readPage: async () => ({ words: [], nonTextRegions: [] }), release: async () => {} });
  assert.deepEqual(new OcrEngines({ "ocr-2": fake, "ocr-1": fake }).names, ["ocr-1", "ocr-2"]);
  assert.deepEqual(new OcrEngines({ "ocr-2": fake }).names, ["ocr-2"]);
  const both = new OcrEngines({ "ocr-2": fake, "ocr-1": fake });
  assert.equal(both.firstEngine, "ocr-2");
  assert.equal(both.secondEngine, "ocr-1");
  assert.equal(both.firstEngineFor(true), "ocr-1");
  assert.equal(both.secondEngineFor(true), "ocr-2");
});

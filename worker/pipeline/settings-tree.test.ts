// The settings tree: the real tree is well formed, a bad value anywhere is named by its path, and
// the recorded version follows every value and component version.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  COMPONENT_VERSIONS,
  PIPELINE_VERSION,
  pipelineVersion,
  SETTINGS_TREE,
  settingsProblems,
  validateSettingsTree,
} from "./settings-tree";
import { SETTINGS, SETTINGS_VERSION } from "./settings";
import { OCR_SETTINGS_VERSION } from "./ocr/settings";

test("every settings object of the pipeline is in the tree, with only finite numbers, booleans and strings", () => {
  assert.deepEqual(settingsProblems(SETTINGS_TREE), []);
  assert.doesNotThrow(() => validateSettingsTree());
  assert.equal(SETTINGS_TREE.pipeline, SETTINGS);
  assert.deepEqual(Object.keys(SETTINGS_TREE), ["pipeline", "structure", "reconcile", "ocr", "render", "scan"]);
  assert.equal(Object.keys(SETTINGS_TREE.scan).length, 14);
});

test("a bad value is reported by its path", () => {
  const tree = { pipeline: { a: 1, nested: { b: Number.NaN, c: [1, Infinity] } }, ocr: { d: undefined, e: () => 1, f: {} } };
  assert.deepEqual(settingsProblems(tree), [
    "settings.pipeline.nested.b: NaN is not a finite number",
    "settings.pipeline.nested.c[1]: Infinity is not a finite number",
    "settings.ocr.d: undefined is not a setting",
    "settings.ocr.e: function is not a setting",
    "settings.ocr.f: empty",
  ]);
  assert.throws(() => validateSettingsTree(tree), /invalid settings:\n {2}settings\.pipeline\.nested\.b: NaN/);
});

test("one recorded version: the pipeline's own, then a digest that follows every value", () => {
  assert.match(PIPELINE_VERSION, new RegExp(`^${SETTINGS_VERSION.replace(/\./g, "\\.")}\\+[0-9a-f]{12}$`));
  assert.equal(pipelineVersion(), PIPELINE_VERSION);
  assert.equal(pipelineVersion({ ...SETTINGS }), PIPELINE_VERSION);
  const changed = pipelineVersion({
    ...SETTINGS,
    paragraphGapLineHeights: SETTINGS.paragraphGapLineHeights + 0.1,
  } as unknown as typeof SETTINGS);
  assert.notEqual(changed, PIPELINE_VERSION);
  assert.ok(changed.startsWith(`${SETTINGS_VERSION}+`));
});

test("the cache keys' versions are kept as they were", () => {
  assert.equal(COMPONENT_VERSIONS.ocr, OCR_SETTINGS_VERSION);
  assert.ok(COMPONENT_VERSIONS.cellReadings.startsWith(`${OCR_SETTINGS_VERSION}.`));
  assert.ok(COMPONENT_VERSIONS.scanRereads.length > 0);
});

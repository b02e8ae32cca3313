// The vote's last tie-break between disagreeing OCR readings on a page without a text layer: the
// first reading (Tesseract's) is shown unless its engine was unsure of it and the other's engine
// sure of its own. The cell stays disputed with both readings either way.
import { test } from "node:test";
import assert from "node:assert/strict";
import { voteOnReadings } from "./vote";
import { readingConfidences, reconcileExistingCell } from "./reconcile-cell";
import { RECONCILE_SETTINGS } from "./settings";
import type { BBox, Cell } from "../../../lib/result/schema";

const { ocrUnsureBelow: unsure, ocrSureFrom: sure } = RECONCILE_SETTINGS;

test("an unsure first reading shows the other reading when that one's engine was sure", () => {
  const verdict = voteOnReadings({ "ocr-1": "Le TTT)", "ocr-2": "Country" }, { "ocr-1": unsure - 0.3, "ocr-2": sure + 0.05 });
  assert.equal(verdict.value, "Country");
  assert.equal(verdict.confidence, "disputed");
  assert.equal(verdict.provisional, true);
  assert.deepEqual(verdict.sources, ["ocr-2"]);
  assert.deepEqual(verdict.readings, { "ocr-1": "Le TTT)", "ocr-2": "Country" });
});

test("otherwise the vote's priority order decides", () => {
  for (const confidences of [
    { "ocr-1": unsure, "ocr-2": 0.99 }, // the first not unsure enough
    { "ocr-1": 0.2, "ocr-2": sure - 0.01 }, // the other not sure enough
    { "ocr-1": 0.2 }, // the other's confidence unknown
    {}, // none known
  ]) {
    assert.equal(voteOnReadings({ "ocr-1": "Le TTT)", "ocr-2": "Country" }, confidences).value, "Le TTT)", JSON.stringify(confidences));
  }
  // The text layer is never overridden, however unsure OCR would be of it.
  assert.equal(voteOnReadings({ "pdf-text": "Coun try", "ocr-2": "Country" }, { "pdf-text": 0, "ocr-2": 1 }).value, "Coun try");
  // Earlier tie-breaks come first: a separator one reading kept wins over confidence.
  assert.equal(voteOnReadings({ "ocr-1": "92.9", "ocr-2": "929" }, { "ocr-1": 0.1, "ocr-2": 0.99 }).value, "92.9");
});

test("a reading's confidence in a cell is its least sure word there", () => {
  const box: BBox = [100, 100, 200, 112];
  const confidences = readingConfidences(box, {
    "ocr-1": [
      { text: "Le", bbox: [102, 101, 115, 111], confidence: 0.9 },
      { text: "TTT)", bbox: [118, 101, 140, 111], confidence: 0.31 },
      { text: "far", bbox: [300, 101, 320, 111], confidence: 0.01 }, // another cell's
    ],
    "ocr-2": [{ text: "Country", bbox: [101, 100, 150, 112], confidence: 0.97 }],
    "pdf-text": [{ text: "Country", box: [101, 100, 150, 112] }], // no confidence: left out
  });
  assert.deepEqual(confidences, { "ocr-1": 0.31, "ocr-2": 0.97 });
  // Through the reconciler: a scan's cell (value from ocr-1) against ocr-2's words.
  const cell: Cell = { value: "Le TTT)", confidence: "unverified", sources: ["ocr-1"], bbox: box };
  const words = {
    "ocr-1": [
      { text: "Le", bbox: [102, 101, 115, 111] as BBox, confidence: 0.9 },
      { text: "TTT)", bbox: [118, 101, 140, 111] as BBox, confidence: 0.31 },
    ],
    "ocr-2": [{ text: "Country", bbox: [101, 100, 150, 112] as BBox, confidence: 0.97 }],
  };
  const out = reconcileExistingCell(cell, "ocr-1", { "ocr-2": words["ocr-2"] }, words);
  assert.equal(out.value, "Country");
  assert.equal(out.confidence, "disputed");
});

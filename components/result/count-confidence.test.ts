import { test } from "node:test";
import assert from "node:assert/strict";
import type { Cell, Result } from "@/lib/result/schema";
import { countConfidence } from "./count-confidence";

test("counts per level leave blank cells apart; a blank or nil cell readings disagree about is counted as its level", () => {
  const cell = (value: string, confidence: Cell["confidence"], readings?: Record<string, string>): Cell => ({
    value,
    confidence,
    sources: [],
    ...(readings ? { readings } : {}),
  });
  const rows = [
    [cell("12", "unverified"), cell("", "unverified"), cell("-", "unverified"), cell("", "verified")],
    [
      cell("7", "disputed", { "pdf-text": "7", "ocr-1": "1" }),
      cell("", "disputed", { "pdf-text": "", "ocr-1": "5" }),
      cell("x", "verified"),
      cell("  ", "unverified"),
    ],
  ];
  const result = { tables: [{ page: 1, index: 0, header_cells: [cell("Name", "verified")], rows }] } as unknown as Result;
  const counts = countConfidence(result);
  assert.deepEqual(
    { verified: counts.verified, unverified: counts.unverified, disputed: counts.disputed, blank: counts.blank },
    { verified: 2, unverified: 1, disputed: 2, blank: 4 },
  );
});

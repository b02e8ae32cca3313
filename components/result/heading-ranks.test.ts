import { test } from "node:test";
import assert from "node:assert/strict";
import type { Prose } from "@/lib/result/schema";
import { headingRanks, type Block } from "./heading-ranks";

test("heading ranks under a page's h2 never skip a rank", () => {
  const prose = (index: number, role: Prose["role"], level: number): Block => ({
    kind: "prose",
    order: index,
    prose: { page: 1, index, order: index, role, level, text: `t${index}` } as Prose,
  });
  // A page whose first heading is level 2: h3, not h4 (h2 -> h4 is a skipped rank).
  const ranks = headingRanks([
    prose(0, "heading", 2),
    prose(1, "paragraph", 0),
    prose(2, "heading", 1),
    prose(3, "heading", 3),
    prose(4, "heading", 2),
  ]);
  assert.deepEqual(
    [...ranks],
    [
      [0, 3],
      [2, 3],
      [3, 4],
      [4, 4],
    ],
  );
});

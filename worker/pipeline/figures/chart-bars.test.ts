// Bars of a bar chart among filled rectangles: on one baseline, one thickness, side by side, of
// lengths that differ. Zebra bands, shaded header rows and a shaded column are not bars.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Box } from "../types";
import { SETTINGS } from "../settings";
import { chartBars } from "./chart-bars";

const rects = (boxes: Box[]) => boxes.map((box) => ({ box }));

test("vertical bars on one axis, and horizontal bars from one axis, are one chart each", () => {
  const vertical: Box[] = [10, 40, 70, 100].map((x, k): Box => [x, 300 - [50, 120, 80, 20][k]!, x + 20, 300]);
  assert.deepEqual(chartBars(rects(vertical), SETTINGS), [[10, 180, 120, 300]]);
  const horizontal: Box[] = [0, 1, 2].map((k): Box => [50, 100 + k * 30, 50 + [200, 90, 140][k]!, 118 + k * 30]);
  assert.deepEqual(chartBars(rects(horizontal), SETTINGS), [[50, 100, 250, 178]]);
});

test("zebra bands, a shaded column, too few bars, or bars of one length are no chart", () => {
  const zebra: Box[] = [0, 1, 2, 3, 4].map((k): Box => [60, 100 + k * 24, 400, 112 + k * 24]);
  assert.deepEqual(chartBars(rects(zebra), SETTINGS), []);
  const column: Box[] = [0, 1, 2, 3].map((k): Box => [200, 100 + k * 12, 260, 111 + k * 12]);
  assert.deepEqual(chartBars(rects(column), SETTINGS), []);
  assert.deepEqual(
    chartBars(
      rects([
        [10, 200, 30, 300],
        [40, 150, 60, 300],
      ]),
      SETTINGS,
    ),
    [],
  );
  const even: Box[] = [10, 40, 70].map((x): Box => [x, 200, x + 20, 300]);
  assert.deepEqual(chartBars(rects(even), SETTINGS), []);
});

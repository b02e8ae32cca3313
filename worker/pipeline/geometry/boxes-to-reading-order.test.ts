import { test } from "node:test";
import assert from "node:assert/strict";
import type { Box } from "../types";
import { boxesToReadingOrder } from "./boxes-to-reading-order";

test("boxesToReadingOrder reads two columns column by column under a full-width heading", () => {
  const boxes: Box[] = [
    [300, 100, 550, 200], // right column, top
    [50, 50, 550, 80], // heading across both columns
    [50, 100, 280, 150], // left column, top
    [50, 160, 280, 300], // left column, bottom
    [300, 210, 550, 300], // right column, bottom
  ];
  assert.deepEqual(boxesToReadingOrder(boxes, 10), [1, 2, 3, 0, 4]);
});

test("boxesToReadingOrder keeps a single column top to bottom", () => {
  assert.deepEqual(
    boxesToReadingOrder(
      [
        [50, 200, 500, 220],
        [50, 100, 500, 120],
      ],
      10,
    ),
    [1, 0],
  );
});

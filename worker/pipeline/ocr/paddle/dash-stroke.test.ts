import { test } from "node:test";
import assert from "node:assert/strict";
import { dashStroke } from "./dash-stroke";
import { OCR_SETTINGS } from "../settings";

const settings = OCR_SETTINGS.marks.dashStroke;

/** A white render of `width` x `height` with the given rectangles painted `grey`. */
function canvas(width: number, height: number, rects: [number, number, number, number, number][]) {
  const rgba = new Uint8Array(width * height * 4).fill(255);
  for (const [x0, y0, x1, y1, grey] of rects) {
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = (y * width + x) * 4;
        rgba[i] = rgba[i + 1] = rgba[i + 2] = grey;
      }
    }
  }
  return { rgba, width, height };
}

test("a dash stroke is found at every measured size, with its anti-aliased edge", () => {
  for (const cropHeight of [16, 20, 24, 30]) {
    for (const strokeWidth of [9, 14, 20, 25]) {
      for (const thickness of [1, 2]) {
        const mid = Math.round(cropHeight * 0.55);
        const render = canvas(40, 40, [
          [5, 5 + mid, 5 + strokeWidth, 5 + mid + thickness, 20],
          [5, 5 + mid + thickness, 5 + strokeWidth, 6 + mid + thickness, 165],
        ]);
        const found = dashStroke(render, { x: 3, y: 5, width: strokeWidth + 4, height: cropHeight }, settings);
        assert.ok(found, `height ${cropHeight}, stroke ${strokeWidth} x ${thickness}`);
        assert.equal(found.width, strokeWidth);
      }
    }
  }
});

test("a digit, a vertical bar, two strokes, a dot or an empty crop is no dash", () => {
  const crop = { x: 0, y: 0, width: 24, height: 22 };
  const shapes: Record<string, [number, number, number, number, number][]> = {
    // A "4": a vertical, a horizontal and a diagonal joined.
    four: [
      [12, 4, 14, 18, 0],
      [5, 13, 18, 15, 0],
      [6, 8, 8, 13, 0],
    ],
    bar: [[11, 4, 13, 18, 0]],
    "two strokes (=)": [
      [4, 9, 20, 10, 0],
      [4, 13, 20, 14, 0],
    ],
    dot: [[11, 12, 13, 14, 0]],
    "a stroke at the top": [[4, 3, 20, 4, 0]],
    empty: [],
  };
  for (const [name, rects] of Object.entries(shapes)) {
    assert.equal(dashStroke(canvas(24, 22, rects), crop, settings), null, name);
  }
});

test("a ruling along the crop's bottom edge is left out; the dash above it is still found", () => {
  const render = canvas(30, 22, [
    [0, 21, 30, 22, 60],
    [5, 12, 25, 13, 0],
  ]);
  assert.deepEqual(dashStroke(render, { x: 0, y: 0, width: 30, height: 22 }, settings), { width: 20, thickness: 1 });
  // A ruling alone is no dash.
  assert.equal(dashStroke(canvas(30, 22, [[0, 21, 30, 22, 60]]), { x: 0, y: 0, width: 30, height: 22 }, settings), null);
});

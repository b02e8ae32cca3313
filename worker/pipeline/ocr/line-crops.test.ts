// A scanned cell's line crop for the second engine stops halfway to the first reading's nearest
// other word on each side, so a neighbour's glyphs stay out of it; words far off, words of the
// line itself and words beside it on no side leave the padding whole.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BBox } from "../../../lib/result/schema";
import type { Word } from "./types";
import { clippedToNeighbours, lineCropsOfCells } from "./cascade";
import { tableFixture } from "../../../tests/result/table-fixture";

const word = (text: string, bbox: BBox): Word => ({ text, bbox, confidence: 0.9 });

test("each side of the padding stops halfway to the nearest word on that side", () => {
  const line: BBox = [100, 100, 110, 110];
  const crop: BBox = [94, 96.5, 116, 113.5];
  const neighbours = [
    word("1", [90, 101, 96, 109]), // left, 4 pt off: the crop starts at 98
    word("1", [113, 101, 119, 109]), // right, 3 pt off: it ends at 111.5
    word("2", [101, 92, 108, 99]), // above, 1 pt off: it starts at 99.5
    word("3", [102, 112, 108, 120]), // below, 2 pt off: it ends at 111
  ];
  assert.deepEqual(clippedToNeighbours(crop, line, neighbours), [98, 99.5, 111.5, 111]);
  // The nearer of two words on one side wins.
  assert.deepEqual(
    clippedToNeighbours(crop, line, [word("a", [80, 101, 90, 109]), word("b", [92, 101, 97, 109])]),
    [98.5, 96.5, 116, 113.5],
  );
});

test("words that are far, in the line, or on no side of it leave the crop as it is", () => {
  const line: BBox = [100, 100, 110, 110];
  const crop: BBox = [94, 96.5, 116, 113.5];
  const others = [
    word("far", [60, 101, 80, 109]), // halfway is 90, outside the padding already
    word("own", [101, 101, 109, 109]), // the line's own word
    word("corner", [80, 80, 90, 90]), // above and to the left: beside no side
    word("below-far", [100, 140, 110, 150]),
  ];
  assert.deepEqual(clippedToNeighbours(crop, line, others), crop);
});

test("on a table of narrow columns a cell's crop holds none of its neighbours' words", () => {
  // One row of "1"s 4 pt apart, each cell's box its own column.
  const xs = [100, 108, 116];
  const words = xs.map((x) => word("1", [x, 200, x + 4, 208]));
  const table = tableFixture([
    xs.map((x) => ({ value: "1", confidence: "disputed" as const, sources: [], bbox: [x - 1, 199, x + 5, 209] as BBox })),
  ]);
  const crops = lineCropsOfCells([table], words);
  assert.equal(crops.length, 3);
  for (const [i, crop] of crops.entries()) {
    const inside = words.filter((w, k) => k !== i && w.bbox[2] > crop[0] && w.bbox[0] < crop[2]);
    assert.deepEqual(inside, [], `crop ${i} ${crop} takes in a neighbour`);
  }
  // The padding of a line 8 pt high (0.6 line heights, 4.8 pt) reached the next "1"; halfway is 106.
  assert.equal(crops[0]![2], 106);
});

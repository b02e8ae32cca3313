import { test } from "node:test";
import assert from "node:assert/strict";
import { boxesToClusters } from "./figure-regions";

test("boxesToClusters joins near boxes and keeps far ones apart", () => {
  const clusters = boxesToClusters(
    [
      [0, 0, 10, 10],
      [12, 0, 20, 10],
      [100, 100, 110, 110],
    ],
    3,
  );
  assert.deepEqual(clusters, [
    { box: [0, 0, 20, 10], count: 2 },
    { box: [100, 100, 110, 110], count: 1 },
  ]);
});

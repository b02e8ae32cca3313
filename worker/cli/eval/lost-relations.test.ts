import { test } from "node:test";
import assert from "node:assert/strict";
import { editDistanceWithin, lostRelations } from "./lost-relations";
import type { GridCell } from "../../pipeline/tables/adjacency-relations";

/** A table from rows of texts, one cell per slot. */
function grid(rows: string[][]): GridCell[] {
  return rows.flatMap((row, r) => row.map((text, c) => ({ row: r, col: c, rowSpan: 1, colSpan: 1, text })));
}

const truth = grid([
  ["Region", "2019", "2020"],
  ["North", "12.5", "13.1"],
  ["South", "8.0", "9.4"],
]);

test("a table read right loses nothing", () => {
  const loss = lostRelations([{ page: 1, cells: truth }], [{ page: 1, cells: truth }]);
  assert.deepEqual(loss.missed, { "table missed": 0, "table merged": 0, misread: 0, "cell cut": 0, "not neighbours": 0 });
  assert.deepEqual(loss.extra, { "table missed": 0, "table merged": 0, misread: 0, "cell cut": 0, "not neighbours": 0 });
});

test("a table not found loses all its relations; a spurious one adds all of its", () => {
  const spurious = grid([
    ["a", "b"],
    ["c", "d"],
  ]);
  const loss = lostRelations([{ page: 1, cells: truth }], [{ page: 2, cells: spurious }]);
  assert.equal(loss.missed["table missed"], 12); // 3 x 3 grid: 6 across, 6 down
  assert.equal(loss.extra["table missed"], 4);
});

test("two tables read as one: the one left unmatched is merged, not missed", () => {
  const lower = grid([
    ["Region", "2021", "2022"],
    ["East", "4.4", "5.0"],
  ]);
  const both = [...truth, ...lower.map((c) => ({ ...c, row: c.row + 3 }))];
  const loss = lostRelations(
    [
      { page: 1, cells: truth },
      { page: 1, cells: lower },
    ],
    [{ page: 1, cells: both }],
  );
  // The taller table matches; the lower one's seven relations (4 across, 3 down) were read inside it.
  assert.equal(loss.missed["table merged"], 7);
  assert.equal(loss.missed["table missed"], 0);
});

test("a cell read with a lost decimal point is a misread: its relations, each way", () => {
  const read = grid([
    ["Region", "2019", "2020"],
    ["North", "125", "13.1"],
    ["South", "8.0", "9.4"],
  ]);
  const loss = lostRelations([{ page: 1, cells: truth }], [{ page: 1, cells: read }]);
  // 12.5 has four relations: North->12.5, 2019->12.5, 12.5->13.1, 12.5->8.0.
  assert.equal(loss.missed.misread, 4);
  assert.equal(loss.extra.misread, 4);
  assert.equal(loss.missed["cell cut"] + loss.missed["not neighbours"] + loss.missed["table missed"], 0);
});

test("a cell split in two is a cut cell, not a misread", () => {
  const wide = grid([
    ["Total resident population", "1,204"],
    ["Of which urban", "877"],
  ]);
  const split = grid([
    ["Total", "resident population", "1,204"],
    ["Of which urban", "", "877"],
  ]);
  const loss = lostRelations([{ page: 1, cells: wide }], [{ page: 1, cells: split }]);
  assert.equal(loss.missed["cell cut"], 2); // Total resident population -> 1,204 and -> Of which urban
  assert.equal(loss.missed.misread, 0);
});

test("rows in another order are cells that are not neighbours", () => {
  const swapped = grid([
    ["Region", "2019", "2020"],
    ["South", "8.0", "9.4"],
    ["North", "12.5", "13.1"],
  ]);
  const loss = lostRelations([{ page: 1, cells: truth }], [{ page: 1, cells: swapped }]);
  assert.equal(loss.missed["not neighbours"], 6); // header -> North row (3) and North -> South (3)
  assert.equal(loss.missed.misread + loss.missed["cell cut"], 0);
});

test("edit distance stops past its limit", () => {
  assert.equal(editDistanceWithin("12.5", "125", 1), 1);
  assert.equal(editDistanceWithin("kitten", "sitting", 3), 3);
  assert.equal(editDistanceWithin("abc", "xyz", 1), 2);
});

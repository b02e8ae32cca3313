// The review visit's queue keeps its members: drawn over generated documents (varied table counts,
// sizes and doubts), settled by the real structure edits (confirm a table's structure, accept the
// text layer, split a table, make one text) and by single confirmations, the queue never loses a
// cell it held while that cell exists, counts what is left truthfully, and takes in cells that
// become doubtful later.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Cell, Table } from "../result/schema";
import { buildQueue, cellsOf, isSettled, type QueueEntry } from "./queue";
import { applyStructureOp } from "./structure/apply-op";
import { nextUnsettled, sessionQueue, type QueueMembers } from "./session-queue";
import { seededRng as random } from "../../tests/pdf/corpus/content";
import { tableFixture } from "../../tests/result/table-fixture";

/** A document of 1-3 pages, each with 1-2 tables of 2-6 rows and 2-5 columns; each cell is verified,
 * unverified (agreed by two value readings: a structure doubt), disputed (OCR read another value
 * than the text layer), resolved or blank. */
function documentOf(seed: number): Table[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const tables: Table[] = [];
  const pages = 1 + Math.floor(next() * 3);
  for (let page = 1; page <= pages; page++) {
    const count = 1 + Math.floor(next() * 2);
    for (let index = 0; index < count; index++) {
      const cols = 2 + Math.floor(next() * 4);
      const rows = 2 + Math.floor(next() * 5);
      const top = 60 + index * 300;
      const cell = (row: number, col: number): Cell => {
        const value = row < 0 ? `Head ${col}` : `${row * 10 + col}.${col}`;
        const bbox: [number, number, number, number] = [50 + col * 80, top + (row + 1) * 20, 130 + col * 80, top + (row + 2) * 20];
        const kind = pick(["verified", "unverified", "unverified", "disputed", "resolved", "blank"] as const);
        if (kind === "blank") return { value: "", confidence: "unverified", sources: ["pdf-text"], bbox };
        if (kind === "disputed")
          return {
            value,
            confidence: "disputed",
            sources: [],
            readings: { "pdf-text": value, "ocr-1": `${value}7` },
            provisional: true,
            bbox,
          };
        if (kind === "unverified") return { value, confidence: "unverified", sources: ["ocr-1", "pdf-text"], bbox };
        return { value, confidence: kind, sources: ["ocr-1", "pdf-text"], bbox };
      };
      const header = Array.from({ length: cols }, (_, col) => cell(-1, col));
      tables.push(
        tableFixture(
          Array.from({ length: rows }, (_, row) => Array.from({ length: cols }, (_, col) => cell(row, col))),
          { page, index, header_cells: header, bbox: [50, top, 50 + cols * 80, top + (rows + 1) * 20] },
        ),
      );
    }
  }
  return tables;
}

const valueAt = (tables: Table[], ref: string): Cell | undefined =>
  tables.flatMap((t) => cellsOf(t)).find((entry) => entry.ref === ref)?.cell;
const left = (tables: Table[], entries: QueueEntry[]) => entries.filter((e) => !isSettled(valueAt(tables, e.ref)!)).length;
/** Where each entry's cell sits, which the structure edits keep (the value and box of a cell). */
const placeOf = (tables: Table[], entries: QueueEntry[]) =>
  entries.map((e) => `${e.ref.split(":")[0]}@${JSON.stringify(valueAt(tables, e.ref)!.bbox)}`).sort();

test("with no members yet the visit's queue is buildQueue's, filter and all", () => {
  for (let seed = 1; seed <= 200; seed++) {
    const tables = documentOf(seed);
    assert.deepEqual(sessionQueue(tables).entries, buildQueue(tables), `seed ${seed}`);
    const filter = { levels: ["resolved", "disputed"] as const, table: "1:0" };
    assert.deepEqual(sessionQueue(tables, filter).entries, buildQueue(tables, filter), `seed ${seed} filtered`);
  }
});

test("settling a table's structure, the text layer or one cell keeps every member in the queue; the count left is truthful", () => {
  for (let seed = 1; seed <= 200; seed++) {
    const opened = documentOf(seed);
    const first = sessionQueue(opened);
    if (first.entries.length === 0) continue;
    let members: QueueMembers = first.members;
    let tables = opened;
    const steps = [
      (t: Table[]) => applyStructureOp(t, { kind: "confirm-structure", page: t[0]!.page, table: t[0]!.index }),
      (t: Table[]) => {
        try {
          return applyStructureOp(t, { kind: "accept-text-layer" });
        } catch {
          return t; // nothing left for the text layer to settle
        }
      },
      (t: Table[]) => {
        const ref = buildQueue(t)[0]?.ref;
        if (!ref) return t;
        const [page, index, row, col] = ref.split(":");
        return t.map((table) =>
          `${table.page}:${table.index}` !== `${page}:${index}`
            ? table
            : {
                ...table,
                header_cells:
                  row === "h"
                    ? table.header_cells.map((c, k) => (k === Number(col) ? { ...c, confidence: "confirmed" as const } : c))
                    : table.header_cells,
                rows: table.rows.map((cells, r) =>
                  row !== "h" && r === Number(row)
                    ? cells.map((c, k) => (k === Number(col) ? { ...c, confidence: "confirmed" as const } : c))
                    : cells,
                ),
              },
        );
      },
    ];
    for (const step of steps) {
      tables = step(tables);
      const now = sessionQueue(tables, {}, members);
      members = now.members;
      // The membership is the one the page opened with: same places, however many are settled.
      assert.deepEqual(placeOf(tables, now.entries), placeOf(opened, first.entries), `seed ${seed}`);
      assert.equal(left(tables, now.entries), buildQueue(tables).length, `seed ${seed}: left to check is the result page's count`);
    }
  }
});

test("a table split renumbers its cells: the queue follows them by place; a table made text leaves it", () => {
  let checked = 0;
  for (let seed = 1; seed <= 300; seed++) {
    const opened = documentOf(seed);
    const target = opened.find((t) => t.rows.length >= 3);
    const first = sessionQueue(opened);
    if (!target || first.entries.length === 0) continue;
    const confirmed = applyStructureOp(opened, { kind: "confirm-structure", page: target.page, table: target.index });
    const afterConfirm = sessionQueue(confirmed, {}, first.members);
    const split = applyStructureOp(confirmed, { kind: "split-table", page: target.page, table: target.index, row: 2 });
    const afterSplit = sessionQueue(split, {}, afterConfirm.members);
    assert.deepEqual(placeOf(split, afterSplit.entries), placeOf(opened, first.entries), `seed ${seed}`);
    assert.equal(left(split, afterSplit.entries), buildQueue(split).length, `seed ${seed}`);
    // Made text: its cells are gone from the document, so from the queue; the others stay.
    const prose = applyStructureOp(split, { kind: "not-a-table", page: target.page, table: target.index, as: "prose" });
    const afterProse = sessionQueue(prose, {}, afterSplit.members);
    const splitPart = split.find((t) => t.page === target.page && t.index === target.index)!;
    const gone = new Set(cellsOf(splitPart).map(({ cell }) => `${target.page}@${JSON.stringify(cell.bbox)}`));
    assert.deepEqual(
      placeOf(prose, afterProse.entries),
      placeOf(opened, first.entries).filter((place) => !gone.has(place)),
      `seed ${seed}`,
    );
    checked++;
  }
  assert.ok(checked > 100, `only ${checked} documents had a table to split`);
});

test("a cell that becomes doubtful after the page opened joins the queue and stays once settled", () => {
  const tables = documentOf(7);
  const first = sessionQueue(tables);
  const outside = tables.flatMap((t) => cellsOf(t)).find(({ cell }) => cell.confidence === "verified")!;
  const doubt = (confidence: Cell["confidence"]): Table[] => {
    const swap = (c: Cell): Cell => (c === outside.cell ? { ...c, confidence, sources: ["pdf-text"] } : c);
    return tables.map((t) => ({ ...t, rows: t.rows.map((row) => row.map(swap)), header_cells: t.header_cells.map(swap) }));
  };
  const doubted = sessionQueue(doubt("unverified"), {}, first.members);
  assert.equal(doubted.entries.length, first.entries.length + 1);
  assert.ok(doubted.entries.some((e) => e.ref === outside.ref));
  const settled = sessionQueue(doubt("confirmed"), {}, doubted.members);
  assert.equal(settled.entries.length, first.entries.length + 1, "settled, it stays");
  // Without the visit's members it would have left again.
  assert.equal(sessionQueue(doubt("confirmed"), {}, first.members).entries.length, first.entries.length);
  // Nothing new: the same map, so the page does not store it again.
  assert.equal(sessionQueue(doubt("confirmed"), {}, settled.members).members, settled.members);
});

test("a settled member is shown under the level it was queued at, so the filter still applies to it", () => {
  const tables = documentOf(11);
  const withResolved = sessionQueue(tables, { levels: ["disputed", "reviewed", "unverified", "resolved"] });
  const settled = tables.map((t) => applyStructureOp([t], { kind: "confirm-structure", page: t.page, table: t.index })[0]!);
  const resolvedCount = buildQueue(tables, { levels: ["resolved"] }).length;
  assert.ok(resolvedCount > 0);
  assert.equal(sessionQueue(settled, { levels: ["resolved"] }, withResolved.members).entries.length, resolvedCount);
  assert.equal(sessionQueue(settled, {}, withResolved.members).entries.length, buildQueue(tables).length);
});

test("the next cell to check wraps round the queue and skips settled ones", () => {
  const entries = ["a", "b", "c", "d"].map((ref) => ({ ref, level: "unverified" as const, table: "1:0" }));
  const open = new Set(["a", "c"]);
  const needs = (ref: string) => open.has(ref);
  assert.equal(nextUnsettled(entries, "a", needs), "c");
  assert.equal(nextUnsettled(entries, "c", needs), "a");
  assert.equal(nextUnsettled(entries, "d", needs), "a");
  assert.equal(nextUnsettled(entries, "gone", needs), "a");
  assert.equal(
    nextUnsettled(entries, "b", () => false),
    null,
  );
});

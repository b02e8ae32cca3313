import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { finishedPageSchema } from "../../lib/result/finished-page";
import type { Table } from "../../lib/result/schema";
import { JobFiles } from "../../lib/storage/job-files";
import { LocalStore } from "../../lib/storage/local-store";
import { isStorageWriteError } from "../../lib/storage/storage-write-error";
import { saveFinishedPage, saveUnreadablePage } from "./save-finished-page";
import { tableFixture } from "../../tests/result/table-fixture";

const JOB = "job_ABCDEFGHIJKLMNOPQRSTUV";
const cell = (value: string) => ({ value, confidence: "unverified" as const, sources: ["pdf-text" as const] });
const table = tableFixture([[cell("Apples"), cell("3")]], {
  page: 2,
  order: 1,
  header_cells: [cell("Item"), cell("Qty")],
  row_groups: [null],
});
const figure = { box: [0, 0, 10, 10] as [number, number, number, number], order: 2, sources: ["layout" as const] };

function files() {
  return new JobFiles(new LocalStore(fs.mkdtempSync(path.join(os.tmpdir(), "finished-page-"))));
}

test("a finished page is stored whole: its tables, prose, size and how many figures wait for the result", async () => {
  const store = files();
  await saveFinishedPage(store, JOB, {
    pageNumber: 2,
    readings: { width: 595.276, height: 841.89 },
    extraction: { tables: [table], prose: [], figures: [figure] },
  });
  const stored = finishedPageSchema.parse(JSON.parse((await store.readFinishedPage(JOB, 2))!));
  assert.deepEqual(stored, { page: { page: 2, width: 595.28, height: 841.89 }, tables: [table], prose: [], figures: 1 });
  assert.deepEqual(await store.finishedPageNumbers(JOB), [2]);
});

test("a page off the result format is only logged; a store that refuses the write stops the job with a storage error", async () => {
  const broken = new JobFiles({
    ...new LocalStore(os.tmpdir()),
    put: async () => Promise.reject(new Error("the store is down")),
  } as unknown as LocalStore);
  const page = { pageNumber: 1, readings: { width: 612, height: 792 }, extraction: { tables: [table], prose: [], figures: [] } };
  await assert.rejects(
    saveFinishedPage(broken, JOB, page),
    (error: Error) => isStorageWriteError(error) && /page 1: the store is down/.test(error.message),
  );
  await assert.rejects(saveUnreadablePage(broken, JOB, 3, "the page could not be read", true), (error: Error) =>
    isStorageWriteError(error),
  );

  const store = files();
  const offFormat = { ...table, invented: true } as unknown as Table;
  await saveFinishedPage(store, JOB, {
    pageNumber: 1,
    readings: { width: 612, height: 792 },
    extraction: { tables: [offFormat], prose: [], figures: [] },
  });
  assert.deepEqual(await store.finishedPageNumbers(JOB), [], "nothing half-right is stored");
});

test("a page that ended unread is stored as unreadable in its place; a page the pipeline stored is kept unless it was skipped for a limit", async () => {
  const store = files();
  await saveUnreadablePage(store, JOB, 3, "the page could not be read");
  const unread = finishedPageSchema.parse(JSON.parse((await store.readFinishedPage(JOB, 3))!));
  assert.deepEqual(unread, {
    page: { page: 3, width: 612, height: 792, unreadable: true, reason: "the page could not be read" },
    tables: [],
    prose: [],
    figures: 0,
  });

  await saveFinishedPage(store, JOB, {
    pageNumber: 2,
    readings: { width: 612, height: 792 },
    extraction: { tables: [table], prose: [], figures: [] },
  });
  await saveUnreadablePage(store, JOB, 2, "the page could not be read");
  assert.equal(finishedPageSchema.parse(JSON.parse((await store.readFinishedPage(JOB, 2))!)).tables.length, 1, "the reading stays");
  await saveUnreadablePage(store, JOB, 2, "the page took longer than a page is allowed", true);
  const skipped = finishedPageSchema.parse(JSON.parse((await store.readFinishedPage(JOB, 2))!));
  assert.equal(skipped.page.unreadable, true);
  assert.equal(skipped.page.reason, "the page took longer than a page is allowed");
  assert.deepEqual(skipped.tables, []);
});

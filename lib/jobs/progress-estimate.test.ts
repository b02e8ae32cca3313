import assert from "node:assert/strict";
import { test } from "node:test";
import {
  estimateSeconds,
  formatEstimate,
  pagesDoneFromStage,
  runningEstimate,
  secondsPerPage,
  secondsPerPageLike,
  stageForPeople,
} from "./progress-estimate";

test("throughput is total time over total pages; no history, no number", () => {
  assert.equal(secondsPerPage([]), null);
  assert.equal(secondsPerPage([{ pages: 0, seconds: 3 }]), null);
  assert.equal(
    secondsPerPage([
      { pages: 10, seconds: 30 },
      { pages: 2, seconds: 18 },
    ]),
    4,
  );
});

test("the estimate shares the pages ahead among workers and adds this job's own pages", () => {
  assert.equal(estimateSeconds({ pagesAhead: 20, pagesLeft: 5, workers: 2, secondsPerPage: 3 }), 30 + 15);
  assert.equal(estimateSeconds({ pagesAhead: 0, pagesLeft: 10, workers: 4, secondsPerPage: 2.5 }), 25);
  assert.equal(estimateSeconds({ pagesAhead: 6, pagesLeft: 1, workers: 0, secondsPerPage: 1 }), 7, "no live worker counts as one");
  assert.equal(estimateSeconds({ pagesAhead: 6, pagesLeft: 1, workers: 1, secondsPerPage: null }), null);
});

test("estimates read as a person would say them", () => {
  assert.equal(formatEstimate(1), "about 5 s");
  assert.equal(formatEstimate(41), "about 45 s");
  assert.equal(formatEstimate(200), "about 3 min");
  assert.equal(formatEstimate(7200), "about 2 h");
});

test("pages done from the worker's stage, only when it has the expected shape", () => {
  assert.equal(pagesDoneFromStage("page 3 of 10: OCR (ocr-1, ocr-2)", 10), 2);
  assert.equal(pagesDoneFromStage("page 1 of 4: reading text layer and rulings", 4), 0);
  assert.equal(pagesDoneFromStage("page 3 of 12: reading", 10), null, "another total: not ours to trust");
  assert.equal(pagesDoneFromStage("waiting for a worker", 10), null);
  assert.equal(pagesDoneFromStage("starting", 10), null);
});

test("a scan is paced by recent scans, a text-layer document by its kind; either falls back to all", () => {
  const recent = [
    { pages: 10, seconds: 10, textLayer: true },
    { pages: 2, seconds: 44, textLayer: false },
  ];
  assert.equal(secondsPerPageLike(recent, false), 22);
  assert.equal(secondsPerPageLike(recent, true), 1);
  assert.equal(secondsPerPageLike(recent.slice(0, 1), false), 1, "no scan lately: the pace of all");
});

test("a running job's estimate goes down while its page runs, never below zero", () => {
  const at = (secondsRunning: number) => runningEstimate({ pagesLeft: 1, pagesDone: 0, secondsRunning, secondsPerPage: 22 });
  assert.equal(at(0), 22);
  assert.equal(at(10), 12);
  assert.equal(at(30), 0);
  // Two pages done of four at 5 s: 13 s in, 3 s into the third page.
  assert.equal(runningEstimate({ pagesLeft: 2, pagesDone: 2, secondsRunning: 13, secondsPerPage: 5 }), 7);
  assert.equal(runningEstimate({ pagesLeft: 2, pagesDone: 2, secondsRunning: 13, secondsPerPage: null }), null);
});

test("the stage of a scanned document does not speak of a text layer", () => {
  assert.equal(stageForPeople("page 1 of 2: reading text layer and rulings", false), "page 1 of 2: reading the scanned page image");
  assert.equal(stageForPeople("page 1 of 2: reading text layer and rulings", true), "page 1 of 2: reading text layer and rulings");
  // Pages are still counted from the reworded stage.
  assert.equal(pagesDoneFromStage(stageForPeople("page 2 of 2: reading text layer and rulings", false), 2), 1);
});

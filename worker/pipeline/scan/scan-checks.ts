// The checks a scanned table goes through after the value vote, in order: the scan checks
// registry. Each takes a table and gives it back with cells filled, doubted or shown another
// reading; run-pipeline's reconcile stage runs them, in this order, on every table of a scan both
// engines read that unread-tables.ts kept. Adding a check is a module plus an entry here.
import type { BBox, Table } from "../../../lib/result/schema";
import type { PageRender } from "../render/render-page";
import type { Settings } from "../settings";
import type { Ruling } from "../types";
import type { BoxedWord } from "../reconcile/words-in-box";
import { fillEmptySlots, type EmptySlot } from "./empty-slots";
import { doubtNeighboursOfMarks, slotsWithUnreadMarks } from "./unread-marks";
import { doubtCellsBesideUnreadInk } from "./unread-ink";
import { doubtConfusableTokens } from "./confusable-tokens";
import { doubtOffFormatNumbers } from "./column-format";
import { showReadingsThatAddUp } from "./column-sums";
import { settleReadingSlips } from "./reading-slips";
import { settleLetterCase } from "./letter-case";

/** What the checks may look at besides the table. */
export interface ScanCheckContext {
  /** The table's empty cells (empty-slots.ts), which the second engine read as crops. */
  slots: readonly EmptySlot[];
  /** The second engine's words. */
  secondWords: readonly BoxedWord[];
  /** The prepared page image and its grey levels (null when the page was not rendered). */
  image: PageRender | null;
  grey: Uint8Array | null;
  rulings: readonly Ruling[];
  /** The page's word boxes (the first engine's). */
  wordBoxes: readonly BBox[];
  settings: Settings;
}

export interface ScanCheck {
  name: string;
  check(table: Table, ctx: ScanCheckContext): Table;
}

export const SCAN_CHECKS: readonly ScanCheck[] = [
  // Empty cells the second engine read a mark in hold it, on that one reading (empty-slots.ts;
  // after unread-tables.ts, which counts what both engines read).
  { name: "empty-slots", check: (table, ctx) => fillEmptySlots(table, ctx.slots, ctx.secondWords) },
  // A slot still empty whose image holds a mark: its neighbours are in doubt (unread-marks.ts).
  {
    name: "unread-marks",
    check: (table, ctx) =>
      ctx.grey && ctx.image
        ? doubtNeighboursOfMarks(table, slotsWithUnreadMarks(table, ctx.slots, ctx.grey, ctx.image, ctx.rulings, ctx.settings))
        : table,
  },
  // A verified cell whose line holds ink beside its words that neither engine read may lack a mark
  // both missed (unread-ink.ts).
  {
    name: "unread-ink",
    check: (table, ctx) =>
      ctx.grey && ctx.image ? doubtCellsBesideUnreadInk(table, ctx.grey, ctx.image, ctx.wordBoxes, ctx.rulings, ctx.settings) : table,
  },
  // Tokens mixing letters and digits, and numbers off their column's format, both engines may
  // read alike and wrongly (confusable-tokens.ts, column-format.ts).
  { name: "confusable-tokens", check: (table) => doubtConfusableTokens(table) },
  { name: "column-format", check: (table, ctx) => doubtOffFormatNumbers(table, ctx.settings) },
  // A disputed cell whose two readings differ only where one engine slipped (a thousands space, a
  // lost or swapped separator, a number read as look-alike letters), backed by its column, is
  // resolved with the reading the column backs (reading-slips.ts).
  { name: "reading-slips", check: (table, ctx) => settleReadingSlips(table, ctx.settings) },
  // A disputed cell whose two readings differ in letter case alone, where the table's agreed words
  // or its line's labels back one case, is resolved with that reading (letter-case.ts).
  { name: "letter-case", check: (table, ctx) => settleLetterCase(table, ctx.settings) },
  // A disputed number shows the reading that makes a total add up (column-sums.ts).
  { name: "column-sums", check: (table, ctx) => showReadingsThatAddUp(table, ctx.settings) },
];

/** `table` through every scan check, in order. */
export function runScanChecks(table: Table, ctx: ScanCheckContext): Table {
  return SCAN_CHECKS.reduce((checked, step) => step.check(checked, ctx), table);
}

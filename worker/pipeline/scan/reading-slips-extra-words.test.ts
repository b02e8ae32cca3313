// Two more slips of one engine on scans, as generated families: words only one engine read around
// a value (a crop that took in a neighbour's text, shading read as letters), and a decimal point
// one engine lost where neither the column nor the row has a format to tell it from a speck.
// Each family is drawn both ways: the slip resolved to the right reading, and the look-alikes
// that are another value (a label with its year, a number read in part, a letter dropped inside
// a word, several numbers run together, a speck in a column of integers) left disputed.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Cell, Table } from "../../../lib/result/schema";
import { SETTINGS } from "../settings";
import { voteOnReadings } from "../reconcile/vote";
import { runScanChecks } from "./scan-checks";
import { slipBetween } from "./reading-slips";
import { int, pick, seededRng } from "../../../tests/pdf/corpus/content";
import { agreedCell as agreed, NO_IMAGE_CONTEXT, tableOfColumns as tableOf } from "../../../tests/pdf/two-engine-table";

type Rng = () => number;
const NAMES = ["Atrazine", "Endrin", "Lindane", "Benzene", "Toluene", "Nitrogen", "Phosphorus", "Copper and compounds", "Total"];
const BOX: [number, number, number, number] = [0, 0, 10, 10];

/** A cell read `right` by one engine and `other` by the other (which one is drawn). */
const readTwoWays = (rnd: Rng, right: string, other: string): Cell => {
  const [a, b] = rnd() < 0.5 ? [right, other] : [other, right];
  return { ...voteOnReadings({ "ocr-1": a, "ocr-2": b }), bbox: BOX };
};

/** What OCR makes of shading or a neighbour's edge: one to three short words. Beside a label,
 * letters, glyphs and single digits; beside a number, glyphs and a neighbour's digits (letters
 * there may be the value's marker or unit, which the rule leaves disputed). */
function noiseWords(rnd: Rng, besideNumber: boolean): string {
  const word = () =>
    pick(rnd, [
      () =>
        besideNumber
          ? pick(rnd, ["0,1", "11", "200200", "1"])
          : Array.from({ length: int(rnd, 1, 4) }, () => pick(rnd, [..."aeinorstEISH"])).join(""),
      () => pick(rnd, [":", "©", "=", "|", "~", ".."]),
      () => String(int(rnd, 0, 9)),
    ])();
  return Array.from({ length: int(rnd, 1, 3) }, word).join(" ");
}

/** The label column and a number column both engines read alike, with one cell of each drawn. */
function drawTable(rnd: Rng, nRows: number, label: (r: number) => Cell, number: (r: number) => Cell): Table {
  return tableOf([Array.from({ length: nRows }, (_, r) => label(r)), Array.from({ length: nRows }, (_, r) => number(r))]);
}

test("extra words one engine read around a label or a number are resolved to the value", () => {
  let labels = 0;
  let numbers = 0;
  for (let seed = 1; seed <= 260; seed++) {
    const rnd = seededRng(seed * 4099);
    const nRows = int(rnd, 5, 12);
    const at = int(rnd, 0, nRows - 1);
    const name = pick(rnd, NAMES);
    const noisy = rnd() < 0.5 ? `${name} ${noiseWords(rnd, false)}` : `${noiseWords(rnd, false)} ${name}`;
    const value = String(int(rnd, 1, 999));
    const noisyNumber = rnd() < 0.5 ? `${value} ${noiseWords(rnd, true)}` : `${noiseWords(rnd, true)} ${value}`;
    if (slipBetween(name, noisy)?.kind !== "extra-words" || slipBetween(value, noisyNumber)?.kind !== "extra-words") continue;
    const out = runScanChecks(
      drawTable(
        rnd,
        nRows,
        (r) => (r === at ? readTwoWays(rnd, name, noisy) : agreed(`${pick(rnd, NAMES)} ${r}`)),
        (r) => (r === at ? readTwoWays(rnd, value, noisyNumber) : agreed(String(int(rnd, 1, 999)))),
      ),
      NO_IMAGE_CONTEXT,
    );
    const [label, number] = [out.rows[at]![0]!, out.rows[at]![1]!];
    assert.equal(label.confidence, "resolved", `seed ${seed}: ${JSON.stringify(label.readings)}`);
    assert.equal(label.value, name);
    assert.equal(Object.keys(label.readings ?? {}).length, 2, "both readings kept");
    assert.equal(label.provisional, undefined);
    assert.equal(number.confidence, "resolved", `seed ${seed}: ${JSON.stringify(number.readings)}`);
    assert.equal(number.value, value);
    labels += 1;
    numbers += 1;
  }
  assert.ok(labels >= 150 && numbers >= 150, `${labels} labels, ${numbers} numbers drawn`);
});

/** Readings whose longer one holds the shorter whole, but the rest is (or may be) the value. */
const NOT_EXTRA: Array<{ kind: string; draw: (rnd: Rng) => [string, string]; column: (rnd: Rng) => string }> = [
  // A label with its year or count, which one engine missed.
  {
    kind: "a label and its year",
    draw: (r) => {
      const name = pick(r, NAMES);
      return [`${name} ${int(r, 1990, 2030)}`, name];
    },
    column: (r) => String(int(r, 1, 999)),
  },
  // A thousands group one engine read in part.
  {
    kind: "a number read in part",
    draw: (r) => {
      const [a, b] = [int(r, 1, 999), String(int(r, 0, 999)).padStart(3, "0")];
      return pick(r, [
        [`${a} ${b}`, String(a)],
        [`${a} ${b}`, b],
      ]);
    },
    column: (r) => `${int(r, 1, 999)} ${String(int(r, 0, 999)).padStart(3, "0")}`,
  },
  // A letter dropped inside a word: another spelling, not extra words.
  {
    kind: "a letter dropped",
    draw: (r) => {
      const name = pick(r, NAMES);
      const letters = [...name].map((ch, i) => (/\p{L}/u.test(ch) && i > 0 ? i : -1)).filter((i) => i > 0);
      const at = pick(r, letters);
      return [name, name.slice(0, at) + name.slice(at + 1)];
    },
    column: (r) => String(int(r, 1, 999)),
  },
  // A number with its marker or unit, which one engine missed.
  {
    kind: "a number and its marker",
    draw: (r) => {
      const v = `${int(r, 1, 99)}.${int(r, 0, 9)}`;
      return [`${v} ${pick(r, ["e", "p", "r", "(e)", "kg", "b"])}`, v];
    },
    column: (r) => `${int(r, 1, 99)}.${int(r, 0, 9)}`,
  },
  // A number kept in a column of names: the column does not say it is a value at all.
  {
    kind: "a number among names",
    draw: (r) => {
      const v = String(int(r, 1, 99));
      return [`${v} ${pick(r, ["ae", "oe", "rE"])}`, v];
    },
    column: (r) => pick(r, NAMES),
  },
];

test("a longer reading that may be the value stays disputed", () => {
  let drawn = 0;
  for (let seed = 1; seed <= 60; seed++) {
    const rnd = seededRng(seed * 7307);
    for (const family of NOT_EXTRA) {
      const nRows = int(rnd, 5, 12);
      const at = int(rnd, 0, nRows - 1);
      const [truth, other] = family.draw(rnd);
      const out = runScanChecks(
        tableOf([
          Array.from({ length: nRows }, (_, r) => agreed(`${pick(rnd, NAMES)} ${r}`)),
          Array.from({ length: nRows }, (_, r) => (r === at ? readTwoWays(rnd, truth, other) : agreed(family.column(rnd)))),
        ]),
        NO_IMAGE_CONTEXT,
      );
      const cell = out.rows[at]![1]!;
      assert.equal(cell.confidence, "disputed", `seed ${seed}, ${family.kind}: ${truth} / ${other} -> ${cell.confidence} ${cell.value}`);
      drawn += 1;
    }
  }
  assert.equal(drawn, 60 * NOT_EXTRA.length);
});

/** A table whose columns alternate counts and shares, none read alike by both engines but the
 * labels: no column and no row has a format. */
function formatlessTable(rnd: Rng, nRows: number, cell: (r: number, c: number) => Cell): Table {
  const nCols = int(rnd, 2, 4) * 2;
  return tableOf([
    Array.from({ length: nRows }, (_, r) => agreed(`${pick(rnd, NAMES)} ${r}`)),
    ...Array.from({ length: nCols }, (_, c) => Array.from({ length: nRows }, (_, r) => cell(r, c + 1))),
  ]);
}

test("a decimal point one engine lost is resolved where no column or row has a format", () => {
  let settled = 0;
  for (let seed = 1; seed <= 80; seed++) {
    const rnd = seededRng(seed * 3571);
    const nRows = int(rnd, 4, 10);
    const expected: Array<{ r: number; c: number; value: string }> = [];
    const table = formatlessTable(rnd, nRows, (r, c) => {
      // Counts and shares alternate; every cell disputed by some other slip, so nothing is agreed.
      if (c % 2 === 1) {
        const v = String(int(rnd, 10, 9999));
        return readTwoWays(rnd, v, `${v}${pick(rnd, ["a", "i", "|"])}x`);
      }
      const share = `${int(rnd, 0, 99)}.${int(rnd, 0, 9)}`;
      if (rnd() < 0.5) {
        expected.push({ r, c, value: share });
        return readTwoWays(rnd, share, share.replace(".", ""));
      }
      return readTwoWays(rnd, share, `${share}${pick(rnd, ["a", "i"])}x`);
    });
    const out = runScanChecks(table, NO_IMAGE_CONTEXT);
    for (const { r, c, value } of expected) {
      const cell = out.rows[r]![c]!;
      assert.equal(cell.confidence, "resolved", `seed ${seed}: ${JSON.stringify(cell.readings)}`);
      assert.equal(cell.value, value);
      settled += 1;
    }
    // Several numbers run together, one of them with a lost point: not one number, disputed.
    const runTogether = formatlessTable(rnd, nRows, (r, c) =>
      r === 0 && c === 2 ? readTwoWays(rnd, "46.3% [3.1-3.4] 35.5%", "46.3% [3.1-3.4] 355%") : readTwoWays(rnd, "12", "12ax"),
    );
    assert.equal(runScanChecks(runTogether, NO_IMAGE_CONTEXT).rows[0]![2]!.confidence, "disputed", `seed ${seed}: run together`);
  }
  assert.ok(settled >= 150, `${settled} settled`);
});

test("where the column has a format, a point off it stays disputed even with the no-format class on", () => {
  for (let seed = 1; seed <= 40; seed++) {
    const rnd = seededRng(seed * 2273);
    const nRows = int(rnd, 6, 12);
    const at = int(rnd, 0, nRows - 1);
    const v = String(int(rnd, 10, 999));
    const table = tableOf([
      Array.from({ length: nRows }, (_, r) => agreed(`${pick(rnd, NAMES)} ${r}`)),
      Array.from({ length: nRows }, (_, r) =>
        r === at ? readTwoWays(rnd, v, `${v.slice(0, 1)}.${v.slice(1)}`) : agreed(String(int(rnd, 10, 999))),
      ),
    ]);
    assert.equal(runScanChecks(table, NO_IMAGE_CONTEXT).rows[at]![1]!.confidence, "disputed", `seed ${seed}: ${v}`);
  }
});

test("each new class is switched off by leaving it out of the settings", () => {
  const rnd = seededRng(11);
  const labels = tableOf([
    [readTwoWays(rnd, "Atrazine", "Atrazine Si SHEA"), ...["Endrin", "Lindane", "Benzene"].map(agreed)],
    ["1", "2", "3", "4"].map(agreed),
  ]);
  const shares = formatlessTable(rnd, 4, (r, c) => (r === 0 && c === 2 ? readTwoWays(rnd, "2.4", "24") : readTwoWays(rnd, "12", "12ax")));
  const without = (kind: string) => ({
    ...NO_IMAGE_CONTEXT,
    settings: { ...SETTINGS, scanReadingSlips: SETTINGS.scanReadingSlips.filter((k) => k !== kind) },
  });
  assert.equal(runScanChecks(labels, NO_IMAGE_CONTEXT).rows[0]![0]!.confidence, "resolved");
  assert.equal(runScanChecks(labels, without("extra-words")).rows[0]![0]!.confidence, "disputed");
  assert.equal(runScanChecks(shares, NO_IMAGE_CONTEXT).rows[0]![2]!.confidence, "resolved");
  assert.equal(runScanChecks(shares, without("separator-no-format")).rows[0]![2]!.confidence, "disputed");
});

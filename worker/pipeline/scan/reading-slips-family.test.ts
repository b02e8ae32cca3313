// Reading slips on scans, as a generated family: tables of columns in every common number format
// (decimals with a point or a comma, thousands grouped by a comma, a space or not at all,
// percentages, small counts, nil values printed as a bare "0" among them), whose cells both engines read alike except a few where one engine
// slipped (a thousands space, a lost or swapped separator, a number read as look-alike letters, a
// point after its last digit).
// Each such cell must come out `resolved` with the right reading. Then the lies of each class:
// the same slips where the reading the rule would keep is the wrong one (a speck read as a point
// in a column of integers, a letter "O" in a column of names read "0", a space between two
// numbers run together, a changed digit or a lost sign beside the slip). None may be verified or
// resolved: they stay disputed, in the queue.
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
const LABELS = ["Belgium", "Denmark", "Germany", "Greece", "Spain", "France", "Ireland", "Italy", "Austria", "Finland", "Sweden", "Total"];

/** A column's number style: what each of its values looks like. */
interface Style {
  name: string;
  draw(rnd: Rng): string;
}

const coin = (r: Rng) => r() < 0.5;
const group = (n: number, sep: string) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
/** A nil value printed bare, as a column of any format prints it ("0" beside "13.8"). */
const bareZeroOf = (style: Style) => (style.name === "percent" ? "0%" : "0");

const STYLES: Style[] = [
  { name: "one decimal, point", draw: (r) => `${int(r, 0, 99)}.${int(r, 0, 9)}` },
  { name: "two decimals, point", draw: (r) => `${int(r, 0, 999)}.${String(int(r, 0, 99)).padStart(2, "0")}` },
  { name: "one decimal, comma", draw: (r) => `${int(r, 0, 99)},${int(r, 0, 9)}` },
  { name: "signed decimal", draw: (r) => `${pick(r, ["+", "-"])}${int(r, 0, 99)}.${int(r, 0, 9)}` },
  { name: "percent", draw: (r) => `${int(r, 0, 99)}.${int(r, 0, 9)}%` },
  { name: "margin of error", draw: (r) => `±${int(r, 0, 99)}.${int(r, 0, 9)}` },
  // Estimates some of which carry a footnote flag, before or after the number (one place per
  // column, as a table prints them; the place drawn per value here is both kinds of column).
  {
    name: "flagged estimates",
    draw: (r) => {
      const v = r() < 0.5 ? `${int(r, 0, 99)}.${int(r, 0, 9)}` : group(int(r, 100, 99999), ",");
      if (r() < 0.5) return v;
      const flag = pick(r, ["*", "**", "***"]);
      return r() < 0.5 ? `${flag}${v}` : `${v}${flag}`;
    },
  },
  { name: "thousands, comma", draw: (r) => group(int(r, 1000, 999999), ",") },
  { name: "thousands, space", draw: (r) => group(int(r, 1000, 999999), " ") },
  { name: "bracketed thousands", draw: (r) => `(${group(int(r, 1000, 99999), ",")})` },
  // Confidence intervals printed as one cell, in the forms survey reports use.
  { name: "interval, hyphen in brackets", draw: (r) => intervalOf(r, 1, (lo, hi) => `(${lo}-${hi})`) },
  { name: "interval, spaced dash", draw: (r) => intervalOf(r, 2, (lo, hi) => `${lo} ${pick(r, ["-", "–"])} ${hi}`) },
  // (Square brackets round a whole reading are taken for the rules at a cell's sides on a scan,
  // reconcile/edge-rulings.ts, whether or not a slip is settled; so parentheses only here.)
  { name: "interval, comma in brackets", draw: (r) => intervalOf(r, 1, (lo, hi) => `(${lo}, ${hi})`) },
  { name: "interval, thousands", draw: (r) => intervalOf(r, 1, (lo, hi) => `(${lo}-${hi})`, 1000) },
];

/** An interval around a drawn estimate of `scale` to 80 times that, its ends with `decimals`
 * decimals (thousands grouped with a comma), printed by `print`. Its ends stay under a hundred
 * times `scale` (the margin is at most an eighth), so a column of small intervals groups none. */
function intervalOf(r: Rng, decimals: number, print: (lo: string, hi: string) => string, scale = 10): string {
  const estimate = int(r, scale, scale * 80) + int(r, 0, 9) / 10;
  const margin = estimate * (0.02 + r() * 0.1);
  const end = (v: number) => {
    const [whole, fraction] = v.toFixed(decimals).split(".");
    return `${group(Number(whole), ",")}.${fraction}`;
  };
  return print(end(estimate - margin), end(estimate + margin));
}

/** A cell the two engines read differently: `slipped` by one engine (which one is drawn). */
const readTwoWays = (rnd: Rng, right: string, slipped: string): Cell => {
  const [a, b] = rnd() < 0.5 ? [right, slipped] : [slipped, right];
  return { ...voteOnReadings({ "ocr-1": a, "ocr-2": b }), bbox: [0, 0, 10, 10] };
};

/** Asserts that each expected cell of `out` came out `resolved` with the right reading; returns
 * how many there were. */
function expectResolved(out: Table, expected: ReadonlyArray<{ r: number; c: number; value: string }>, seed: number): number {
  for (const { r, c, value } of expected) {
    const cell = out.rows[r]![c]!;
    assert.equal(cell.confidence, "resolved", `seed ${seed}: ${JSON.stringify(cell.readings)}`);
    assert.equal(cell.value, value);
  }
  return expected.length;
}

/** The row labels' column: names both engines read alike. */
const labelColumn = (n: number): Cell[] => Array.from({ length: n }, (_, r) => agreed(`${LABELS[r % LABELS.length]} ${r}`));

/** How an engine slips on a value of the style, right reading first; null when the style has no
 * such slip. */
function slipOf(rnd: Rng, style: Style, value: string): { kind: string; slipped: string } | null {
  const options: Array<{ kind: string; slipped: string }> = [];
  const sep = /\d([.,])\d+%?\)?$/.exec(value);
  if (sep && !style.name.startsWith("thousands") && !style.name.startsWith("bracketed")) {
    options.push({ kind: "dropped-separator", slipped: value.replace(/(\d)[.,](\d+%?\)?)$/, "$1$2") });
    options.push({
      kind: "swapped-separator",
      slipped: value.replace(/(\d)([.,])(\d+%?\)?)$/, (_m, a, s, b) => `${a}${s === "." ? "," : "."}${b}`),
    });
  }
  if (/\d,\d{3}/.test(value)) {
    options.push({ kind: "dropped-separator", slipped: value.replace(/(\d),(\d{3})/, "$1$2") });
    if (!/\d,\d{3},/.test(value)) options.push({ kind: "swapped-separator", slipped: value.replace(/(\d),(\d{3})/, "$1.$2") });
  }
  // Every separator of an interval lost ("(77.3-82.0)" read "(773-820)").
  if (style.name.startsWith("interval")) options.push({ kind: "dropped-separator", slipped: value.replace(/(\d)[.,](?=\d)/g, "$1") });
  if (/\d \d{3}/.test(value) && !style.name.startsWith("interval")) options.push({ kind: "digit-space", slipped: value.replace(/ /g, "") });
  // A sign lost, or a plus read as the "4" its strokes make.
  if (/^[+-]\d/.test(value)) options.push({ kind: "lost-sign", slipped: value.slice(1) });
  if (/^\+\d/.test(value)) options.push({ kind: "lost-sign", slipped: `4${value.slice(1)}` });
  // Footnote asterisks read as a quote, a plus or a percent sign (Tesseract on a small raised star).
  // A flagged value has no number format, so that is the only slip a column of them settles.
  if (style.name === "flagged estimates") {
    if (!value.includes("*")) return null;
    const mark = pick(rnd, ["\u201c", "\u2018", '"', "+", "%"]);
    return { kind: "asterisk-as-mark", slipped: value.replace(/\*/g, mark) };
  }
  // A plus-minus lost, or read as a plus.
  if (/^±\d/.test(value)) {
    options.push({ kind: "lost-sign", slipped: value.slice(1) });
    options.push({ kind: "plus-minus-as-plus", slipped: `+${value.slice(1)}` });
  }
  // A speck or a leader dot read as a point after the last digit of a number with decimals.
  if (/\d[.,]\d+$/.test(value)) options.push({ kind: "trailing-point", slipped: `${value}${pick(rnd, [".", ","])}` });
  // A percent sign read as the digits its rings make, or a last digit with a loop read as one.
  if (/\d%$/.test(value))
    options.push({ kind: "percent-as-digits", slipped: value.replace(/%$/, pick(rnd, ["8", "94", "96", "04", "6"])) });
  if (/^\d{1,3}(,\d{3})+$/.test(value) && /[0456789]$/.test(value))
    options.push({ kind: "percent-as-digits", slipped: value.replace(/\d$/, "%") });
  if (/[01]/.test(value))
    options.push({
      kind: "lookalike-in-number",
      slipped: value.replace(/[01]/, (d) => (d === "0" ? pick(rnd, ["o", "O"]) : pick(rnd, ["l", "I"]))),
    });
  return options.length ? pick(rnd, options) : null;
}

test("slips on scans: one engine's thousands space, lost or swapped separator and look-alike letters are resolved to the right reading", () => {
  const byKind = new Map<string, number>();
  let draws = 0;
  let zeros = 0;
  let intervals = 0;
  for (let seed = 1; seed <= 400; seed++) {
    const rnd = seededRng(seed * 7919);
    const nRows = int(rnd, 6, 14);
    const styles = Array.from({ length: int(rnd, 2, 5) }, () => pick(rnd, STYLES));
    const expected: Array<{ r: number; c: number; value: string; kind: string }> = [];
    const bareZeros: Array<{ r: number; c: number }> = [];
    const columns: Cell[][] = [labelColumn(nRows)];
    for (const style of styles) {
      const c = columns.length;
      // At most a quarter of a column slips: the rest is the column's format, agreed by both engines.
      const slipRows = new Set(Array.from({ length: int(rnd, 1, Math.floor(nRows / 4)) }, () => int(rnd, 0, nRows - 1)));
      // Nil values printed bare, up to most of the column's other cells (a column of shares of
      // which many are nil): they neither set the column's format nor break it. The format still
      // needs its minimum of numbers, so that many cells are left to print it.
      const zeroShare = /^(thousands|bracketed|interval)/.test(style.name) ? 0 : pick(rnd, [0, 0, 0.25, 0.5, 0.7]);
      const others = Array.from({ length: nRows }, (_, r) => r).filter((r) => !slipRows.has(r));
      const nZeros = Math.max(0, Math.min(Math.round(zeroShare * nRows), others.length - SETTINGS.columnFormatMinNumbers - 2));
      const zeroRows = new Set(
        others.filter((_, i) => i % Math.max(1, Math.floor(others.length / Math.max(1, nZeros))) === 0).slice(0, nZeros),
      );
      columns.push(
        Array.from({ length: nRows }, (_, r) => {
          if (zeroRows.has(r)) {
            bareZeros.push({ r, c });
            return agreed(bareZeroOf(style));
          }
          const value = style.draw(rnd);
          const slip = slipRows.has(r) ? slipOf(rnd, style, value) : null;
          if (!slip || slipBetween(value, slip.slipped) === null) return agreed(value);
          expected.push({ r, c, value, kind: slip.kind });
          if (style.name.startsWith("interval")) intervals += 1;
          return readTwoWays(rnd, value, slip.slipped);
        }),
      );
    }
    const out = runScanChecks(tableOf(columns), NO_IMAGE_CONTEXT);
    for (const { r, c, value, kind } of expected) {
      const cell = out.rows[r]![c]!;
      // A column of negatives alone does not say that an unsigned value lost its minus (the lie "a
      // lost sign"): where no agreed cell of the column prints a plus, a lost sign stays disputed.
      if (kind === "lost-sign" && !columns[c]!.some((other) => other.confidence === "verified" && /^[+±]/.test(other.value))) {
        assert.equal(cell.confidence, "disputed", `seed ${seed}: a lost sign in a column of negatives`);
        continue;
      }
      // Nor does a column with fewer than two agreed flags say that it flags its values.
      const flags = columns[c]!.filter((other) => other.confidence === "verified" && other.value.includes("*")).length;
      if (kind === "asterisk-as-mark" && flags < SETTINGS.columnAsterisksMin) {
        assert.equal(cell.confidence, "disputed", `seed ${seed}: an asterisk in a column with ${flags} agreed flags`);
        continue;
      }
      draws += 1;
      byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      assert.equal(cell.confidence, "resolved", `seed ${seed}: ${kind} ${JSON.stringify(cell.readings)}`);
      assert.equal(cell.value, value, `seed ${seed}: ${kind} keeps the right reading`);
      assert.equal(cell.provisional, undefined);
      assert.equal(Object.keys(cell.readings ?? {}).length, 2, "both readings kept");
    }
    for (const { r, c } of bareZeros) {
      assert.equal(out.rows[r]![c]!.confidence, "verified", `seed ${seed}: a bare zero both engines read stays verified`);
      zeros += 1;
    }
  }
  for (const kind of [
    "digit-space",
    "dropped-separator",
    "swapped-separator",
    "lookalike-in-number",
    "lost-sign",
    "trailing-point",
    "percent-as-digits",
    "plus-minus-as-plus",
    "asterisk-as-mark",
  ])
    assert.ok((byKind.get(kind) ?? 0) >= 20, `${kind} drawn ${byKind.get(kind) ?? 0} times`);
  assert.ok(draws >= 150, `${draws} slips drawn`);
  assert.ok(intervals >= 40, `${intervals} slips in intervals drawn`);
  assert.ok(zeros >= 100, `${zeros} bare zeros drawn`);
});

test("a point lost after a leading zero is settled in a short table of counts and their shares", () => {
  // Two or three rows, columns of counts and of shares under one, most of them counts: no column
  // has enough agreed numbers to have a format, and each row's is the counts'. One engine lost the
  // point of a share under one ("0.4" read "04"): no table prints a count so.
  let settled = 0;
  for (let seed = 1; seed <= 60; seed++) {
    const rnd = seededRng(seed * 3571);
    const nRows = int(rnd, 2, 3);
    const nCols = int(rnd, 6, 12);
    const shares = new Set(Array.from({ length: int(rnd, 1, Math.floor(nCols / 3)) }, () => int(rnd, 0, nCols - 1)));
    const decimals = int(rnd, 1, 2);
    const sep = pick(rnd, [".", ","]);
    const expected: Array<{ r: number; c: number; value: string }> = [];
    const rows: Cell[][] = Array.from({ length: nRows }, () =>
      Array.from({ length: nCols }, (_, c) => {
        if (!shares.has(c)) return agreed(String(int(rnd, 10, 999)));
        const digits = String(int(rnd, 1, 10 ** decimals - 1)).padStart(decimals, "0");
        const value = `0${sep}${digits}`;
        if (rnd() < 0.5) return agreed(value);
        return readTwoWays(rnd, value, `0${digits}`);
      }),
    );
    rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (cell.confidence === "disputed")
          expected.push({ r, c, value: Object.values(cell.readings ?? {}).find((v) => v.includes(sep))! });
      }),
    );
    const out = runScanChecks(tableOf(rows[0]!.map((_, c) => rows.map((row) => row[c]!))), NO_IMAGE_CONTEXT);
    settled += expectResolved(out, expected, seed);
  }
  assert.ok(settled >= 40, `${settled} settled`);
});

test("slips in a table of a few rows, years across: the row gives the format", () => {
  let settled = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const rnd = seededRng(seed * 6151);
    const nCols = int(rnd, 6, 12);
    const nRows = int(rnd, 2, 3);
    const expected: Array<{ r: number; c: number; value: string }> = [];
    const rows: Cell[][] = Array.from({ length: nRows }, (_, r) => {
      const style = pick(
        rnd,
        // Formats only: a flagged value has none (its asterisk is settled by its column).
        STYLES.filter((s) => !s.name.includes("thousands") && s.name !== "flagged estimates"),
      );
      const at = int(rnd, 0, nCols - 1);
      return Array.from({ length: nCols }, (_, c) => {
        const value = style.draw(rnd);
        const slip = c === at ? slipOf(rnd, style, value) : null;
        if (!slip || slipBetween(value, slip.slipped) === null) return agreed(value);
        expected.push({ r, c, value });
        return readTwoWays(rnd, value, slip.slipped);
      });
    });
    const columns = rows[0]!.map((_, c) => rows.map((row) => row[c]!));
    const out = runScanChecks(tableOf(columns), NO_IMAGE_CONTEXT);
    settled += expectResolved(out, expected, seed);
    // A speck read as a point in a row of integers (a count row under a share row) stays disputed.
    const counts = Array.from({ length: nCols }, () => agreed(String(int(rnd, 10, 999))));
    const at = int(rnd, 0, nCols - 1);
    const v = String(int(rnd, 10, 999));
    counts[at] = readTwoWays(rnd, v, `${v.slice(0, 1)}.${v.slice(1)}`);
    const withCounts = runScanChecks(tableOf(counts.map((cell, c) => [rows[0]![c]!, cell])), NO_IMAGE_CONTEXT);
    assert.equal(withCounts.rows[1]![at]!.confidence, "disputed", `seed ${seed}: ${v} in a row of counts`);
  }
  assert.ok(settled >= 25, `${settled} settled`);
});

test("a column the engines disputed most of is backed by its row: thousands throughout", () => {
  // Every column groups thousands with a comma; one column's cells one engine read with a point
  // instead. Its row's agreed cells say how the table groups, and back the comma.
  let settled = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const rnd = seededRng(seed * 2903);
    const nRows = int(rnd, 5, 9);
    const nCols = int(rnd, 5, 8);
    const at = int(rnd, 1, nCols);
    const expected: Array<{ r: number; value: string }> = [];
    const columns: Cell[][] = [labelColumn(nRows)];
    for (let c = 1; c <= nCols; c++)
      columns.push(
        Array.from({ length: nRows }, (_, r) => {
          const value = group(int(rnd, 10000, 99999), ",");
          if (c !== at || rnd() < 0.2) return agreed(value);
          expected.push({ r, value });
          return readTwoWays(rnd, value, value.replace(",", "."));
        }),
      );
    const out = runScanChecks(tableOf(columns), NO_IMAGE_CONTEXT);
    settled += expectResolved(
      out,
      expected.map(({ r, value }) => ({ r, c: at, value })),
      seed,
    );
  }
  assert.ok(settled >= 150, `${settled} settled`);
});

test("a point read for a thousands comma where column and row are too short to say: the table's grouping backs the comma", () => {
  // Two to four columns of thousands grouped with a comma; in one, one engine read most commas as
  // points, so it has too few agreed numbers for a format and each row too few for one of its own.
  // The table's agreed numbers say how it groups. With a column of three decimals beside them
  // ("0.125"), a point before three digits may be a value: nothing is settled.
  let settled = 0;
  let held = 0;
  for (let seed = 1; seed <= 60; seed++) {
    const rnd = seededRng(seed * 4421);
    const nRows = int(rnd, 4, 9);
    const withDecimals = rnd() < 0.3;
    // Rows of at most three other numbers, the column of decimals counted: no row has a format.
    const nCols = int(rnd, 2, withDecimals ? 3 : 4);
    const at = int(rnd, 1, nCols);
    const expected: Array<{ r: number; value: string }> = [];
    const columns: Cell[][] = [labelColumn(nRows)];
    for (let c = 1; c <= nCols; c++)
      columns.push(
        Array.from({ length: nRows }, (_, r) => {
          const value = group(int(rnd, 1000, 99999), ",");
          // At most two agreed cells in the disputed column: under the column's minimum.
          if (c !== at || r < Math.min(2, nRows - 2) * Number(rnd() < 0.5)) return agreed(value);
          expected.push({ r, value });
          return readTwoWays(rnd, value, value.replace(",", "."));
        }),
      );
    if (withDecimals)
      columns.push(Array.from({ length: nRows }, () => agreed(`${int(rnd, 0, 9)}.${String(int(rnd, 0, 999)).padStart(3, "0")}`)));
    const out = runScanChecks(tableOf(columns), NO_IMAGE_CONTEXT);
    for (const { r, value } of expected) {
      const cell = out.rows[r]![at]!;
      if (withDecimals) {
        assert.equal(cell.confidence, "disputed", `seed ${seed}: three decimals in the table, ${JSON.stringify(cell.readings)}`);
        held += 1;
      } else {
        assert.equal(cell.confidence, "resolved", `seed ${seed}: ${JSON.stringify(cell.readings)}`);
        assert.equal(cell.value, value);
        settled += 1;
      }
    }
  }
  assert.ok(settled >= 150, `${settled} settled`);
  assert.ok(held >= 40, `${held} held`);
});

/** A lie of a slip class: the truth, and the two readings, the one the rule would keep being wrong. */
interface Lie {
  kind: string;
  /** The column the cell stands in (its agreed values). */
  column: (rnd: Rng) => string;
  readings: (rnd: Rng) => [string, string];
}

const LIES: Lie[] = [
  // A percent sign against digits in a column of plain decimals: neither reading is in its format.
  {
    kind: "a percent in a column of decimals",
    column: (r) => `${int(r, 0, 99)}.${int(r, 0, 9)}`,
    readings: (r) => {
      const v = `${int(r, 0, 99)}.${int(r, 0, 9)}`;
      return [`${v}%`, `${v}${pick(r, ["8", "94", "96"])}`];
    },
  },
  // The same, the digits reading also another number: no slip.
  {
    kind: "a percent against another number",
    column: (r) => `${int(r, 0, 99)}.${int(r, 0, 9)}%`,
    readings: (r) => {
      const [a, b] = [int(r, 10, 49), int(r, 0, 9)];
      return [`${a}.${b}%`, `${a + 1}.${b}94`];
    },
  },
  // A speck read as a point (or a comma) in a column of integers: off the column's format.
  {
    kind: "a point in an integer column",
    column: (r) => String(int(r, 10, 999)),
    readings: (r) => {
      const v = String(int(r, 10, 999));
      const at = int(r, 1, v.length - 1);
      return [v, `${v.slice(0, at)}${pick(r, [".", ","])}${v.slice(at)}`];
    },
  },
  // A speck read as a point in an interval of whole numbers ("(1.2-15)" against "(12-15)").
  {
    kind: "a point in a column of whole-number intervals",
    column: (r) => {
      const lo = int(r, 10, 500);
      return `(${lo}-${lo + int(r, 2, 60)})`;
    },
    readings: (r) => {
      const lo = String(int(r, 10, 500));
      const hi = String(Number(lo) + int(r, 2, 60));
      return [`(${lo}-${hi})`, coin(r) ? `(${lo[0]}.${lo.slice(1)}-${hi})` : `(${lo}-${hi.slice(0, -1)}.${hi.slice(-1)})`];
    },
  },
  // A point in a span of years ("20.10-2015").
  {
    kind: "a point in a column of year spans",
    column: (r) => {
      const y = int(r, 1990, 2015);
      return `${y}-${y + int(r, 1, 5)}`;
    },
    readings: (r) => {
      const y = int(r, 1990, 2015);
      const span = `${y}-${y + int(r, 1, 5)}`;
      return [span, `${span.slice(0, 2)}.${span.slice(2)}`];
    },
  },
  // A point where the column groups thousands with commas ("2.517" against "2517").
  {
    kind: "a point in a thousands column",
    column: (r) => group(int(r, 1000, 99999), ","),
    readings: (r) => {
      const v = String(int(r, 1000, 9999));
      return [v, `${v.slice(0, v.length - 3)}.${v.slice(-3)}`];
    },
  },
  // A letter "O" or "I" (a code or a class) in a column of names, read as a digit by one engine.
  {
    kind: "a letter among names",
    column: (r) => pick(r, LABELS),
    readings: (r) =>
      pick(r, [
        ["O", "0"],
        ["I", "1"],
        ["IO", "10"],
      ] as Array<[string, string]>),
  },
  // Two numbers run together, one engine reading the gap: not a thousands group.
  {
    kind: "two numbers run together",
    column: (r) => String(int(r, 1, 99)),
    readings: (r) => {
      const [a, b] = [int(r, 1, 99), int(r, 1, 99)];
      return [`${a} ${b}`, `${a}${b}`];
    },
  },
  // Two numbers of two columns run together in one cell (a structure slip), one engine losing
  // their separators: the cell is no number of its column's format, whatever its spelling.
  {
    kind: "two numbers run together, their points lost",
    column: (r) => `${int(r, 0, 99)}.${int(r, 0, 9)}`,
    readings: (r) => {
      const [count, share] = [group(int(r, 1000, 99999), ","), `${int(r, 10, 99)}.${int(r, 0, 9)}`];
      return [`${count} ${share}`, `${count} ${share}`.replace(/[.,]/g, "")];
    },
  },
  // A digit changed beside a slip: another value.
  {
    kind: "a digit changed beside a lost point",
    column: (r) => `${int(r, 0, 99)}.${int(r, 0, 9)}`,
    readings: (r) => {
      const [a, b] = [int(r, 1, 9), int(r, 0, 8)];
      return [`${a}.${b}`, `${a}${b + 1}`];
    },
  },
  // A sign lost: another value.
  {
    kind: "a lost sign",
    column: (r) => `-${int(r, 0, 99)}.${int(r, 0, 9)}`,
    readings: (r) => {
      const v = `${int(r, 1, 99)}.${int(r, 0, 9)}`;
      return [`-${v}`, v];
    },
  },
  // A plus one engine read, or a "4" read as a plus, where the column prints no signs: the unsigned
  // reading may be the value.
  {
    kind: "a plus in a column without signs",
    column: (r) => `${int(r, 0, 99)}.${int(r, 0, 9)}`,
    readings: (r) => {
      const v = `${int(r, 1, 99)}.${int(r, 0, 9)}`;
      return pick(r, [
        [v, `+${v}`],
        [`4${v}`, `+${v}`],
      ] as Array<[string, string]>);
    },
  },
  // A percent sign read as an asterisk in a column of flagged percentages: the column prints "%".
  {
    kind: "a percent sign read as an asterisk among flagged percentages",
    column: (r) => `${int(r, 0, 99)}.${int(r, 0, 9)}%${coin(r) ? "*" : ""}`,
    readings: (r) => {
      const v = `${int(r, 0, 99)}.${int(r, 0, 9)}`;
      return [`${v}%`, `${v}*`];
    },
  },
  // A plus read as an asterisk in a column of flagged signed changes: the column prints "+".
  {
    kind: "a plus read as an asterisk among flagged changes",
    column: (r) => `${coin(r) ? "*" : ""}${pick(r, ["+", "-"])}${int(r, 0, 99)}.${int(r, 0, 9)}`,
    readings: (r) => {
      const v = `${int(r, 0, 99)}.${int(r, 0, 9)}`;
      return [`+${v}`, `*${v}`];
    },
  },
  // A quote mark read as an asterisk where the column flags nothing.
  {
    kind: "an asterisk in a column without flags",
    column: (r) => group(int(r, 100, 99999), ","),
    readings: (r) => {
      const v = group(int(r, 100, 99999), ",");
      return [`"${v}`, `*${v}`];
    },
  },
  // A plus read as a plus-minus in a column of signed changes: the column prints no plus-minus.
  {
    kind: "a plus-minus in a column of signed numbers",
    column: (r) => `${pick(r, ["+", "-"])}${int(r, 0, 99)}.${int(r, 0, 9)}`,
    readings: (r) => {
      const v = `${int(r, 1, 99)}.${int(r, 0, 9)}`;
      return [`+${v}`, `±${v}`];
    },
  },
  // A sign read the other way round in a column that prints its signs: another value.
  {
    kind: "a sign turned",
    column: (r) => `${pick(r, ["+", "-"])}${int(r, 0, 99)}.${int(r, 0, 9)}`,
    readings: (r) => {
      const v = `${int(r, 1, 99)}.${int(r, 0, 9)}`;
      return [`+${v}`, `-${v}`];
    },
  },
  // A speck read as a point after the leading zero of a code, in a column of codes ("03" against
  // "0.3"): there a leading zero is the value's own.
  {
    kind: "a point after a code's leading zero",
    column: (r) => `0${pick(r, ["", "0"])}${int(r, 1, 9)}`,
    readings: (r) => {
      const d = int(r, 1, 9);
      return [`0${d}`, `0.${d}`];
    },
  },
  // A column of numbered items ("1." "2."), one of which an engine read without its point: there
  // the point is the value's own.
  {
    kind: "a numbered item's point",
    column: (r) => `${int(r, 1, 40)}.`,
    readings: (r) => {
      const n = int(r, 1, 40);
      return [`${n}.`, `${n}`];
    },
  },
  // A grouped number both engines read in part, one with the separator after a group ("7" and
  // "7." for "7,718", "16,217" and "16,217." for "16,217,480"): the point is the rest of the
  // value, not a speck.
  {
    kind: "a separator whose digits were lost",
    column: (r) => group(int(r, 1000, 99999999), ","),
    readings: (r) => {
      const n = coin(r) ? String(int(r, 1, 99)) : group(int(r, 1000, 99999), ",");
      return [`${n}.`, n];
    },
  },
  // A space inside a thousands group read with a digit changed.
  {
    kind: "a digit changed beside a thousands space",
    column: (r) => group(int(r, 1000, 999999), " "),
    readings: (r) => {
      const v = int(r, 10000, 99999);
      return [group(v, " "), String(v + int(r, 1, 9) * 10)];
    },
  },
];

test("lies of every slip class stay disputed: never verified, never resolved", () => {
  let lies = 0;
  for (let seed = 1; seed <= 60; seed++) {
    const rnd = seededRng(seed * 104729);
    for (const lie of LIES) {
      const nRows = int(rnd, 6, 14);
      const at = int(rnd, 0, nRows - 1);
      const [a, b] = lie.readings(rnd);
      const [first, second] = rnd() < 0.5 ? [a, b] : [b, a];
      const column = Array.from({ length: nRows }, (_, r) =>
        r === at
          ? { ...voteOnReadings({ "ocr-1": first, "ocr-2": second }), bbox: [0, 0, 10, 10] as [number, number, number, number] }
          : agreed(lie.column(rnd)),
      );
      const out = runScanChecks(tableOf([labelColumn(nRows), column]), NO_IMAGE_CONTEXT);
      const cell = out.rows[at]![1]!;
      lies += 1;
      assert.equal(cell.confidence, "disputed", `seed ${seed}, ${lie.kind}: ${first} / ${second} -> ${cell.confidence} ${cell.value}`);
    }
  }
  assert.equal(lies, 60 * LIES.length);
});

test("slips are settled on scans only: a cell the text layer read keeps the marks rule's verdict", () => {
  const cell = {
    ...voteOnReadings({ "pdf-text": "2.4", "ocr-1": "24", "ocr-2": "2,4" }),
    bbox: [0, 0, 10, 10] as [number, number, number, number],
  };
  const column = [cell, ...["1.2", "3.4", "5.6", "7.8", "9.1"].map(agreed)];
  const before = cell.confidence;
  assert.equal(before, "disputed");
  const out = runScanChecks(tableOf([labelColumn(6), column]), NO_IMAGE_CONTEXT);
  assert.equal(out.rows[0]![1]!.confidence, before);
});

test("switched off in the settings, no slip is settled", () => {
  const column = [readTwoWays(seededRng(1), "2.4", "24"), ...["1.2", "3.4", "5.6", "7.8", "9.1"].map(agreed)];
  const out = runScanChecks(tableOf([labelColumn(6), column]), { ...NO_IMAGE_CONTEXT, settings: { ...SETTINGS, scanReadingSlips: [] } });
  assert.equal(out.rows[0]![1]!.confidence, "disputed");
  const on = runScanChecks(tableOf([labelColumn(6), column]), NO_IMAGE_CONTEXT);
  assert.equal(on.rows[0]![1]!.confidence, "resolved");
});

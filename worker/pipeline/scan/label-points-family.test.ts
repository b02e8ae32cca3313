// A point one engine read after a row label's last word, as a generated family: tables of row
// labels (industries, places, measures; one to four words, the last of five letters or more; at
// times set with dot leaders) beside columns of numbers, drawn with varied rows and columns, where
// one engine read a point after a few labels (a leader's first dot, a speck) and the other did
// not. Each such label must come out `resolved` without the point (scan/reading-slips.ts,
// "label-trailing-point"). Then the lies, which must stay disputed: a column whose labels end with
// points, an abbreviation's point (a short last word, a point inside it), another letter changed
// beside the point, and a column of too few labels to say how they end.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Cell } from "../../../lib/result/schema";
import { runScanChecks } from "./scan-checks";
import { int, pick, seededRng } from "../../../tests/pdf/corpus/content";
import { agreedCell as agreed, NO_IMAGE_CONTEXT, oneDecimal, readTwoWays, tableOfColumns } from "../../../tests/pdf/two-engine-table";

type Rng = () => number;

const LABELS = [
  "Construction",
  "Real estate",
  "Hours worked",
  "Manufacturing",
  "Retail trade",
  "Water supply",
  "Education",
  "Households",
  "Agriculture, forestry and fishing",
  "Mining and quarrying",
  "Financial services",
  "Public administration",
  "Central government",
  "Transport",
  "Northern region",
  "Employees",
  "Exports of goods",
];
const ABBREVIATIONS = ["Other n.e.c", "Local govt", "Total incl", "Misc", "Acme Inc", "Est"];

function labelsOf(rnd: Rng, n: number): string[] {
  const shuffled = [...LABELS].sort(() => rnd() - 0.5);
  return Array.from({ length: n }, (_, i) => shuffled[i % shuffled.length]!);
}

test("a point one engine read after a label's last word is settled for the label, where the column's labels end without one", () => {
  let resolved = 0;
  for (let seed = 1; seed <= 150; seed++) {
    const rnd = seededRng(seed * 999331);
    const nRows = int(rnd, 4, 16);
    const labels = labelsOf(rnd, nRows);
    // At most a third of the labels slipped, so that the column keeps three agreed labels.
    const slipped = new Set(Array.from({ length: int(rnd, 1, Math.max(1, Math.floor(nRows / 3))) }, () => int(rnd, 0, nRows - 1)));
    // In a table set with dot leaders, the agreed labels may keep the leader's run of dots: a run
    // is no point of the label's own.
    const leaders = rnd() < 0.3;
    const labelColumn = labels.map((label, r) =>
      slipped.has(r)
        ? readTwoWays(rnd, label, `${label}${pick(rnd, [".", " ."])}`)
        : agreed(leaders ? `${label} ${".".repeat(int(rnd, 3, 12))}` : label),
    );
    const columns: Cell[][] = [labelColumn];
    for (let k = int(rnd, 1, 4); k > 0; k--) columns.push(Array.from({ length: nRows }, () => agreed(oneDecimal(rnd))));
    const out = runScanChecks(tableOfColumns(columns), NO_IMAGE_CONTEXT);
    for (const r of slipped) {
      const cell = out.rows[r]![0]!;
      assert.equal(cell.confidence, "resolved", `seed ${seed} row ${r}: ${JSON.stringify(cell)}`);
      assert.equal(cell.value, labels[r], `seed ${seed} row ${r}`);
      assert.equal(Object.keys(cell.readings ?? {}).length, 2, "both readings kept");
      resolved++;
    }
  }
  assert.ok(resolved >= 200, `resolved ${resolved}`);
});

test("label points, the lies: what the column does not back stays disputed", () => {
  const lies = ["column-ends-with-points", "short-last-word", "point-inside", "another-letter", "too-few-labels"] as const;
  const counts = new Map<string, number>();
  for (let seed = 1; seed <= 150; seed++) {
    const rnd = seededRng(seed * 15485867);
    const lie = pick(rnd, lies);
    const nRows = lie === "too-few-labels" ? int(rnd, 2, 3) : int(rnd, 5, 14);
    const labels = labelsOf(rnd, nRows);
    const r = int(rnd, 0, nRows - 1);
    const labelColumn = labels.map((label) => agreed(label));
    let cell: Cell;
    if (lie === "column-ends-with-points") {
      // The column's labels are sentences or abbreviations ending with points.
      labels.forEach((label, i) => {
        if (i !== r) labelColumn[i] = agreed(`${label}.`);
      });
      cell = readTwoWays(rnd, `${labels[r]!}.`, labels[r]!);
    } else if (lie === "short-last-word" || lie === "point-inside") {
      const abbreviation = pick(
        rnd,
        ABBREVIATIONS.filter((a) => (lie === "point-inside") === a.includes(".")),
      );
      cell = readTwoWays(rnd, `${abbreviation}.`, abbreviation);
    } else if (lie === "another-letter") {
      const label = labels[r]!;
      cell = readTwoWays(rnd, label, `${label.slice(0, -1)}${label.endsWith("e") ? "c" : "e"}.`);
    } else {
      cell = readTwoWays(rnd, labels[r]!, `${labels[r]!}.`);
    }
    labelColumn[r] = cell;
    const values = Array.from({ length: nRows }, () => agreed(oneDecimal(rnd)));
    const out = runScanChecks(tableOfColumns([labelColumn, values]), NO_IMAGE_CONTEXT).rows[r]![0]!;
    assert.equal(out.confidence, "disputed", `seed ${seed} ${lie}: ${JSON.stringify(out)}`);
    counts.set(lie, (counts.get(lie) ?? 0) + 1);
  }
  for (const lie of lies) assert.ok((counts.get(lie) ?? 0) >= 15, `${lie} drawn ${counts.get(lie) ?? 0} times`);
});

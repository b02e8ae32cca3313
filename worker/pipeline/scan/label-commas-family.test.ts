// A comma between a row label's words that one engine read as a point, as a generated family:
// tables of row labels with a comma inside ("Water supply, sewerage and waste management"; two to
// six words) beside columns of numbers, drawn with varied rows and columns, where one engine read
// a few labels' comma as a point, with or without the space after it (PaddleOCR drops word spaces),
// and the other read the comma. Each such label must come out `resolved` with the comma
// (scan/reading-slips.ts, "label-comma-as-point"). Then the lies, which must stay disputed: the
// point after an abbreviation ("incl. taxes"), a point before a capital (two sentences), another
// letter changed beside it, and a column of too few labels.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Cell } from "../../../lib/result/schema";
import { runScanChecks } from "./scan-checks";
import { int, pick, seededRng } from "../../../tests/pdf/corpus/content";
import { agreedCell as agreed, NO_IMAGE_CONTEXT, oneDecimal, readTwoWays, tableOfColumns } from "../../../tests/pdf/two-engine-table";

type Rng = () => number;

const HEADS = ["Water supply", "Self-employed workers", "Net lending", "Education", "Agriculture", "Households", "Wholesale trade"];
const TAILS = ["sewerage and waste management", "unincorporated", "total", "forestry and fishing", "estimated", "other services"];
const PLAIN = ["Construction", "Real estate", "Manufacturing", "Mining and quarrying", "Transport", "Employees"];

/** The comma read as a point, the space after it kept or lost, the words' spaces kept or lost. */
function asPoint(rnd: Rng, head: string, tail: string): string {
  const read = `${head}${pick(rnd, [". ", "."])}${tail}`;
  return rnd() < 0.3 ? read.replace(/ /gu, "") : read;
}

function labelColumnOf(rnd: Rng, n: number): string[] {
  return Array.from({ length: n }, () => (rnd() < 0.5 ? `${pick(rnd, HEADS)}, ${pick(rnd, TAILS)}` : pick(rnd, PLAIN)));
}

test("a label's comma one engine read as a point is settled for the comma, in a column of labels", () => {
  let resolved = 0;
  for (let seed = 1; seed <= 150; seed++) {
    const rnd = seededRng(seed * 7368787);
    const nRows = int(rnd, 4, 16);
    const labels = labelColumnOf(rnd, nRows);
    // At most a third of the labels slipped, so that the column keeps three agreed labels.
    const slipped = new Set(Array.from({ length: int(rnd, 1, Math.max(1, Math.floor(nRows / 3))) }, () => int(rnd, 0, nRows - 1)));
    const parts = labels.map((label) => {
      const head = pick(rnd, HEADS);
      const tail = pick(rnd, TAILS);
      return label.includes(",") ? label.split(", ") : [head, tail];
    });
    const labelColumn = labels.map((label, r) => {
      if (!slipped.has(r)) return agreed(label);
      const [head, tail] = parts[r]!;
      labels[r] = `${head}, ${tail}`;
      return readTwoWays(rnd, labels[r], asPoint(rnd, head!, tail!));
    });
    const columns: Cell[][] = [labelColumn];
    for (let k = int(rnd, 1, 4); k > 0; k--) columns.push(Array.from({ length: nRows }, () => agreed(oneDecimal(rnd))));
    const out = runScanChecks(tableOfColumns(columns), NO_IMAGE_CONTEXT);
    for (const r of slipped) {
      const cell = out.rows[r]![0]!;
      assert.equal(cell.confidence, "resolved", `seed ${seed} row ${r}: ${JSON.stringify(cell)}`);
      assert.match(cell.value, /, /u, `seed ${seed} row ${r}: the comma kept`);
      assert.equal(Object.keys(cell.readings ?? {}).length, 2, "both readings kept");
      resolved++;
    }
  }
  assert.ok(resolved >= 200, `resolved ${resolved}`);
});

test("label commas, the lies: an abbreviation's point, a sentence's, another letter, too few labels", () => {
  const lies = ["abbreviation", "before-capital", "another-letter", "too-few-labels"] as const;
  const counts = new Map<string, number>();
  for (let seed = 1; seed <= 120; seed++) {
    const rnd = seededRng(seed * 32452843);
    const lie = pick(rnd, lies);
    const nRows = lie === "too-few-labels" ? int(rnd, 2, 3) : int(rnd, 5, 14);
    const labels = labelColumnOf(rnd, nRows);
    const r = int(rnd, 0, nRows - 1);
    const labelColumn = labels.map((label) => agreed(label));
    const tail = pick(rnd, TAILS);
    let cell: Cell;
    if (lie === "abbreviation") {
      // "Goods incl. taxes" / "Goods incl, taxes": the point is the abbreviation's.
      const short = pick(rnd, ["Goods incl", "Other n.e.c", "Local govt", "Sales excl", "Misc"]);
      cell = readTwoWays(rnd, `${short}. ${tail}`, `${short}, ${tail}`);
    } else if (lie === "before-capital") {
      // Two sentences: "Water supply. Sewerage ..." / "Water supply, Sewerage ...".
      const head = pick(rnd, HEADS);
      const capital = `${tail[0]!.toUpperCase()}${tail.slice(1)}`;
      cell = readTwoWays(rnd, `${head}. ${capital}`, `${head}, ${capital}`);
    } else if (lie === "another-letter") {
      const head = pick(rnd, HEADS);
      const changed = `${head.slice(0, -1)}${head.endsWith("e") ? "c" : "e"}`;
      cell = readTwoWays(rnd, `${head}, ${tail}`, `${changed}. ${tail}`);
    } else {
      const head = pick(rnd, HEADS);
      cell = readTwoWays(rnd, `${head}, ${tail}`, `${head}. ${tail}`);
    }
    labelColumn[r] = cell;
    const values = Array.from({ length: nRows }, () => agreed(oneDecimal(rnd)));
    const out = runScanChecks(tableOfColumns([labelColumn, values]), NO_IMAGE_CONTEXT).rows[r]![0]!;
    assert.equal(out.confidence, "disputed", `seed ${seed} ${lie}: ${JSON.stringify(out)}`);
    counts.set(lie, (counts.get(lie) ?? 0) + 1);
  }
  for (const lie of lies) assert.ok((counts.get(lie) ?? 0) >= 15, `${lie} drawn ${counts.get(lie) ?? 0} times`);
});

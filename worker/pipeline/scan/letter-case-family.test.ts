// Letter case on scans, as a generated family: tables with a column of labels (capitalised names,
// or small-letter units), a header row of names, and columns of numbers among which census-style
// markers ("(X)", "(NA)", "(D)", "(Z)") are printed; both engines read every cell alike except a
// few where one engine read a letter in the other case: a label's first letter, a header name's
// first letter, a marker's letter. Each such cell must come out `resolved` with the right reading
// (scan/letter-case.ts). Then the lies, which must stay disputed: a case difference inside a word
// that nothing else in the table spells, a label in a column of mixed case, a case difference
// beside another letter's, a marker printed in both cases elsewhere, and a cell a structure
// reading disputes as well.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Cell, Table } from "../../../lib/result/schema";
import { voteOnReadings } from "../reconcile/vote";
import { runScanChecks } from "./scan-checks";
import { int, pick, seededRng } from "../../../tests/pdf/corpus/content";
import { agreedCell as agreed, NO_IMAGE_CONTEXT, tableOfColumns } from "../../../tests/pdf/two-engine-table";

type Rng = () => number;

const NAMES = [
  "Item",
  "Italy",
  "Iceland",
  "Water supply",
  "Wheat",
  "Wages",
  "Construction",
  "Cereals",
  "Oil seeds",
  "Other",
  "Services",
  "Sweden",
  "Value added",
  "Vehicles",
  "Xylenes",
  "Zinc",
  "Unemployment",
  "Utilities",
  "Poland",
  "Katowice",
];
const UNITS = ["kg", "tonnes", "per cent", "index", "hours", "persons", "litres", "euro", "km", "cases", "weeks", "sites"];
const MARKERS = ["(X)", "(NA)", "(D)", "(Z)", "(S)", "(W)"];

/** A cell the two engines read differently, which engine read which drawn. */
function readTwoWays(rnd: Rng, right: string, other: string, extra: Record<string, string> = {}): Cell {
  const [a, b] = rnd() < 0.5 ? [right, other] : [other, right];
  const voted = voteOnReadings({ "ocr-1": a, "ocr-2": b });
  return { ...voted, readings: { ...voted.readings, ...extra }, bbox: [0, 0, 10, 10] };
}

/** A cell both engines read as `value` whose place a structure reading disputes. */
function readAlikeStructureDisputed(value: string, structure: string): Cell {
  return {
    value,
    confidence: "disputed",
    sources: ["ocr-1", "ocr-2"],
    readings: { "ocr-1": value, "ocr-2": value, "pdf-layout": value, "pdf-model": structure },
    bbox: [0, 0, 10, 10],
  };
}

const flipFirstLetter = (text: string) => text.replace(/\p{L}/u, (ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()));

/** Labels drawn without repeats, numbered when the pool runs out. */
function labelsOf(rnd: Rng, pool: readonly string[], n: number): string[] {
  const shuffled = [...pool].sort(() => rnd() - 0.5);
  return Array.from({ length: n }, (_, i) => (i < shuffled.length ? shuffled[i]! : `${shuffled[i % shuffled.length]!} ${i}`));
}

const number = (rnd: Rng) => `${int(rnd, 0, 999)}.${int(rnd, 0, 9)}`;

interface Expect {
  where: "h" | number;
  c: number;
  value: string;
  kind: string;
}

test("letter case on scans: a label's, a header name's or a marker's case one engine misread is resolved to the table's", () => {
  const byKind = new Map<string, number>();
  for (let seed = 1; seed <= 150; seed++) {
    const rnd = seededRng(seed * 104729);
    const nRows = int(rnd, 5, 14);
    const units = rnd() < 0.3;
    const labels = labelsOf(rnd, units ? UNITS : NAMES, nRows);
    const nValueColumns = int(rnd, 2, 5);
    const marker = pick(rnd, MARKERS);
    const expected: Expect[] = [];
    // At most a quarter of the labels misread, so that the column keeps its case.
    const slipRows = new Set(Array.from({ length: int(rnd, 1, Math.max(1, Math.floor(nRows / 4))) }, () => int(rnd, 0, nRows - 1)));
    const labelColumn = labels.map((label, r) => {
      if (!slipRows.has(r)) return agreed(label);
      expected.push({ where: r, c: 0, value: label, kind: "line-initial" });
      return readTwoWays(rnd, label, flipFirstLetter(label));
    });
    const columns: Cell[][] = [labelColumn];
    for (let k = 0; k < nValueColumns; k++) {
      columns.push(
        Array.from({ length: nRows }, (_, r) => {
          if (rnd() >= 0.25) return agreed(number(rnd));
          // A marker, agreed at least once in the table before one of them is misread.
          const c = columns.length;
          const agreedBefore = columns
            .slice(1)
            .some((col) =>
              col.some(
                (cell) =>
                  cell.value === marker &&
                  cell.confidence !== "resolved" &&
                  cell.readings?.["ocr-1"] !== marker.toLowerCase() &&
                  cell.readings?.["ocr-2"] !== marker.toLowerCase(),
              ),
            );
          if (!agreedBefore || rnd() < 0.5) {
            // Read alike by both engines, at times in a cell a structure reading disputes: the
            // engines' spelling still counts.
            if (rnd() < 0.3) return readAlikeStructureDisputed(marker, `${marker} ${number(rnd)}`);
            return agreed(marker);
          }
          expected.push({ where: r, c, value: marker, kind: "vocabulary" });
          return readTwoWays(rnd, marker, marker.toLowerCase());
        }),
      );
    }
    const table: Table = tableOfColumns(columns);
    // A header row of names when there are enough columns for the row to say its case.
    if (columns.length >= 4) {
      const names = labelsOf(rnd, NAMES, columns.length);
      const slip = int(rnd, 0, columns.length - 1);
      table.header_cells = names.map((name, c) => (c === slip ? readTwoWays(rnd, name, flipFirstLetter(name)) : agreed(name)));
      table.header = table.header_cells.map((cell) => cell.value);
      expected.push({ where: "h", c: slip, value: names[slip]!, kind: "line-initial" });
    }
    const checked = runScanChecks(table, NO_IMAGE_CONTEXT);
    for (const e of expected) {
      const cell = e.where === "h" ? checked.header_cells[e.c]! : checked.rows[e.where]![e.c]!;
      assert.equal(cell.confidence, "resolved", `seed ${seed} ${e.kind} ${e.where},${e.c}: ${JSON.stringify(cell)}`);
      assert.equal(cell.value, e.value, `seed ${seed} ${e.kind}`);
      assert.equal(Object.keys(cell.readings ?? {}).length, 2, "both readings kept");
      byKind.set(e.kind, (byKind.get(e.kind) ?? 0) + 1);
    }
    if (checked.header_cells.length > 0)
      assert.deepEqual(
        checked.header,
        checked.header_cells.map((cell) => cell.value),
      );
  }
  for (const kind of ["line-initial", "vocabulary"])
    assert.ok((byKind.get(kind) ?? 0) >= 40, `${kind} drawn ${byKind.get(kind) ?? 0} times`);
});

test("letter case on scans, the lies: what the table does not back stays disputed", () => {
  const counts = new Map<string, number>();
  for (let seed = 1; seed <= 150; seed++) {
    const rnd = seededRng(seed * 7727);
    const nRows = int(rnd, 5, 14);
    const labels = labelsOf(rnd, NAMES, nRows);
    const lie = pick(rnd, ["inside-word", "mixed-column", "another-letter", "both-cases", "structure"] as const);
    const r = int(rnd, 0, nRows - 1);
    const marker = pick(rnd, MARKERS);
    let cell: Cell;
    const labelColumn = labels.map((label) => agreed(label));
    const valueColumn = Array.from({ length: nRows }, () => agreed(number(rnd)));
    const markerColumn = Array.from({ length: nRows }, () => agreed(rnd() < 0.5 ? marker : number(rnd)));
    let at: [number, number] = [r, 0];
    if (lie === "inside-word") {
      // "ArtS" and "Arts": a letter inside the word, and no agreed cell spells either.
      const word = labels[r]!;
      const i = int(rnd, 1, word.length - 1);
      const flipped =
        word.slice(0, i) + word.slice(i).replace(/\p{L}/u, (ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()));
      if (flipped === word) continue;
      cell = readTwoWays(rnd, word, flipped);
    } else if (lie === "mixed-column") {
      // Half the column's labels start small: the column says no case.
      labels.forEach((label, i) => {
        if (i % 2 === 0) labelColumn[i] = agreed(flipFirstLetter(label));
      });
      cell = readTwoWays(rnd, labels[r]!, flipFirstLetter(labels[r]!));
    } else if (lie === "another-letter") {
      const word = labels[r]!;
      const changed = flipFirstLetter(word).replace(/.$/u, (ch) => (ch === "e" ? "c" : "e"));
      cell = readTwoWays(rnd, word, changed);
    } else if (lie === "both-cases") {
      // The marker is printed in both cases elsewhere: the table backs neither.
      markerColumn[(r + 1) % nRows] = agreed(marker);
      markerColumn[(r + 2) % nRows] = agreed(marker.toLowerCase());
      cell = readTwoWays(rnd, marker, marker.toLowerCase());
      at = [r, 2];
    } else {
      // A structure reading makes another cell of this place: the case is not the only question.
      cell = readTwoWays(rnd, labels[r]!, flipFirstLetter(labels[r]!), { "pdf-layout": `${labels[r]!} 12.5` });
    }
    if (at[1] === 0) labelColumn[r] = cell;
    else markerColumn[r] = cell;
    const checked = runScanChecks(tableOfColumns([labelColumn, valueColumn, markerColumn]), NO_IMAGE_CONTEXT);
    const out = checked.rows[at[0]]![at[1]]!;
    assert.equal(out.confidence, "disputed", `seed ${seed} ${lie}: ${JSON.stringify(out)}`);
    counts.set(lie, (counts.get(lie) ?? 0) + 1);
  }
  for (const lie of ["inside-word", "mixed-column", "another-letter", "both-cases", "structure"])
    assert.ok((counts.get(lie) ?? 0) >= 15, `${lie} drawn ${counts.get(lie) ?? 0} times`);
});

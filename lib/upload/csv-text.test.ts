// Is it a CSV? Generated families on both sides of the line: exports of tables (delimiters,
// widths, quoting, encodings, drawn with varied parameters) must be taken, and prose in every
// common shape (paragraphs, wrapped lines, letters, notes with commas, lists) must not: a careful
// user expects a .txt of prose to be "unrecognised", never read as a one-column-of-clauses table.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeText, parseDelimited, sniffCsv } from "./csv-text";

/** A small deterministic generator, so a failure names a reproducible case. */
function random(seed: number) {
  let state = seed;
  return {
    next(): number {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return state / 0x7fffffff;
    },
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(this.next() * items.length)]!;
    },
    int(low: number, high: number): number {
      return low + Math.floor(this.next() * (high - low + 1));
    },
  };
}

const NAMES = ["Alpha", "Beta GmbH", "Gamma & Sons", "Delta", "Epsilon Ltd", "Zeta", "Eta Corp.", "Theta", "Iota", "Kappa"];
const WORDS = [
  "the",
  "report",
  "shows",
  "that",
  "sales",
  "grew",
  "in",
  "most",
  "regions",
  "while",
  "costs",
  "fell",
  "slightly",
  "and",
  "we",
  "expect",
  "further",
  "growth",
  "next",
  "year",
  "because",
  "demand",
  "remains",
  "strong",
];

function tableText(seed: number, delimiter: string): string {
  const rng = random(seed);
  const columns = rng.int(2, 8);
  const rows = rng.int(1, 40);
  const kinds = Array.from({ length: columns }, (_, c) =>
    c === 0 ? "name" : rng.pick(["int", "decimal", "date", "code", "name", "quoted"]),
  );
  const header = kinds.map((kind, c) => (rng.next() < 0.5 ? `Column ${c + 1}` : `${kind}_${c}`));
  const cell = (kind: string) => {
    switch (kind) {
      case "int":
        return String(rng.int(-500, 99999));
      case "decimal":
        return delimiter === ";" ? `${rng.int(0, 999)},${rng.int(10, 99)}` : `${rng.int(0, 999)}.${rng.int(10, 99)}`;
      case "date":
        return `2024-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`;
      case "code":
        return `X${rng.int(100, 999)}`;
      case "quoted":
        return `"${rng.pick(NAMES)}${delimiter} ${rng.pick(["north", "south"])} office"`;
      default:
        return rng.pick(NAMES);
    }
  };
  const lines = [header.join(delimiter), ...Array.from({ length: rows }, () => kinds.map(cell).join(delimiter))];
  return lines.join(rng.next() < 0.5 ? "\n" : "\r\n") + (rng.next() < 0.7 ? "\n" : "");
}

function sentence(rng: ReturnType<typeof random>, withComma: boolean): string {
  const words = Array.from({ length: rng.int(5, 14) }, () => rng.pick(WORDS));
  if (withComma) words.splice(rng.int(2, words.length - 2), 0, `${rng.pick(WORDS)},`);
  const text = words.join(" ").replace(/ ,/g, ",");
  return text[0]!.toUpperCase() + text.slice(1) + rng.pick([".", ".", ".", "!", "?"]);
}

/** Prose in the shapes a .txt takes: one paragraph per line, paragraphs wrapped at a width, a
 * letter with a greeting line, notes of a sentence each. Sentences each hold one comma, so their
 * lines split into the same number of fields: the shape a naive sniff takes for a CSV. */
function proseText(seed: number): string {
  const rng = random(seed);
  const shape = rng.pick(["paragraph-lines", "wrapped", "letter", "notes"]);
  const sentences = Array.from({ length: rng.int(2, 12) }, () => sentence(rng, true));
  if (shape === "paragraph-lines") return sentences.join("\n") + "\n";
  if (shape === "notes") return sentences.map((s) => `- ${s}`).join("\n");
  if (shape === "letter") return [`Dear ${rng.pick(NAMES)},`, ...sentences.slice(0, 3).map((s) => s), "Regards, Pat."].join("\n");
  // Wrapped at ~60 characters, as an editor wraps: lines end mid-sentence.
  const out: string[] = [];
  let line = "";
  for (const word of sentences.join(" ").split(" ")) {
    if ((line + " " + word).length > 60) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  out.push(line);
  return out.join("\n");
}

test("tables exported with commas, semicolons or tabs are CSV, with that delimiter", () => {
  for (const delimiter of [",", ";", "\t"] as const) {
    for (let seed = 1; seed <= 60; seed++) {
      const text = tableText(seed * 7 + delimiter.charCodeAt(0), delimiter);
      const found = sniffCsv(Buffer.from(text), true);
      assert.ok(found, `seed ${seed} ${JSON.stringify(delimiter)}:\n${text.slice(0, 300)}`);
      assert.equal(found.delimiter, delimiter, `seed ${seed}`);
    }
  }
});

test("prose is not CSV, in any of its shapes, even with a comma in every sentence", () => {
  for (let seed = 1; seed <= 300; seed++) {
    const text = proseText(seed);
    assert.equal(sniffCsv(Buffer.from(text), true), null, `seed ${seed}:\n${text}`);
  }
});

test("a single line, one column or binary bytes are not CSV", () => {
  assert.equal(sniffCsv(Buffer.from("a,b,c\n"), true), null);
  assert.equal(sniffCsv(Buffer.from("alpha\nbeta\ngamma\n"), true), null);
  assert.equal(sniffCsv(Buffer.from([0x00, 0x2c, 0x01, 0x0a, 0x00, 0x2c, 0x01, 0x0a]), true), null);
  // Rows with different numbers of fields on every delimiter: not a table.
  assert.equal(sniffCsv(Buffer.from("a,b\nc,d,e\nf\n"), true), null);
});

test("encodings: UTF-8 (with and without BOM), UTF-16 LE and BE with BOM, Latin-1", () => {
  const text = "Stadt;Fläche\nMünchen;310,7\nKöln;405,0\n";
  const cases: [string, Buffer, string][] = [
    ["utf-8", Buffer.from(text, "utf8"), "utf-8"],
    ["utf-8 bom", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]), "utf-8"],
    ["utf-16le", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]), "utf-16le"],
    ["utf-16be", Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, "utf16le").swap16()]), "utf-16be"],
    ["latin1", Buffer.from(text, "latin1"), "latin1"],
  ];
  for (const [label, bytes, encoding] of cases) {
    const found = sniffCsv(bytes, true);
    assert.deepEqual(found, { encoding, delimiter: ";" }, label);
    const records = parseDelimited(decodeText(bytes).text, ";");
    assert.deepEqual(records[1], ["München", "310,7"], label);
  }
});

test("a sample cut mid-record or mid-character is judged on its complete records", () => {
  const text = Array.from({ length: 50 }, (_, i) => `Zürich ${i};${i * 3};ä`).join("\n");
  const bytes = Buffer.from(text, "utf8");
  // Cut inside the two bytes of the last "ä": still UTF-8, still the same delimiter.
  const cut = bytes.subarray(0, bytes.length - 1);
  assert.deepEqual(sniffCsv(cut, false), { encoding: "utf-8", delimiter: ";" });
});

test("quoted fields hold delimiters, doubled quotes and line breaks", () => {
  assert.deepEqual(parseDelimited('name,note\n"Smith, J.","said ""hi""\nthen left"\n', ","), [
    ["name", "note"],
    ["Smith, J.", 'said "hi"\nthen left'],
  ]);
});

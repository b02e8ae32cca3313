import { test } from "node:test";
import assert from "node:assert/strict";
import { cellSchema, proseSchema, tableSchema, type BBox } from "../../../lib/result/schema";
import { isPageUnreadable, reconcileProse, reconcileTable } from "./reconcile-page";
import { comparisonKey, displayText, normaliseText, readingsAgree } from "./normalise";
import { voteOnReadings } from "./vote";
import { reconcileCell, reconcileExistingCell } from "./reconcile-cell";
import { isOcrUnsupported } from "./table-support";
import { verifyProse, toTokens } from "./prose";
import { verifyFigure } from "./figure";
import { wordsToText } from "./words-in-box";
import { tableFixture } from "../../../tests/result/table-fixture";

test("normaliser: NFKC, dashes and minus, ligatures, quotes, whitespace", () => {
  assert.equal(normaliseText("\u2212 12.5"), "- 12.5");
  assert.equal(normaliseText("\u201312"), "-12");
  assert.equal(normaliseText("\uFB01nance \uFB02ow"), "finance flow");
  assert.equal(normaliseText("\uFF11\uFF12\uFF13"), "123");
  assert.equal(normaliseText("  a \t\n b  "), "a b");
  assert.equal(normaliseText("\u2018x\u2019 \u201Cy\u201D"), "'x' \"y\"");
  assert.equal(normaliseText("co\u00ADoperate"), "cooperate");
  assert.equal(normaliseText("1\u00A0234"), "1 234");
});

test("a delivered value keeps the document's spelling; only the comparison is normalised", () => {
  assert.equal(displayText(" \u201Cm\u00B2\u201D  \u2212 co\u00ADoperate "), "\u201Cm\u00B2\u201D \u2212 cooperate");
  // The text layer's curly quotes agree with OCR's straight ones and are delivered as written.
  const v = voteOnReadings({ "pdf-text": "\u201Cat the beginning\u201D", "ocr-1": '"at the beginning"', "ocr-2": '"at the beginning"' });
  assert.deepEqual([v.value, v.confidence], ["\u201Cat the beginning\u201D", "verified"]);
  const d = voteOnReadings({ "pdf-text": "m\u00B2", "ocr-1": "m2", "ocr-2": "m3" });
  assert.deepEqual(d.readings, { "pdf-text": "m\u00B2", "ocr-1": "m2", "ocr-2": "m3" });
});

test("normaliser never touches digits or separators", () => {
  assert.notEqual(comparisonKey("1,234"), comparisonKey("1.234"));
  assert.notEqual(comparisonKey("1 234"), comparisonKey("1234"));
  assert.notEqual(comparisonKey("12.5"), comparisonKey("125"));
  assert.notEqual(comparisonKey("O"), comparisonKey("0"));
  assert.notEqual(comparisonKey("Total"), comparisonKey("total"));
  assert.notEqual(comparisonKey("Intermarché"), comparisonKey("Intermarche"));
  // Spaces around punctuation are where OCR engines differ; they carry no meaning.
  assert.ok(readingsAgree("12.5 %", "12.5%"));
  assert.ok(readingsAgree("( 3 )", "(3)"));
  assert.ok(readingsAgree("Not available", "Notavailable"));
  assert.ok(!readingsAgree("12 5", "125"));
  assert.ok(readingsAgree("\u22125", "-5"));
});

test("vote: all equal is verified, no readings field", () => {
  const v = voteOnReadings({ "pdf-text": "1,234", "ocr-1": "1,234", "ocr-2": "1,234" });
  assert.deepEqual(v, { value: "1,234", confidence: "verified", sources: ["pdf-text", "ocr-1", "ocr-2"] });
  const two = voteOnReadings({ "ocr-1": "\u22125", "ocr-2": "-5" });
  assert.equal(two.confidence, "verified");
  // Delivered in the spelling of the reading first in VALUE_PRIORITY.
  assert.equal(two.value, "\u22125");
  assert.equal(two.readings, undefined);
  assert.equal(two.provisional, undefined);
});

test("vote: majority of three is resolved with every reading", () => {
  const v = voteOnReadings({ "pdf-text": "1,234", "ocr-1": "1,284", "ocr-2": "1,234" });
  assert.equal(v.confidence, "resolved");
  assert.equal(v.value, "1,234");
  assert.deepEqual(v.sources, ["pdf-text", "ocr-2"]);
  assert.deepEqual(v.readings, { "pdf-text": "1,234", "ocr-1": "1,284", "ocr-2": "1,234" });
  assert.equal(v.provisional, undefined);
  // Two OCR readings never outvote the text layer: disputed, the text layer's value, provisional.
  const w = voteOnReadings({ "pdf-text": "17", "ocr-1": "71", "ocr-2": "71" });
  assert.deepEqual(w, {
    value: "17",
    confidence: "disputed",
    sources: ["pdf-text"],
    readings: { "pdf-text": "17", "ocr-1": "71", "ocr-2": "71" },
    provisional: true,
  });
  // Without a text layer (a scan with a third OCR engine) the majority still decides.
  const scan = voteOnReadings({ "ocr-1": "71", "ocr-2": "71", "ocr-3": "17" });
  assert.equal(scan.confidence, "resolved");
  assert.equal(scan.value, "71");
});

test("vote: two disagreeing is disputed, provisional, text layer's value", () => {
  const v = voteOnReadings({ "ocr-2": "42", "pdf-text": "17" });
  assert.deepEqual(v, {
    value: "17",
    confidence: "disputed",
    sources: ["pdf-text"],
    readings: { "pdf-text": "17", "ocr-2": "42" },
    provisional: true,
  });
  const three = voteOnReadings({ "pdf-text": "1", "ocr-1": "2", "ocr-2": "3" });
  assert.equal(three.confidence, "disputed");
  assert.equal(three.value, "1");
  assert.equal(Object.keys(three.readings ?? {}).length, 3);
});

test("vote: one reading is unverified; silent readings abstain", () => {
  assert.deepEqual(voteOnReadings({ "ocr-1": "5" }), { value: "5", confidence: "unverified", sources: ["ocr-1"] });
  assert.deepEqual(voteOnReadings({ "pdf-text": "5", "ocr-1": "", "ocr-2": "" }), {
    value: "5",
    confidence: "unverified",
    sources: ["pdf-text"],
  });
  assert.deepEqual(voteOnReadings({ "pdf-text": "5", "ocr-1": "5", "ocr-2": "" }), {
    value: "5",
    confidence: "verified",
    sources: ["pdf-text", "ocr-1"],
  });
  assert.deepEqual(voteOnReadings({ "pdf-text": "", "ocr-1": "" }), { value: "", confidence: "verified", sources: ["pdf-text", "ocr-1"] });
  assert.deepEqual(voteOnReadings({}), { value: "", confidence: "unverified", sources: [] });
});

const word = (text: string, bbox: BBox) => ({ text, bbox, confidence: 0.9 });

test("words to text: lines top to bottom, spaces only at gaps", () => {
  assert.equal(
    wordsToText([
      word("Net", [10, 30, 25, 40]),
      word("Total", [10, 10, 30, 20]),
      word("sales", [28, 30, 50, 40]),
      word("amount", [35, 10, 60, 20]),
    ]),
    "Total amount Net sales",
  );
  // Text-layer runs split inside a number join without a space.
  assert.equal(
    wordsToText([
      { text: "12", box: [10, 10, 20, 20] },
      { text: "34", box: [20.2, 10, 30, 20] },
    ]),
    "1234",
  );
});

test("reconcileCell: verified, disputed, unverified from word boxes; valid result cells", () => {
  const box: BBox = [100, 100, 160, 115];
  const neighbour = word("999", [170, 101, 190, 114]);
  const agreeing = reconcileCell(box, {
    "pdf-text": [{ text: "1,234", box: [104, 103, 130, 112] }],
    "ocr-1": [word("1,234", [103, 101, 131, 114]), neighbour],
    "ocr-2": [word("1,234", [102, 100, 132, 115])],
  });
  assert.deepEqual(agreeing, { value: "1,234", confidence: "verified", sources: ["pdf-text", "ocr-1", "ocr-2"], bbox: box });
  cellSchema.parse(agreeing);

  const disputed = reconcileCell(box, {
    "pdf-text": [{ text: "17", box: [104, 103, 115, 112] }],
    "ocr-1": [word("42", [103, 101, 116, 114])],
  });
  assert.equal(disputed.confidence, "disputed");
  assert.equal(disputed.provisional, true);
  assert.deepEqual(disputed.readings, { "pdf-text": "17", "ocr-1": "42" });
  cellSchema.parse(disputed);

  const single = reconcileCell(box, { "ocr-1": [word("8", [103, 101, 110, 114])], "ocr-2": [] });
  assert.deepEqual(single, { value: "8", confidence: "unverified", sources: ["ocr-1"], bbox: box });
  // Rulings read as "|" by OCR are not values.
  const ruled = reconcileCell(box, {
    "pdf-text": [{ text: "8", box: [104, 103, 110, 112] }],
    "ocr-1": [word("|", [99, 100, 101, 115]), word("8", [103, 101, 110, 114])],
  });
  assert.equal(ruled.confidence, "verified");
});

test("reconcileExistingCell keeps the box and votes with the cell's own value", () => {
  const cell = { value: "3.5", confidence: "unverified" as const, sources: ["pdf-text" as const], bbox: [0, 0, 20, 10] as BBox };
  const out = reconcileExistingCell(cell, "pdf-text", { "ocr-1": [word("3.5", [1, 0, 19, 10])], "ocr-2": [word("3.5", [1, 0, 19, 10])] });
  assert.equal(out.confidence, "verified");
  assert.deepEqual(out.sources, ["pdf-text", "ocr-1", "ocr-2"]);
  const noBox = { value: "x", confidence: "unverified" as const, sources: [] };
  assert.equal(reconcileExistingCell(noBox, "pdf-text", {}), noBox);
});

test("ocr_unsupported when no OCR reading has content in the table", () => {
  const table: BBox = [50, 50, 300, 200];
  assert.equal(isOcrUnsupported(table, { "pdf-text": [{ text: "a", box: [60, 60, 70, 70] }] }), true);
  assert.equal(isOcrUnsupported(table, { "ocr-1": [word("|", [60, 60, 61, 190])], "ocr-2": [word("x", [400, 60, 410, 70])] }), true);
  assert.equal(isOcrUnsupported(table, { "ocr-2": [word("x", [60, 60, 70, 70])] }), false);
});

test("prose: verified across a different paragraph split; disputed when another reading says something else", () => {
  const block = {
    text: "The quick brown fox jumps over the lazy dog. It was not amused by the exam- ple.",
    bbox: [50, 100, 400, 130] as BBox,
  };
  assert.deepEqual(toTokens(block.text).slice(-2), ["the", "example"]);
  // OCR read the same place as two lines (as if two paragraphs), one word wrong.
  const ocrWords = [
    ..."The quick brown fox jumps over the lazy dog.".split(" ").map((t, i) => word(t, [50 + i * 30, 102, 75 + i * 30, 112])),
    ..."It was not amused by the example.".split(" ").map((t, i) => word(t, [50 + i * 30, 118, 75 + i * 30, 128])),
  ];
  const ocrOneTypo = ocrWords.map((w) => (w.text === "lazy" ? { ...w, text: "1azy" } : w));
  assert.deepEqual(verifyProse(block, "pdf-text", { "pdf-text": [], "ocr-1": ocrOneTypo, "ocr-2": [] }), {
    confidence: "verified",
    sources: ["ocr-1"],
  });
  // PaddleOCR-style dropped word spaces are not a disagreement.
  const squashed = [word("The quickbrown fox jumpsover the lazydog. It wasnot amused by theexample.", [50, 102, 400, 128])];
  assert.deepEqual(verifyProse(block, "pdf-text", { "ocr-2": squashed }), { confidence: "verified", sources: ["ocr-2"] });
  const other = "Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore"
    .split(" ")
    .map((t, i) => word(t, [50 + (i % 10) * 30, 102 + Math.floor(i / 10) * 16, 75 + (i % 10) * 30, 112 + Math.floor(i / 10) * 16]));
  assert.equal(verifyProse(block, "pdf-text", { "ocr-1": other }).confidence, "disputed");
  assert.deepEqual(verifyProse(block, "pdf-text", { "ocr-1": [] }), { confidence: "unverified", sources: [] });
  // The block's own reading is never its witness.
  assert.equal(verifyProse(block, "ocr-1", { "ocr-1": ocrWords }).confidence, "unverified");
});

test("figures: ocr source only when an OCR non-text region overlaps; pdf-image alone never verifies", () => {
  const fig: BBox = [100, 100, 300, 250];
  assert.deepEqual(verifyFigure(fig, ["layout", "pdf-image"], [[120, 110, 290, 240]]), {
    confidence: "verified",
    sources: ["layout", "pdf-image", "ocr"],
  });
  assert.deepEqual(verifyFigure(fig, ["pdf-image"], []), { confidence: "unverified", sources: ["pdf-image"] });
  assert.deepEqual(verifyFigure(fig, ["layout"], [[400, 400, 500, 500]]), { confidence: "unverified", sources: ["layout"] });
});

test("reconcileTable: cells and header cells voted, header re-derived, ocr_unsupported only without OCR content", () => {
  const cell = (value: string, bbox: BBox) => ({ value, confidence: "unverified" as const, sources: ["pdf-text" as const], bbox });
  const table = tableSchema.parse(
    tableFixture([[cell("12", [0, 10, 40, 20])], [cell("7", [0, 20, 40, 30])]], {
      header_cells: [cell("Qty", [0, 0, 40, 10])],
      bbox: [0, 0, 40, 30],
    }),
  );
  const ocr1 = [word("Qty", [2, 1, 30, 9]), word("12", [2, 11, 20, 19]), word("1", [2, 21, 10, 29])];
  const ocr2 = [word("Qty", [2, 1, 30, 9]), word("12", [2, 11, 20, 19]), word("7", [2, 21, 10, 29])];
  const out = reconcileTable(table, "pdf-text", { "pdf-text": [], "ocr-1": ocr1, "ocr-2": ocr2 });
  tableSchema.parse(out);
  assert.equal(out.header_cells[0]!.confidence, "verified");
  assert.deepEqual(out.header, ["Qty"]);
  assert.equal(out.rows[0]![0]!.confidence, "verified");
  assert.equal(out.rows[1]![0]!.confidence, "resolved");
  assert.deepEqual(out.rows[1]![0]!.readings, { "pdf-text": "7", "ocr-1": "1", "ocr-2": "7" });
  assert.equal(out.ocr_unsupported, undefined);
  const bare = reconcileTable(table, "pdf-text", { "ocr-1": [], "ocr-2": [word("x", [100, 100, 110, 110])] });
  assert.equal(bare.ocr_unsupported, true);
  assert.equal(bare.rows[0]![0]!.confidence, "unverified");
});

test("reconcileProse and unreadable pages", () => {
  const block = proseSchema.parse({
    page: 1,
    index: 0,
    text: "Net sales rose",
    confidence: "unverified",
    sources: [],
    bbox: [0, 0, 100, 10],
    role: "paragraph",
    level: 0,
    order: 0,
  });
  const ocr = [word("Net", [0, 0, 20, 10]), word("sales", [25, 0, 50, 10]), word("rose", [55, 0, 80, 10])];
  assert.deepEqual(reconcileProse(block, "pdf-text", { "ocr-2": ocr }), { ...block, confidence: "verified", sources: ["ocr-2"] });
  const failed = { error: "x" };
  const ok = { words: [], nonTextRegions: [], dpi: 300, seconds: 1, fromCache: false };
  assert.equal(isPageUnreadable(false, { "ocr-1": failed, "ocr-2": failed }), true);
  assert.equal(isPageUnreadable(false, { "ocr-1": failed, "ocr-2": ok }), false);
  assert.equal(isPageUnreadable(true, { "ocr-1": failed, "ocr-2": failed }), false);
});

test("reconcileTable: a column band with a box gets the value vote on its label; without a box, none", () => {
  const cell = (value: string, bbox: BBox) => ({ value, confidence: "unverified" as const, sources: ["pdf-text" as const], bbox });
  const table = tableSchema.parse(
    tableFixture([[cell("12", [0, 30, 20, 40]), cell("7", [50, 30, 60, 40])]], {
      header_cells: [cell("Men", [0, 10, 30, 20]), cell("Women", [50, 10, 90, 20])],
      colbands: [
        { label: "Employment", start_col: 0, end_col: 1 },
        { label: "Unboxed", start_col: 0, end_col: 1 },
      ],
      bbox: [0, 0, 90, 40],
    }),
  );
  const band: BBox = [20, 0, 70, 9];
  const same = [word("Employment", [21, 1, 69, 8]), word("Men", [1, 11, 29, 19]), word("Women", [51, 11, 89, 19])];
  const out = reconcileTable(table, "pdf-text", { "ocr-2": same }, [band, null]);
  tableSchema.parse(out);
  assert.deepEqual(
    out.colbands!.map((b) => b.confidence),
    ["verified", undefined],
  );
  // A letter read as another letter (a "1" for an "l" is a look-alike OCR cannot tell, marks-only.ts).
  const misread = reconcileTable(table, "pdf-text", { "ocr-2": [word("Emplayment", [21, 1, 69, 8])] }, [band, null]);
  assert.equal(misread.colbands![0]!.confidence, "disputed");
  // Without band boxes (a caller that does not know them): bands untouched.
  assert.deepEqual(reconcileTable(table, "pdf-text", { "ocr-2": same }).colbands, table.colbands);
});

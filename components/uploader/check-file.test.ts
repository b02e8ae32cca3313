import { test } from "node:test";
import assert from "node:assert/strict";
import { kindByName, looksLikePdf, notPdfMessage, severalFilesMessage } from "./check-file";

test("a PDF is known by its header in the first 1024 bytes, never by its name", () => {
  assert.equal(looksLikePdf(new TextEncoder().encode("%PDF-1.7\n...")), true);
  assert.equal(looksLikePdf(new TextEncoder().encode(`${" ".repeat(500)}%PDF-1.4`)), true);
  assert.equal(looksLikePdf(new TextEncoder().encode("name,amount\nalpha,1\n")), false);
  assert.equal(looksLikePdf(new TextEncoder().encode(`${" ".repeat(1100)}%PDF-1.4`)), false);
});

test("the refusal says what the file is in plain words, never 'switched off'", () => {
  const image = notPdfMessage("scan.png", "image/png");
  assert.match(image, /“scan\.png” is an image/);
  const sheet = notPdfMessage("data.csv", "text/csv");
  assert.match(sheet, /spreadsheet/);
  const text = notPdfMessage("notes.txt", "text/plain");
  assert.match(text, /“notes\.txt” is not a PDF/);
  for (const message of [image, sheet, text]) assert.doesNotMatch(message, /switched off|pipeline/);
  assert.match(severalFilesMessage(2, "a.pdf"), /2 files were dropped.*only “a\.pdf” is kept/);
});

test("an image or spreadsheet is told apart by its name or type, anything else is neither", () => {
  assert.equal(kindByName("scan.PNG", ""), "image");
  assert.equal(kindByName("photo", "image/jpeg"), "image");
  assert.equal(kindByName("sales.xlsx", ""), "spreadsheet");
  assert.equal(kindByName("data", "text/csv"), "spreadsheet");
  assert.equal(kindByName("notes.txt", "text/plain"), null);
  assert.equal(kindByName("report.pdf", "application/pdf"), null);
});

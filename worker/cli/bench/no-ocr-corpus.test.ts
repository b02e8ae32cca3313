// The no-OCR bench's corpus: a run over nothing is an error, never "0 CPU-s a page: ok".
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { corpusFiles } from "./no-ocr-corpus";

test("the corpus is every PDF of the folders given, sorted, and an empty corpus is an error", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-corpus-"));
  try {
    assert.throws(() => corpusFiles([]), /--corpus-only takes --corpus/);
    assert.throws(() => corpusFiles([dir]), /no PDF in /);
    for (const name of ["b.pdf", "a.PDF", "notes.txt"]) fs.writeFileSync(path.join(dir, name), "");
    assert.deepEqual(corpusFiles([dir]), [path.join(dir, "a.PDF"), path.join(dir, "b.pdf")]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

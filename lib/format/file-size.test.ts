import assert from "node:assert/strict";
import { test } from "node:test";
import { formatFileSize } from "./file-size";

test("sizes read as people write them", () => {
  assert.equal(formatFileSize(0), "0 bytes");
  assert.equal(formatFileSize(1), "1 byte");
  assert.equal(formatFileSize(512), "512 bytes");
  assert.equal(formatFileSize(1024), "1 KB");
  assert.equal(formatFileSize(1536), "1.5 KB");
  assert.equal(formatFileSize(39 * 1024 + 300), "39 KB", "a 39 KB file is not 0.0 MB");
  assert.equal(formatFileSize(1024 * 1023.7), "1 MB", "never 1024 KB");
  assert.equal(formatFileSize(2.44 * 1024 * 1024), "2.4 MB");
  assert.equal(formatFileSize(9.96 * 1024 * 1024), "10 MB");
  assert.equal(formatFileSize(125.4 * 1024 * 1024), "125 MB");
  assert.equal(formatFileSize(629_145_600), "600 MB");
  assert.equal(formatFileSize(1.2 * 1024 ** 3), "1.2 GB");
  assert.equal(formatFileSize(-1), "");
});

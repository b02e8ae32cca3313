// The isolated inspection: a normal PDF is inspected in the child; a compression bomb
// passes the child's memory ceiling and is refused as too complex while this process's own memory
// and event loop are untouched; the next upload is served by a fresh child.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { AppError } from "../errors";
import { brokenXrefPdf, deeplyNestedPdf, plainPdf, streamBombPdf } from "../../tests/pdf/hostile-pdfs";
import { inspectPdfIsolated } from "./isolated-inspect";
import { PdfOpenError } from "./open-pdf";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "isolated-inspect-"));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
// The pool's children outlive the tests otherwise.
after(() => {
  const pool = (globalThis as { pdfInspectPool?: { slots: Array<{ child: { kill(signal: string): void } | null }> } }).pdfInspectPool;
  for (const slot of pool?.slots ?? []) slot.child?.kill("SIGKILL");
});

function save(name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

test("a plain PDF is inspected in the child", async () => {
  assert.deepEqual(await inspectPdfIsolated(save("plain.pdf", plainPdf()), null), { pageCount: 1, textLayer: true });
  assert.deepEqual(await inspectPdfIsolated(save("xref.pdf", brokenXrefPdf()), null), { pageCount: 1, textLayer: true });
});

test("a compression bomb is refused as too complex; this process stays small and responsive", async () => {
  const before = process.memoryUsage().rss;
  let maxLagMs = 0;
  let last = Date.now();
  const lag = setInterval(() => {
    maxLagMs = Math.max(maxLagMs, Date.now() - last - 10);
    last = Date.now();
  }, 10);
  // Why the child was stopped: by its memory ceiling, not by the parse deadline (a time bound
  // here would measure the machine's load, not the limit).
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.join(" "));
  await assert.rejects(inspectPdfIsolated(save("bomb.pdf", streamBombPdf()), null), (error: unknown) => {
    assert.ok(error instanceof AppError);
    assert.equal(error.status, 400);
    assert.match(error.detail, /too complex/);
    return true;
  });
  console.warn = warn;
  clearInterval(lag);
  assert.ok(
    warnings.some((line) => /killed the PDF inspector \(\d+ MB resident, over \d+ MB\)/.test(line)),
    `not stopped by its memory ceiling: ${warnings.join(" | ")}`,
  );
  assert.ok(process.memoryUsage().rss - before < 100 * 1024 * 1024, "the parent grew by 100 MB or more");
  assert.ok(maxLagMs < 500, `the event loop stalled for ${maxLagMs} ms`);
  // The killed child is replaced for the next upload.
  assert.deepEqual(await inspectPdfIsolated(save("plain2.pdf", plainPdf()), null), { pageCount: 1, textLayer: true });
});

test("a parser failure is a PdfOpenError (400 corrupt), not too complex", async () => {
  await assert.rejects(inspectPdfIsolated(save("nested.pdf", deeplyNestedPdf()), null), PdfOpenError);
});

import { test } from "node:test";
import assert from "node:assert/strict";
import zlib from "node:zlib";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { loadPdfJs, openPdf } from "./open-pdf";
import { SyncDecompressionStream } from "./sync-decompression";

/** A DecompressionStream as the tests use it (ours and the built-in one). */
interface Decompression {
  readable: ReadableStream<Uint8Array>;
  writable: WritableStream<Uint8Array>;
}

/** What a stream gives when `chunks` are written to it and it is closed, read to its end as pdf.js
 * reads it; an Error if its readable side errors. */
async function drain(stream: Decompression, chunks: Uint8Array[]): Promise<Buffer | Error> {
  const writer = stream.writable.getWriter();
  (async () => {
    for (const chunk of chunks) await writer.write(chunk);
    await writer.close();
  })().catch(() => undefined);
  const reader = stream.readable.getReader();
  const out: Uint8Array[] = [];
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) out.push(next.value);
  } catch (error) {
    return error as Error;
  }
  return Buffer.concat(out);
}

const ours = (format: string) => new SyncDecompressionStream(format) as unknown as Decompression;
const builtIn = (format: string) => new DecompressionStream(format as CompressionFormat) as unknown as Decompression;

const text = Buffer.from("BT /F1 12 Tf 72 720 Td (Total 1,234.5) Tj ET\n".repeat(200));

test("each format inflates to the bytes the built-in DecompressionStream gives, written whole or in pieces", async () => {
  const formats = {
    deflate: zlib.deflateSync(text),
    "deflate-raw": zlib.deflateRawSync(text),
    gzip: zlib.gzipSync(text),
    brotli: zlib.brotliCompressSync(text),
  };
  for (const [format, compressed] of Object.entries(formats)) {
    const pieces = [compressed.subarray(0, 7), compressed.subarray(7, 100), compressed.subarray(100)];
    const [mine, theirs] = [await drain(ours(format), pieces), await drain(builtIn(format), pieces)];
    assert.ok(Buffer.isBuffer(mine), `${format}: ${String(mine)}`);
    assert.deepEqual(mine, text, format);
    assert.deepEqual(mine, theirs, format);
  }
});

test("a truncated or corrupt stream errors the readable side, as the built-in's does", async () => {
  const compressed = zlib.deflateSync(text);
  for (const bad of [compressed.subarray(0, compressed.length - 20), Buffer.from("not deflate at all")]) {
    assert.ok((await drain(ours("deflate"), [bad])) instanceof Error);
    assert.ok((await drain(builtIn("deflate"), [bad])) instanceof Error);
  }
});

test("an unknown format is refused when the stream is made, as the built-in refuses it", () => {
  assert.throws(() => ours("lzw"), TypeError);
  assert.throws(() => builtIn("lzw"), TypeError);
});

test("pdf.js, once loaded, inflates a PDF's compressed content through it", async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText("Inflated 1,234.5", { x: 72, y: 770, size: 12, font });
  const bytes = await doc.save();
  assert.match(Buffer.from(bytes).toString("latin1"), /\/FlateDecode/);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sync-decompression-")), "doc.pdf");
  fs.writeFileSync(file, bytes);
  await loadPdfJs();
  assert.equal(globalThis.DecompressionStream, SyncDecompressionStream);
  // Counted, to see that pdf.js looks the class up when it inflates.
  let made = 0;
  globalThis.DecompressionStream = class extends SyncDecompressionStream {
    constructor(format: string) {
      super(format);
      made++;
    }
  } as unknown as typeof DecompressionStream;
  const opened = await openPdf(file);
  try {
    const content = await (await opened.doc.getPage(1)).getTextContent();
    assert.deepEqual(
      content.items.flatMap((item) => ("str" in item && item.str ? [item.str] : [])),
      ["Inflated 1,234.5"],
    );
    assert.ok(made > 0, "pdf.js inflated nothing through the global");
  } finally {
    await opened.close();
    globalThis.DecompressionStream = SyncDecompressionStream as unknown as typeof DecompressionStream;
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
});

// The port pdf.js's API and parser talk through in this thread (in-process-port.ts): page chunks
// are handed over as shallow copies that the parser's next chunk cannot touch, everything else is
// structured-cloned, and a page read through it is the page pdf.js's own fake worker reads.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { deliveredCopy, InProcessPort } from "./in-process-port";
import { loadPdfJs, openPdf } from "./open-pdf";
import { TestPdf } from "../../tests/pdf/make-pdf";

const ENQUEUE = 4;

test("an operator-list chunk survives the parser emptying its arrays for the next chunk", () => {
  const outline = new Float32Array([1, 2, 3, 4]);
  const chunk = {
    fnArray: [91, 44],
    argsArray: [
      [0, [outline], new Float32Array(4)],
      ["g_d0_f1", 12],
    ],
    lastChunk: false,
    length: 2,
  };
  const message = { sourceName: "worker", targetName: "main", stream: ENQUEUE, streamId: 3, chunk };
  const fontOperands = chunk.argsArray[1];
  const delivered = deliveredCopy(message, [outline.buffer]) as typeof message;
  chunk.fnArray.length = 0;
  chunk.argsArray.length = 0;
  assert.deepEqual(delivered.chunk.fnArray, [91, 44]);
  assert.equal(delivered.chunk.argsArray.length, 2);
  assert.equal(delivered.chunk.length, 2);
  assert.equal(delivered.streamId, 3);
  // Handed over, not copied: the same operands, the path's bytes not detached.
  assert.equal(delivered.chunk.argsArray[1], fontOperands);
  assert.equal(outline.byteLength, 16);
});

test("a text-content chunk survives the parser starting a new one", () => {
  const item = { str: "Total", dir: "ltr", width: 20, height: 10, transform: [10, 0, 0, 10, 72, 700], fontName: "g_d0_f1", hasEOL: false };
  const textContent = { items: [item], styles: { g_d0_f1: { fontFamily: "serif" } } as Record<string, object>, lang: null };
  const delivered = deliveredCopy({ stream: ENQUEUE, streamId: 1, chunk: textContent }) as { chunk: typeof textContent };
  textContent.items = [];
  textContent.styles = {};
  assert.deepEqual(delivered.chunk.items, [item]);
  assert.deepEqual(Object.keys(delivered.chunk.styles), ["g_d0_f1"]);
  assert.equal(delivered.chunk.items[0], item);
});

test("every other message is a structured clone, its transfers moved", () => {
  const request = { sourceName: "main", targetName: "worker", action: "GetPage", callbackId: 7, data: { pageIndex: 0 } };
  const copy = deliveredCopy(request) as typeof request;
  assert.deepEqual(copy, request);
  assert.notEqual(copy.data, request.data);

  const image = new Uint8ClampedArray([1, 2, 3, 4]);
  const obj = { action: "obj", data: ["img_p0_1", 0, "Image", { width: 1, height: 1, data: image }] };
  const moved = deliveredCopy(obj, [image.buffer]) as typeof obj;
  assert.equal(image.byteLength, 0, "the sender's buffer is detached, as postMessage leaves it");
  assert.deepEqual([...(moved.data[3] as { data: Uint8ClampedArray }).data], [1, 2, 3, 4]);

  // A text chunk that (unexpectedly) carries transfers is cloned, transfers and all.
  const bytes = new Uint8Array([5]);
  const odd = deliveredCopy({ stream: ENQUEUE, chunk: { items: [], styles: {}, extra: bytes } }, [bytes.buffer]);
  assert.equal(bytes.byteLength, 0);
  assert.ok(odd);
});

test("messages arrive after the sender's turn, in order, to every listener until it is removed", async () => {
  const port = new InProcessPort();
  const seen: string[] = [];
  const first = (event: { data: unknown }) => seen.push(`a:${(event.data as { n: number }).n}`);
  port.addEventListener("message", first);
  const aborts = new AbortController();
  port.addEventListener("message", (event) => seen.push(`b:${(event.data as { n: number }).n}`), { signal: aborts.signal });
  port.postMessage({ n: 1 });
  port.postMessage({ n: 2 });
  assert.deepEqual(seen, [], "nothing is delivered synchronously");
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(seen, ["a:1", "b:1", "a:2", "b:2"]);
  aborts.abort();
  port.removeEventListener("message", first);
  port.postMessage({ n: 3 });
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(seen.length, 4);
});

/** Equal as JSON (what a reader can see: own enumerable data), font names aside: pdf.js names a
 * document's fonts after the document's number (`g_d3_f1`). The first difference is reported. */
function assertSameJson(actual: unknown, expected: unknown, what: string): void {
  const [a, b] = [actual, expected].map((v) => JSON.stringify(v).replace(/g_d\d+_f/g, "g_d_f"));
  if (a === b) return;
  let at = 0;
  while (a![at] === b![at]) at++;
  assert.fail(`${what} differ at ${at}: ${a!.slice(Math.max(0, at - 80), at + 80)} / ${b!.slice(Math.max(0, at - 80), at + 80)}`);
}

/** A page of many cells, ruled, so that pdf.js sends its operators and text in several chunks. */
async function densePdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const page = pdf.addPage(612, 1008);
  const rows = Array.from({ length: 90 }, (_, r) => [
    `Region ${r + 1}`,
    ...Array.from({ length: 5 }, (_, c) => ((r + 1) * 1000 + c * 37).toLocaleString("en-US")),
  ]);
  pdf.table(page, { x: 20, y: 20, colWidths: [110, 80, 80, 80, 80, 80], rowHeight: 10.5, rows, style: "grid" });
  return pdf.save("in-process-port");
}

test("a dense page reads the same through the port as through pdf.js's own fake worker, and its chunks are not cloned", async () => {
  const file = await densePdf();
  const pdfjs = await loadPdfJs();
  const standardFontDataUrl =
    path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts") + path.sep;
  const reference = await pdfjs.getDocument({
    data: new Uint8Array(fs.readFileSync(file)),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    standardFontDataUrl,
    verbosity: 0,
  }).promise;
  const theirs = await reference.getPage(1);
  const [theirOps, theirText] = [await theirs.getOperatorList(), await theirs.getTextContent()];
  const opened = await openPdf(file, { rendersEveryPage: true });
  const clone = globalThis.structuredClone;
  let chunksCloned = 0;
  globalThis.structuredClone = (value: unknown, options?: StructuredSerializeOptions) => {
    if ((value as { stream?: number } | null)?.stream === ENQUEUE) chunksCloned++;
    return clone(value, options);
  };
  try {
    const ours = await opened.doc.getPage(1);
    const [ourOps, ourText] = [await ours.getOperatorList(), await ours.getTextContent()];
    assert.ok(ourOps.fnArray.length > 1000, `several operator chunks (${ourOps.fnArray.length} operators)`);
    assert.ok(ourText.items.length > 400, `several text chunks (${ourText.items.length} runs)`);
    assertSameJson(ourOps.fnArray, theirOps.fnArray, "operators");
    assertSameJson(ourOps.argsArray, theirOps.argsArray, "operands");
    assertSameJson(ourText, theirText, "text content");
    assert.equal(chunksCloned, 0);
  } finally {
    globalThis.structuredClone = clone;
    await reference.loadingTask.destroy();
    await opened.close();
  }
});

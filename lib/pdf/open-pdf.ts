// Opens a PDF file with pdf.js, reading it by byte ranges from disk instead of loading it whole:
// a 600 MB upload must not cost 600 MB of memory in the web process (quick inspect) or the worker.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PDFDocumentLoadingTask, PDFDocumentProxy, PDFWorker } from "pdfjs-dist/types/src/display/api";
import type { ByteSource } from "../storage/job-files";
import { fontFaceSink } from "./font-face-sink";
import { InProcessPort } from "./in-process-port";
import { readingOnlyParserPath } from "./reading-only-parser";
import { registerRenderingDocument } from "./rendering-document";
import { installSyncDecompression } from "./sync-decompression";

/** A file on disk (CLI tools, tests) or a stored object read by ranges (lib/storage: ranged
 * GETs on S3). */
export type PdfSource = string | ByteSource;

/** A path opened as a ByteSource, so both kinds are read the same way. */
export async function openFileRanges(filePath: string): Promise<ByteSource> {
  const handle = await fs.promises.open(filePath, "r");
  const { size } = await handle.stat();
  return {
    size,
    async read(begin, end) {
      const chunk = new Uint8Array(Math.max(0, Math.min(end, size) - begin));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, begin);
      return chunk.subarray(0, bytesRead);
    },
    close: () => handle.close(),
  };
}

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
type PdfJsParser = typeof import("pdfjs-dist/legacy/build/pdf.worker.mjs");

let pdfjsPromise: Promise<PdfJs> | null = null;
let parserPromise: Promise<PdfJsParser> | null = null;
let readingOnlyParserPromise: Promise<PdfJsParser> | null = null;
/** What documents opened for reading only were parsed with in this process (null: none yet). */
let readingParser: "reading-only copy" | "stock" | null = null;
let stockParserForReading = false;

/** Documents opened for reading only are parsed by pdf.js's stock parser from now on in this
 * process, not by the reading-only copy: to measure the copy against it (`npm run bench --
 * --corpus-only --stock-parser`). */
export function readWithStockParser(): void {
  stockParserForReading = true;
}

/** The parser that read this process's reading-only documents, for the bench to print (a copy
 * that could not be made falls back to the stock parser silently: same output, more CPU). */
export function readingParserInUse(): "reading-only copy" | "stock" | null {
  return readingParser;
}

/** The Node build of pdf.js, loaded once. */
export function loadPdfJs(): Promise<PdfJs> {
  if (!pdfjsPromise) installSyncDecompression();
  pdfjsPromise ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjsPromise;
}

/** pdf.js's parser (its "worker" bundle, run in this thread as pdf.js runs it in Node), loaded
 * once. `readingOnly`: the copy that leaves out what only drawing needs (reading-only-parser.ts),
 * for documents whose pages are never drawn; the stock parser when that copy cannot be made. */
function loadPdfJsParser(readingOnly: boolean): Promise<PdfJsParser> {
  const stock = () => (parserPromise ??= import("pdfjs-dist/legacy/build/pdf.worker.mjs"));
  if (!readingOnly) return stock();
  if (stockParserForReading) {
    readingParser = "stock";
    return stock();
  }
  readingOnlyParserPromise ??= (async () => {
    const copy = readingOnlyParserPath(path.join(pdfjsPackageDir(), "legacy", "build", "pdf.worker.mjs"));
    // A copy removed meanwhile (another checkout sharing node_modules wrote its own) is no error.
    const parser =
      copy === null ? null : ((await import(/* webpackIgnore: true */ pathToFileURL(copy).href).catch(() => null)) as PdfJsParser | null);
    readingParser = parser ? "reading-only copy" : "stock";
    return parser ?? stock();
  })();
  return readingOnlyParserPromise;
}

/** pdf.js's package folder. Resolved through Node's module API at run time: bundlers rewrite a
 * plain require.resolve into a module number inside the Next.js build. */
function pdfjsPackageDir(): string {
  const { createRequire } = process.getBuiltinModule("node:module");
  const nodeRequire = createRequire(path.join(process.cwd(), "package.json"));
  return path.dirname(nodeRequire.resolve("pdfjs-dist/package.json"));
}

/** pdf.js's font and CMap folders. */
function pdfjsAssetDir(sub: string): string {
  return path.join(pdfjsPackageDir(), sub) + path.sep;
}

/** pdf.js fetches byte ranges of this size; small enough that opening reads little, large
 * enough that a page's content is a few reads. */
const RANGE_CHUNK_BYTES = 256 * 1024;

export class PdfOpenError extends Error {
  constructor(
    readonly reason: "password" | "invalid",
    message: string,
  ) {
    super(message);
  }
}

export interface OpenedPdf {
  doc: PDFDocumentProxy;
  close(): Promise<void>;
}

export interface OpenPdfOptions {
  /** Every page will be rendered (the OCR engines read every page's render): one document that
   * builds glyph outlines as it reads, so that each page is parsed once. Otherwise (the default)
   * the document is opened for reading only, without glyph outlines, and its pages are rendered
   * from a second document opened with them the first time one is rendered (figure crops, debug
   * overlays): see rendering-document.ts. */
  rendersEveryPage?: boolean;
  /** Read with pdf.js's stock parser even when the document is opened for reading only, not the
   * copy that leaves out what only drawing needs (reading-only-parser.ts): to compare the two. */
  stockParser?: boolean;
}

export async function openPdf(pdf: PdfSource, options: OpenPdfOptions = {}): Promise<OpenedPdf> {
  const pdfjs = await loadPdfJs();
  const handle = typeof pdf === "string" ? await openFileRanges(pdf) : pdf;
  const outlines = options.rendersEveryPage === true;
  const initialData = await readInitialData(handle).catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  let reading: LoadedDocument;
  try {
    reading = await loadDocument(pdfjs, handle, initialData, outlines, !outlines && options.stockParser !== true);
  } catch (error) {
    await handle.close();
    const name = (error as { name?: string }).name;
    if (name === "PasswordException") {
      throw new PdfOpenError("password", "the PDF is password-protected; remove the password and upload it again");
    }
    throw new PdfOpenError("invalid", "the file is not a readable PDF (it is corrupt or truncated)");
  }
  // The same bytes opened a second time, only when a page is first rendered.
  let rendering: Promise<LoadedDocument> | null = null;
  let closed = false;
  if (!outlines) {
    registerRenderingDocument(reading.doc, async () => {
      if (closed) throw new Error("the document was closed before its page was rendered");
      rendering ??= readInitialData(handle).then((data) => loadDocument(pdfjs, handle, data, true, false));
      return (await rendering).doc;
    });
  }
  return {
    doc: reading.doc,
    async close() {
      closed = true;
      if (rendering) await rendering.then(destroyDocument).catch(() => undefined);
      await destroyDocument(reading);
      await handle.close();
    },
  };
}

/** The first range, read for each document: pdf.js takes ownership of the bytes it is given. */
function readInitialData(handle: ByteSource): Promise<Uint8Array> {
  return handle.read(0, Math.min(handle.size, RANGE_CHUNK_BYTES));
}

interface LoadedDocument {
  doc: PDFDocumentProxy;
  task: PDFDocumentLoadingTask;
  /** The document's own parser connection: pdf.js destroys only the workers it created. */
  worker: PDFWorker;
}

async function destroyDocument(loaded: LoadedDocument): Promise<void> {
  try {
    await loaded.task.destroy();
  } finally {
    loaded.worker.destroy();
  }
}

/** Opens the bytes of `handle` as a pdf.js document. `outlines`: glyphs are compiled to paths as
 * pages are read, which pdf.js needs to draw text in Node; without them the fonts go to a
 * document that drops them (font-face-sink.ts) and the document can be read but not rendered.
 * `readingOnlyParser`: parsed by the copy of pdf.js's parser that leaves out what only drawing
 * needs (only for a document that is never rendered). */
async function loadDocument(
  pdfjs: PdfJs,
  handle: ByteSource,
  initialData: Uint8Array,
  outlines: boolean,
  readingOnlyParser: boolean,
): Promise<LoadedDocument> {
  const { size } = handle;
  const transport = new pdfjs.PDFDataRangeTransport(size, initialData);
  transport.requestDataRange = (begin: number, end: number) => {
    handle
      .read(begin, end)
      .then((chunk) => transport.onDataRange(begin, chunk))
      .catch(() => transport.onDataRange(begin, new Uint8Array(0)));
  };

  // The parser runs in this thread, as pdf.js's own fake worker runs it, on a port that does not
  // structured-clone the page chunks it passes (in-process-port.ts).
  const port = new InProcessPort();
  (await loadPdfJsParser(readingOnlyParser)).WorkerMessageHandler.initializeFromPort(port);
  // pdf.js types the port as a web Worker; it uses only postMessage and the listener methods.
  const worker = pdfjs.PDFWorker.create({ port: port as unknown as Worker, verbosity: 0 });
  const task = pdfjs.getDocument({
    worker,
    range: transport,
    length: size,
    rangeChunkSize: RANGE_CHUNK_BYTES,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    // pdf.js types ownerDocument as a browser document; it uses only what the sink implements.
    ...(outlines ? { disableFontFace: true } : { disableFontFace: false, ownerDocument: fontFaceSink() as HTMLDocument }),
    useSystemFonts: false,
    standardFontDataUrl: pdfjsAssetDir("standard_fonts"),
    cMapUrl: pdfjsAssetDir("cmaps"),
    cMapPacked: true,
    verbosity: 0,
  });
  try {
    return { doc: await task.promise, task, worker };
  } catch (error) {
    await task.destroy().catch(() => undefined);
    worker.destroy();
    throw error;
  }
}

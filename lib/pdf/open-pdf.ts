// Opens a PDF file with pdf.js, reading it by byte ranges from disk instead of loading it whole:
// a 600 MB upload must not cost 600 MB of memory in the web process (quick inspect) or the worker.
import fs from "node:fs";
import path from "node:path";
import type { PDFDocumentProxy } from "pdfjs-dist/types/src/display/api";
import type { ByteSource } from "../storage/job-files";

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

let pdfjsPromise: Promise<PdfJs> | null = null;

/** The Node build of pdf.js, loaded once. */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjsPromise;
}

/** pdf.js's font and CMap folders. Resolved through Node's module API at run time: bundlers
 * rewrite a plain require.resolve into a module number inside the Next.js build. */
function pdfjsAssetDir(sub: string): string {
  const { createRequire } = process.getBuiltinModule("node:module");
  const nodeRequire = createRequire(path.join(process.cwd(), "package.json"));
  return path.join(path.dirname(nodeRequire.resolve("pdfjs-dist/package.json")), sub) + path.sep;
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

export async function openPdf(pdf: PdfSource): Promise<OpenedPdf> {
  const pdfjs = await loadPdfJs();
  const handle = typeof pdf === "string" ? await openFileRanges(pdf) : pdf;
  const { size } = handle;
  const initialData = await handle.read(0, Math.min(size, RANGE_CHUNK_BYTES)).catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });

  const transport = new pdfjs.PDFDataRangeTransport(size, initialData);
  transport.requestDataRange = (begin: number, end: number) => {
    handle
      .read(begin, end)
      .then((chunk) => transport.onDataRange(begin, chunk))
      .catch(() => transport.onDataRange(begin, new Uint8Array(0)));
  };

  const task = pdfjs.getDocument({
    range: transport,
    length: size,
    rangeChunkSize: RANGE_CHUNK_BYTES,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: pdfjsAssetDir("standard_fonts"),
    cMapUrl: pdfjsAssetDir("cmaps"),
    cMapPacked: true,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    return {
      doc,
      async close() {
        await task.destroy();
        await handle.close();
      },
    };
  } catch (error) {
    await task.destroy().catch(() => undefined);
    await handle.close();
    const name = (error as { name?: string }).name;
    if (name === "PasswordException") {
      throw new PdfOpenError("password", "the PDF is password-protected; remove the password and upload it again");
    }
    throw new PdfOpenError("invalid", "the file is not a readable PDF (it is corrupt or truncated)");
  }
}

// The child process that opens untrusted PDFs for the web process (lib/pdf/isolated-inspect.ts):
// pdf.js parsing a hostile file can take gigabytes and minutes, so it happens here, where the
// parent watches this process's memory and deadline and kills it, never on the web's event loop.
// Protocol: the parent sends {id, source, requestedPages}; we answer {id, inspection} or
// {id, error: {reason, message}}. One request at a time; the process lives on for the next one.
import { getJobFiles } from "../storage/job-files";
import { inspectPdf } from "./inspect-pdf";
import { loadPdfJs, PdfOpenError } from "./open-pdf";
import type { UploadFormat } from "../../worker/pipeline/inputs/convert-upload";
import { InputRefusedError } from "../../worker/pipeline/inputs/input-error";

/** A file path, or a stored job's input (read where it is stored: by byte ranges from the local
 * directory or the object store, as JobFiles reads it). */
export type InspectSource = string | { jobId: string };

export interface InspectRequest {
  id: number;
  source: InspectSource;
  requestedPages: number | null;
  /** An image or spreadsheet upload (a stored job's only): made into the job's PDF (and a
   * spreadsheet's tables) by the input layer instead of inspected; the inspection then counts
   * its frames or sheets. */
  convert?: UploadFormat & { maxPages: number; sheetName: string };
}

export type InspectReply =
  | { id: number; inspection: { pageCount: number; textLayer: boolean } }
  | { id: number; error: { reason: "password" | "invalid"; message: string } }
  | { ready: true };

function reply(message: InspectReply): void {
  // The web process may be gone (killed, restarting): then there is nobody to answer, and a send
  // into the closed channel must not crash us with EPIPE; 'disconnect' ends this process.
  if (process.connected) process.send?.(message, undefined, {}, () => undefined);
}

process.on("message", (message: InspectRequest) => {
  const { source } = message;
  if (message.convert) {
    convertStored(source, message.convert).then(
      (inspection) => reply({ id: message.id, inspection }),
      (error: unknown) => {
        // The input layer's refusals say what is wrong; anything else (a decoder's own error, a
        // runaway allocation) means the file cannot be read, said without the library's words.
        const text =
          error instanceof InputRefusedError
            ? error.message
            : `the ${message.convert!.kind} could not be read (it is corrupt or not what its content says)`;
        reply({ id: message.id, error: { reason: "invalid", message: text } });
      },
    );
    return;
  }
  const opened = typeof source === "string" ? Promise.resolve(source) : getJobFiles().openInput(source.jobId);
  opened
    .then((pdf) => inspectPdf(pdf, message.requestedPages))
    .then(
      (inspection) => reply({ id: message.id, inspection }),
      (error: unknown) => {
        // pdf.js's own failures are PdfOpenError; anything else (a RangeError from a runaway
        // allocation, a stack overflow on nesting) means the file cannot be read either.
        const known = error instanceof PdfOpenError ? error : new PdfOpenError("invalid", "the PDF could not be read (it is corrupt)");
        reply({ id: message.id, error: { reason: known.reason, message: known.message } });
      },
    );
});
/** Reads the stored upload whole (the image decoder and the workbook reader need it so), makes
 * it into the job's PDF, stores that in its place and, for a spreadsheet, its tables beside it. */
async function convertStored(
  source: InspectSource,
  convert: NonNullable<InspectRequest["convert"]>,
): Promise<{ pageCount: number; textLayer: boolean }> {
  if (typeof source === "string") throw new Error("only a stored upload is converted");
  const files = getJobFiles();
  const input = await files.openInput(source.jobId);
  let bytes: Uint8Array;
  try {
    bytes = await input.read(0, input.size);
  } finally {
    await input.close();
  }
  // Loaded on the first image or spreadsheet only: the image decoder and the workbook reader are
  // not in the memory every PDF inspection starts from.
  const { convertUpload } = await import("../../worker/pipeline/inputs/convert-upload");
  const converted = await convertUpload(bytes, convert, { maxPages: convert.maxPages, sheetName: convert.sheetName });
  if (converted.sheets) await files.writeSheets(source.jobId, JSON.stringify(converted.sheets));
  await files.replaceInput(source.jobId, converted.pdf);
  // Neither has a text layer: an image is read by OCR, a spreadsheet's values come from the file.
  return { pageCount: converted.documentPages, textLayer: false };
}

// The web process went away: nothing left to answer.
process.on("disconnect", () => process.exit(0));
// Load pdf.js before saying ready, so the first upload's deadline is spent parsing, not loading.
void loadPdfJs().then(() => reply({ ready: true }));

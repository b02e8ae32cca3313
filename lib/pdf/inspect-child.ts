// The child process that opens untrusted PDFs for the web process (lib/pdf/isolated-inspect.ts):
// pdf.js parsing a hostile file can take gigabytes and minutes, so it happens here, where the
// parent watches this process's memory and deadline and kills it, never on the web's event loop.
// Protocol: the parent sends {id, source, requestedPages}; we answer {id, inspection} or
// {id, error: {reason, message}}. One request at a time; the process lives on for the next one.
import { getJobFiles } from "../storage/job-files";
import { inspectPdf } from "./inspect-pdf";
import { loadPdfJs, PdfOpenError } from "./open-pdf";

/** A file path, or a stored job's input (read where it is stored: by byte ranges from the local
 * directory or the object store, as JobFiles reads it). */
export type InspectSource = string | { jobId: string };

export interface InspectRequest {
  id: number;
  source: InspectSource;
  requestedPages: number | null;
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
  const opened = typeof source === "string" ? Promise.resolve(source) : getJobFiles().openInput(source.jobId);
  opened.then((pdf) => inspectPdf(pdf, message.requestedPages)).then(
    (inspection) => reply({ id: message.id, inspection }),
    (error: unknown) => {
      // pdf.js's own failures are PdfOpenError; anything else (a RangeError from a runaway
      // allocation, a stack overflow on nesting) means the file cannot be read either.
      const known = error instanceof PdfOpenError ? error : new PdfOpenError("invalid", "the PDF could not be read (it is corrupt)");
      reply({ id: message.id, error: { reason: known.reason, message: known.message } });
    },
  );
});
// The web process went away: nothing left to answer.
process.on("disconnect", () => process.exit(0));
// Load pdf.js before saying ready, so the first upload's deadline is spent parsing, not loading.
void loadPdfJs().then(() => reply({ ready: true }));

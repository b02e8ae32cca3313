// The process that runs the pipeline for a worker (worker/jobs/page-host.ts is its supervisor).
// Untrusted pages are parsed, rendered and OCR'd here, so a page that needs gigabytes or never
// ends costs this process, which the worker kills and replaces, never the worker itself or the
// job's other pages. It lives for many jobs: its OCR engines stay loaded.
//
// Protocol (IPC): the worker sends {type: "run", input}; we answer with "page-start" and
// "page-end" around each page (and wait for "continue" or "stop" after each page-end),
// "page-ahead" when the next page is opened ahead of its turn (run-pipeline's OCR look-ahead),
// "progress" with stage text, then "done" with the output, or "stopped", or "error".
import { loadPdfJs } from "../../lib/pdf/open-pdf";
import { getJobFiles } from "../../lib/storage/job-files";
import { OcrEngines } from "../pipeline/ocr";
import { runPipeline, type PipelineInput, type PipelineOutput } from "../pipeline/run-pipeline";
import type { OcrEngineName } from "../pipeline/ocr";
import type { OcrEngineStats } from "../pipeline/ocr/read-page-ocr";
import { isStorageWriteError } from "../../lib/storage/storage-write-error";
import { saveFinishedPage } from "./save-finished-page";
import { deliverSheets } from "../pipeline/inputs/deliver-sheets";
import type { SheetPages } from "../pipeline/inputs/convert-upload";
import { getEnv } from "../../lib/env";
import { getLogger } from "../../lib/log";
import { visionReadersFromEnv } from "../pipeline/vision";

/** What crosses the IPC channel: plain data. The input and the OCR cache are reached here through
 * the job's files (lib/storage/job-files.ts: a local directory or an object store), by job id. */
export type HostedInput = Omit<
  PipelineInput,
  "pdfPath" | "cacheDir" | "ocr" | "onProgress" | "afterPage" | "beforePage" | "onLookAhead" | "onPage" | "skipPages" | "settings"
> & {
  jobId: string;
  /** A job always states the pages it promised (the pipeline's default is every page). */
  pages: number;
  skipPages: Array<[number, string]>;
};

export type ToChild = { type: "run"; input: HostedInput } | { type: "continue" } | { type: "stop" };
export type FromChild =
  | { type: "ready" }
  | { type: "page-start"; page: number }
  /** The next page is opened and read ahead of its turn (run-pipeline's look-ahead, with OCR). */
  | { type: "page-ahead"; page: number }
  | { type: "page-end"; page: number }
  | { type: "progress"; stage: string }
  | { type: "done"; output: PipelineOutput; ocrStats: OcrEngineStats | null }
  | { type: "stopped"; ocrStats: OcrEngineStats | null }
  | { type: "error"; message: string; ocrStats: OcrEngineStats | null };

class Stopped extends Error {}

const engines = (process.env.PIPELINE_OCR_ENGINES ?? "").split(",").filter(Boolean) as OcrEngineName[];
const ocr = engines.length > 0 ? OcrEngines.withEngines(engines) : null;
// The vision readers (none unless VISION_* is set): their endpoints, and so their limits on calls
// in flight, live as long as this process.
const vision = visionReadersFromEnv(getEnv());
const visionLog = vision ? getLogger("pipeline").child({ reader: "vision" }) : null;
let continueWaiter: ((go: boolean) => void) | null = null;

function send(message: FromChild): void {
  // The worker may be gone (killed with -9): 'disconnect' ends this process; a send into the
  // closed channel must not crash it with EPIPE first.
  if (process.connected) process.send?.(message, undefined, {}, () => undefined);
}

async function run({ jobId, ...input }: HostedInput): Promise<void> {
  // A page's write that failed (lib/storage/storage-write-error.ts): the page itself is fine, but
  // the job stops after it, before the next page is read.
  let storageFailure: Error | null = null;
  try {
    const files = getJobFiles();
    // A spreadsheet's tables were read at submission; they are delivered, not extracted.
    const sheets = await files.readSheets(jobId);
    const output = sheets
      ? await deliverStoredSheets(jobId, sheets, input)
      : await runPipeline({
          ...input,
          pdfPath: await files.openInput(jobId),
          cacheDir: files.ocrCache,
          skipPages: new Map(input.skipPages),
          ocr: ocr ?? [],
          vision,
          onVisionCall: (call) => visionLog?.info({ jobId, ...call }, `vision call ${call.role} page ${call.page}: ${call.outcome}`),
          onProgress: (stage) => send({ type: "progress", stage }),
          beforePage: (page) => send({ type: "page-start", page }),
          onLookAhead: (page) => send({ type: "page-ahead", page }),
          // Stored before "page-end": a page the job page counts done is readable.
          onPage: async (page) => {
            try {
              await saveFinishedPage(files, jobId, page);
            } catch (error) {
              if (!isStorageWriteError(error)) throw error;
              storageFailure = error as Error;
            }
          },
          afterPage: async (page) => {
            if (storageFailure) throw storageFailure;
            await pageEnded(page);
          },
        });
    send({ type: "done", output, ocrStats: ocr?.stats ?? null });
  } catch (error) {
    if (error instanceof Stopped) send({ type: "stopped", ocrStats: ocr?.stats ?? null });
    else send({ type: "error", message: (error as Error).message, ocrStats: ocr?.stats ?? null });
  }
}

/** A spreadsheet job's pages (worker/pipeline/inputs/deliver-sheets.ts), with the same messages
 * around each page as a PDF's. */
function deliverStoredSheets(jobId: string, json: string, input: Omit<HostedInput, "jobId">): Promise<PipelineOutput> {
  const files = getJobFiles();
  return deliverSheets({
    sheets: JSON.parse(json) as SheetPages,
    pages: input.pages,
    withSourcePages: input.withSourcePages,
    skipPages: new Map(input.skipPages),
    onProgress: (stage) => send({ type: "progress", stage }),
    beforePage: (page) => send({ type: "page-start", page }),
    onPage: ({ pageNumber, entry, tables }) =>
      saveFinishedPage(files, jobId, { pageNumber, entry, readings: entry, extraction: { tables, prose: [], figures: [] } }),
    afterPage: pageEnded,
  });
}

/** Reports the page done and waits for the worker's "continue" (or "stop": the run ends). */
async function pageEnded(page: number): Promise<void> {
  const go = await new Promise<boolean>((resolve) => {
    continueWaiter = resolve;
    send({ type: "page-end", page });
  });
  if (!go) throw new Stopped();
}

process.on("message", (message: ToChild) => {
  if (message.type === "run") void run(message.input);
  else {
    const waiter = continueWaiter;
    continueWaiter = null;
    waiter?.(message.type === "continue");
  }
});
// Signals are the worker's business: it finishes or releases the job and then lets us go (a
// Ctrl-C reaches the whole process group, this process included).
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => undefined);
process.on("disconnect", () => process.exit(0));
// pdf.js loads before we say ready, so a page's deadline is spent on the page, not on loading.
void loadPdfJs().then(() => send({ type: "ready" }));

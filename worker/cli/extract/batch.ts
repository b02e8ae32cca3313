// `npm run extract` over many PDFs in one process: one start-up (pdf.js, our bundle, the OCR
// models) for all of them instead of one per file. With --jobs N, N files are read at once, each
// in a worker thread of its own; a file's pages stay in order within it, since a table running
// over a page break is joined page to page. Progress goes to a bar on a terminal, and the run ends
// with a summary line: files, pages, tables, cells by confidence, seconds.
import { Worker } from "node:worker_threads";
import { OcrEngines } from "../../pipeline/ocr";
import { OCR_ENGINE_NAMES } from "../../../lib/ocr/engine-names";
import { extractFile, formatCells, type ExtractOptions, type FileSummary } from "./extract-file";
import type { ExtractInput } from "./inputs";
import { ProgressBar } from "./progress-bar";

/** A worker thread's messages: a page done, or a file done with its summary. */
export type WorkerMessage = { kind: "page" } | { kind: "file"; summary: FileSummary };
/** The main thread's messages to a worker: a file to read, or no more. */
export type WorkerTask = { kind: "file"; input: ExtractInput } | { kind: "stop" };

export interface BatchSummary {
  files: FileSummary[];
  seconds: number;
}

/** Runs every input, `jobs` at a time (1: in this thread). `entry` is the module the worker
 * threads run (the extract command's own file, which serves a thread when started as one). */
export async function runBatch(
  inputs: readonly ExtractInput[],
  options: ExtractOptions & { jobs: number },
  entry: URL,
  bar: ProgressBar | null,
): Promise<BatchSummary> {
  const started = performance.now();
  const files = new Array<FileSummary>(inputs.length);
  let pages = 0;
  let done = 0;
  const tick = () => bar?.update(done, inputs.length, `${pages} pages`);
  tick();
  const finished = (index: number, summary: FileSummary) => {
    files[index] = summary;
    done++;
    tick();
  };
  const jobs = Math.max(1, Math.min(options.jobs, inputs.length));
  if (jobs === 1) {
    // One set of OCR engines for every file: model loads are paid once.
    const readers = options.ocr ? OcrEngines.withEngines(OCR_ENGINE_NAMES) : null;
    try {
      for (const [index, input] of inputs.entries()) {
        finished(index, await extractFile(input, options, readers, () => void (pages++, tick())));
      }
    } finally {
      await readers?.release();
    }
  } else {
    let next = 0;
    await Promise.all(
      Array.from(
        { length: jobs },
        () =>
          new Promise<void>((resolve) => {
            const worker = new Worker(entry, { workerData: { extractWorker: true, options } });
            let current = -1;
            const give = () => {
              if (next >= inputs.length) {
                worker.postMessage({ kind: "stop" } satisfies WorkerTask);
                return;
              }
              current = next++;
              worker.postMessage({ kind: "file", input: inputs[current]! } satisfies WorkerTask);
            };
            worker.on("message", (message: WorkerMessage) => {
              if (message.kind === "page") {
                pages++;
                tick();
                return;
              }
              finished(current, message.summary);
              give();
            });
            let failure = "";
            worker.on("error", (error) => void (failure = error.message));
            worker.on("exit", (code) => {
              // A thread that died with a file in hand (out of memory, an uncaught error): that file
              // is reported failed; the files not yet given out go to the remaining threads.
              if (current >= 0 && files[current] === undefined) {
                finished(current, {
                  pdf: inputs[current]!.pdf,
                  result: inputs[current]!.result,
                  pages: 0,
                  pagesFailed: 0,
                  tables: 0,
                  cells: {},
                  seconds: 0,
                  error: `the reading thread stopped (${failure || `exit code ${code}`})`,
                });
              }
              resolve();
            });
            give();
          }),
      ),
    );
  }
  bar?.finish();
  return { files, seconds: (performance.now() - started) / 1000 };
}

/** A worker thread's loop: read each file it is given, one at a time, until told to stop. */
export function serveWorker(port: import("node:worker_threads").MessagePort, options: ExtractOptions): void {
  // Each thread keeps its own engines for all its files (loaded on its first page that needs them).
  const readers = options.ocr ? OcrEngines.withEngines(OCR_ENGINE_NAMES) : null;
  port.on("message", (task: WorkerTask) => {
    if (task.kind === "stop") {
      void (readers?.release() ?? Promise.resolve()).finally(() => port.close());
      return;
    }
    void extractFile(task.input, options, readers, () => port.postMessage({ kind: "page" } satisfies WorkerMessage)).then((summary) =>
      port.postMessage({ kind: "file", summary } satisfies WorkerMessage),
    );
  });
}

/** The run's summary line. */
export function summaryLine(summary: BatchSummary): string {
  const ok = summary.files.filter((f) => !f.error);
  const pages = ok.reduce((n, f) => n + f.pages, 0);
  const failedPages = ok.reduce((n, f) => n + f.pagesFailed, 0);
  const tables = ok.reduce((n, f) => n + f.tables, 0);
  const cells: Record<string, number> = {};
  for (const f of ok) for (const [level, n] of Object.entries(f.cells)) cells[level] = (cells[level] ?? 0) + n;
  const failedFiles = summary.files.length - ok.length;
  return (
    `${summary.files.length} files${failedFiles ? ` (${failedFiles} failed)` : ""}, ${pages} pages${failedPages ? ` (${failedPages} unreadable)` : ""}, ` +
    `${tables} tables, cells: ${formatCells(cells)}; ${summary.seconds.toFixed(2)} s`
  );
}

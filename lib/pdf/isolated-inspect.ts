// The quick inspection of an upload (lib/pdf/inspect-pdf.ts), run in child processes with a
// memory ceiling and a deadline, so a hostile PDF (a compression bomb, an endless content stream)
// costs a child process, never the web process's memory or event loop. A small pool
// of long-lived children keeps the cost of a normal upload to one message each way; a child that
// passes its ceiling or deadline is killed with SIGKILL and the upload is refused with 400.
import { spawn, type ChildProcess } from "node:child_process";
import { childEntryArgs } from "../child-entry";
import { getEnv } from "../env";
import { AppError, badRequest } from "../errors";
import { mebibytes, residentBytes } from "../limits/process-memory";
import type { InspectReply, InspectRequest, InspectSource } from "./inspect-child";
import type { PdfInspection } from "./inspect-pdf";
import { PdfOpenError } from "./open-pdf";

/** How often the child's resident memory is read while it parses. A bomb inflates at a few GB/s
 * at most on this hardware, so 25 ms lets it pass the ceiling by well under 100 MB. */
const MEMORY_POLL_MS = 25;

export const tooComplex = () =>
  badRequest(
    "the PDF is too complex to open safely (it needs more memory or time than allowed); simplify or re-save it and upload it again",
  );

interface Slot {
  child: ChildProcess | null;
  ready: Promise<ChildProcess> | null;
}

interface Pool {
  slots: Slot[];
  free: Slot[];
  waiting: Array<(slot: Slot) => void>;
  nextId: number;
  /** Children killed for passing a limit (the hostile-input tests read it from the log). */
  killed: number;
}

// One pool per process, also when Next bundles this module into several route chunks.
const globalPool = globalThis as unknown as { pdfInspectPool?: Pool };
function pool(): Pool {
  globalPool.pdfInspectPool ??= { slots: [], free: [], waiting: [], nextId: 1, killed: 0 };
  return globalPool.pdfInspectPool;
}

function childArgs(maxHeapMb: number): string[] {
  // Resolved at run time from the project root (the web process's cwd): Next's bundler must not
  // rewrite it. The child runs compiled (lib/child-entry.ts): no TypeScript loader in the memory
  // its ceiling measures, and a replacement after a kill starts in a fraction of a second.
  return childEntryArgs(process.cwd(), "inspect-child", [`--max-old-space-size=${maxHeapMb}`]);
}

function startChild(slot: Slot): Promise<ChildProcess> {
  const env = getEnv();
  const child = spawn(process.execPath, childArgs(env.INSPECT_MEMORY_MB), {
    cwd: process.cwd(),
    env: process.env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  slot.child = child;
  child.once("exit", () => {
    if (slot.child === child) {
      slot.child = null;
      slot.ready = null;
    }
  });
  return new Promise((resolve, reject) => {
    const onMessage = (message: InspectReply) => {
      if ("ready" in message) {
        child.off("message", onMessage);
        resolve(child);
      }
    };
    child.on("message", onMessage);
    child.once("exit", (code, signal) => reject(new Error(`the PDF inspector exited before it was ready (${signal ?? code})`)));
  });
}

/** Starts a slot's replacement child at once (tsx and pdf.js take a few seconds to load on a busy
 * machine), so the upload after a killed one does not pay for the start. */
function respawn(slot: Slot): void {
  slot.child = null;
  const ready = startChild(slot);
  slot.ready = ready;
  ready.catch(() => {
    if (slot.ready === ready) slot.ready = null;
  });
}

/** Starts the pool's children before the first upload (the web process calls it at start). */
export function warmInspectors(): void {
  const state = pool();
  while (state.slots.length < getEnv().INSPECT_CONCURRENCY) {
    const slot: Slot = { child: null, ready: null };
    state.slots.push(slot);
    state.free.push(slot);
    respawn(slot);
  }
}

async function acquire(): Promise<Slot> {
  const state = pool();
  const free = state.free.pop();
  if (free) return free;
  if (state.slots.length < getEnv().INSPECT_CONCURRENCY) {
    const slot: Slot = { child: null, ready: null };
    state.slots.push(slot);
    return slot;
  }
  // Past INSPECT_QUEUE_MAX waiting uploads the client is told to come back (503), rather than
  // queue behind minutes of deadlines.
  if (state.waiting.length >= getEnv().INSPECT_QUEUE_MAX) {
    throw new AppError("service_unavailable", "the service is busy opening other uploads; retry in a few seconds", {
      headers: { "retry-after": "5" },
    });
  }
  return new Promise((resolve) => state.waiting.push(resolve));
}

function release(slot: Slot): void {
  const state = pool();
  const next = state.waiting.shift();
  if (next) next(slot);
  else state.free.push(slot);
}

/** Page count and text layer of an uploaded PDF, opened in a child process under
 * INSPECT_MEMORY_MB and INSPECT_TIMEOUT_SECONDS. Throws PdfOpenError for corrupt or encrypted
 * files and a 400 AppError (tooComplex) when the file passes a limit. */
export async function inspectPdfIsolated(source: InspectSource, requestedPages: number | null): Promise<PdfInspection> {
  return inIsolation({ source, requestedPages }, tooComplex);
}

/** An image or spreadsheet upload made into the job's PDF (and a spreadsheet's tables) by the
 * input layer (worker/pipeline/inputs/convert-upload.ts), in the same child processes and under
 * the same limits as a PDF's inspection: the frames or sheets counted, no text layer. Throws
 * PdfOpenError (reason "invalid") with the uploader's detail when the file is refused, and a 400
 * when it passes a limit. */
export async function convertUploadIsolated(jobId: string, convert: NonNullable<InspectRequest["convert"]>): Promise<PdfInspection> {
  const label = convert.kind === "image" ? "image" : "spreadsheet";
  const tooBig = () =>
    badRequest(`the ${label} is too large to open safely (it needs more memory or time than allowed); make it smaller and upload it again`);
  return inIsolation({ source: { jobId }, requestedPages: null, convert }, tooBig);
}

async function inIsolation(request: Omit<InspectRequest, "id">, refusal: () => AppError): Promise<PdfInspection> {
  const slot = await acquire();
  try {
    slot.ready ??= startChild(slot);
    const child = await slot.ready;
    return await inspectIn(slot, child, request, refusal);
  } finally {
    release(slot);
  }
}

function inspectIn(slot: Slot, child: ChildProcess, fields: Omit<InspectRequest, "id">, refusal: () => AppError): Promise<PdfInspection> {
  const env = getEnv();
  const state = pool();
  const request: InspectRequest = { id: state.nextId++, ...fields };
  const ceiling = env.INSPECT_MEMORY_MB * 1024 * 1024;
  return new Promise<PdfInspection>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void, childLost = false) => {
      if (settled) return;
      settled = true;
      // The next upload on this slot starts a fresh child rather than waiting for this one's exit.
      if (childLost && slot.child === child) respawn(slot);
      clearInterval(watch);
      clearTimeout(deadline);
      child.off("message", onMessage);
      child.off("exit", onExit);
      outcome();
    };
    const kill = (why: string) => {
      state.killed += 1;
      console.warn(`[inspect] killed the PDF inspector (${why}); refusing the upload as too complex`);
      child.kill("SIGKILL");
      finish(() => reject(refusal()), true);
    };
    const onMessage = (message: InspectReply) => {
      if (!("id" in message) || message.id !== request.id) return;
      if ("inspection" in message) finish(() => resolve(message.inspection));
      else finish(() => reject(new PdfOpenError(message.error.reason, message.error.message)));
    };
    // The child died on its own: V8 ran out of its heap limit, or the kernel stopped it.
    const onExit = () => finish(() => reject(refusal()), true);
    const watch = setInterval(() => {
      const rss = residentBytes(child.pid ?? -1);
      if (rss !== null && rss > ceiling) kill(`${mebibytes(rss)} MB resident, over ${env.INSPECT_MEMORY_MB} MB`);
    }, MEMORY_POLL_MS);
    const deadline = setTimeout(() => kill(`still parsing after ${env.INSPECT_TIMEOUT_SECONDS} s`), env.INSPECT_TIMEOUT_SECONDS * 1000);
    child.on("message", onMessage);
    child.once("exit", onExit);
    child.send(request);
  });
}

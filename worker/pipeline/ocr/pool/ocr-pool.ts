// A pool of OCR threads sized to the machine (OCR_THREADS, default the number of cores): work of
// both engines (PaddleOCR detection and recognition batches, Tesseract pages and cell mosaics)
// queued as small tasks, each run by the next free thread, so one page's recognition batches
// spread over every core. Each thread loads its own engines on its first task (ocr-thread.ts);
// its JavaScript heap is capped (resourceLimits: OCR_THREAD_HEAP_MB), and a thread that dies
// (out of memory, a crash in an engine) fails only its current task and is started afresh for the
// next one. Page pixels go to the threads in a SharedArrayBuffer, copied once per page.
import { Worker } from "node:worker_threads";
import type { PageRender } from "../../render/render-page";
import type { OcrEngineName } from "../types";
import type { OcrTaskRunner, ThreadOp, ThreadReply, ThreadTask } from "./protocol";
import { perEngine } from "../../../../lib/ocr/engine-names";
import { engineOfPoolOp } from "../engines";

export interface OcrPoolOptions {
  /** Threads (at most this many tasks run at once). */
  threads: number;
  /** Old-generation heap cap per thread, MB. */
  heapMb: number;
}

interface Pending {
  task: ThreadTask;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** Settles when the task does, either way. */
  settled: Promise<void>;
}

/** How long release() waits for tasks already in a thread's hands before stopping the threads.
 * A worker thread terminated in the middle of a native engine call (ONNX Runtime creating its
 * sessions, which the first PaddleOCR read starts on the other threads without waiting:
 * pooled-engines.ts) can abort the whole process ("terminate called after throwing an instance
 * of 'Napi::Error'", seen once in CI on ocr-pool.test.ts); a session load takes ~0.3 s and a
 * recognition batch well under 1 s on this machine, so 10 s is ample and still bounds a hung
 * engine. */
const RELEASE_WAIT_MS = 10_000;

interface Lane {
  worker: Worker | null;
  current: Pending | null;
  /** performance.now() when the current task was handed to the thread. */
  since: number;
}

export interface OcrPoolStats {
  /** CPU seconds spent in pool threads per engine (PaddleOCR: all of it; Tesseract: only its
   * messaging, see ocr-thread.ts); the pool's own tasks (memory, thread-id) count for none. */
  threadCpuSeconds: Record<OcrEngineName, number>;
  tasks: number;
  /** Wall seconds the threads spent with a task in hand, summed over threads: against threads x
   * the run's wall time it says how much of the pool the pipeline kept busy (npm run bench). */
  busySeconds: number;
  /** Threads started (more than `threads` when one died and was replaced). */
  threadsStarted: number;
}

/** ocr-thread's file: the TypeScript source under tsx (threads inherit its loader), the compiled
 * dist/ocr-thread.mjs when this code runs from a bundle (scripts/build-entries.mjs). */
function threadEntry(): URL {
  const here = import.meta.url;
  if (here.endsWith(".ts")) return new URL("./ocr-thread.ts", here);
  const dist = here.lastIndexOf("/dist/");
  if (dist < 0) throw new Error(`cannot locate the OCR thread entry from ${here}`);
  return new URL("ocr-thread.mjs", here.slice(0, dist + "/dist/".length));
}

export class OcrPool implements OcrTaskRunner {
  readonly stats: OcrPoolStats = { threadCpuSeconds: perEngine(() => 0), tasks: 0, busySeconds: 0, threadsStarted: 0 };
  private readonly lanes: Lane[];
  private readonly queue: Pending[] = [];
  private readonly shared = new WeakMap<PageRender, PageRender>();
  private nextId = 1;

  constructor(readonly options: OcrPoolOptions) {
    if (!Number.isInteger(options.threads) || options.threads < 1) throw new Error("OCR pool needs at least one thread");
    this.lanes = Array.from({ length: options.threads }, () => ({ worker: null, current: null, since: 0 }));
  }

  get size(): number {
    return this.lanes.length;
  }

  /** Runs one task on the next free thread. Waiting tasks are taken in page order (then in the
   * order given): when the pipeline reads the next page ahead (run-pipeline's look-ahead), that
   * page's work fills a thread the current page leaves idle (its detection, the last recognition
   * batch) but never delays the current page's own tasks, its cascade crops among them. */
  run<T>(op: ThreadOp, render: PageRender | undefined, args?: unknown): Promise<T> {
    const task: ThreadTask = { id: this.nextId++, op, render: render ? this.share(render) : undefined, args };
    return new Promise<T>((resolve, reject) => {
      let settle!: () => void;
      const settled = new Promise<void>((done) => (settle = done));
      const pending: Pending = {
        task,
        resolve: (value) => (settle(), resolve(value as T)),
        reject: (error) => (settle(), reject(error)),
        settled,
      };
      const page = pageOf(task);
      const at = this.queue.findIndex((queued) => pageOf(queued.task) > page);
      if (at < 0) this.queue.push(pending);
      else this.queue.splice(at, 0, pending);
      this.pump();
    });
  }

  /** Memory as each running thread sees it (heap and external buffers; native memory of ONNX
   * Runtime shows only in the process RSS). */
  async threadMemory(): Promise<NodeJS.MemoryUsage[]> {
    return Promise.all(this.lanes.filter((lane) => lane.worker).map(() => this.run<NodeJS.MemoryUsage>("memory", undefined)));
  }

  /** Stops every thread once the tasks they hold are done (at most RELEASE_WAIT_MS); the pool
   * starts them again if used afterwards. */
  async release(): Promise<void> {
    const running = this.lanes.flatMap((lane) => (lane.current ? [lane.current.settled] : []));
    if (running.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((done) => (timer = setTimeout(done, RELEASE_WAIT_MS)));
      await Promise.race([Promise.all(running), waited]);
      clearTimeout(timer);
    }
    const workers = this.lanes.map((lane) => lane.worker).filter((w): w is Worker => w !== null);
    for (const lane of this.lanes) lane.worker = null;
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private share(render: PageRender): PageRender {
    if (render.rgba.buffer instanceof SharedArrayBuffer) return render;
    let shared = this.shared.get(render);
    if (!shared) {
      const rgba = new Uint8Array(new SharedArrayBuffer(render.rgba.byteLength));
      rgba.set(render.rgba);
      shared = { ...render, rgba };
      this.shared.set(render, shared);
    }
    return shared;
  }

  private pump(): void {
    for (const lane of this.lanes) {
      if (this.queue.length === 0) return;
      if (lane.current) continue;
      const pending = this.queue.shift()!;
      lane.current = pending;
      lane.since = performance.now();
      const worker = (lane.worker ??= this.startThread(lane));
      // A busy thread keeps the process alive (a pending promise alone does not); an idle one
      // must not keep a finished CLI running.
      worker.ref();
      worker.postMessage(pending.task);
    }
  }

  private startThread(lane: Lane): Worker {
    const worker = new Worker(threadEntry(), {
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
    });
    this.stats.threadsStarted += 1;
    worker.on("message", (reply: ThreadReply) => {
      const pending = lane.current;
      if (!pending || pending.task.id !== reply.id) return;
      lane.current = null;
      worker.unref();
      this.stats.tasks += 1;
      this.stats.busySeconds += (performance.now() - lane.since) / 1000;
      const engine = engineOfPoolOp(pending.task.op);
      if (engine) this.stats.threadCpuSeconds[engine] += reply.cpuSeconds;
      if (reply.ok) pending.resolve(reply.result);
      else pending.reject(new Error(reply.error ?? "OCR task failed"));
      this.pump();
    });
    const fail = (error: Error) => {
      if (lane.worker !== worker) return;
      lane.worker = null;
      const pending = lane.current;
      lane.current = null;
      pending?.reject(error);
      this.pump();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`OCR thread stopped (exit code ${code})`)));
    return worker;
  }
}

/** The page a task works on (tasks without pixels, e.g. memory queries, go first). */
function pageOf(task: ThreadTask): number {
  return task.render?.pageNumber ?? Number.NEGATIVE_INFINITY;
}

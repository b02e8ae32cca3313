// Messages between the OCR pool (ocr-pool.ts) and its threads (ocr-thread.ts).
import type { PageRender } from "../../render/render-page";

/** "exit" stops the thread as a crash would (the pool's recovery test uses it). */
export type ThreadOp =
  | "paddle.load"
  | "paddle.detect"
  | "paddle.batch"
  | "paddle.line-batch"
  | "paddle.crops"
  | "paddle.marks"
  | "paddle.survey"
  | "tesseract.page"
  | "tesseract.crops"
  | "tesseract.crops-in"
  | "memory"
  | "thread-id"
  | "exit";

export interface ThreadTask {
  id: number;
  op: ThreadOp;
  /** The page render, its pixels in a SharedArrayBuffer: every thread reads the same memory, no
   * copy per task. */
  render?: PageRender;
  args?: unknown;
}

export interface ThreadReply {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: string;
  /** CPU seconds this thread spent on the task. */
  cpuSeconds: number;
}

/** What a pooled engine needs of the pool (ocr-pool.ts's OcrPool): tasks run in its threads. */
export interface OcrTaskRunner {
  readonly size: number;
  run<T>(op: ThreadOp, render: PageRender | undefined, args?: unknown): Promise<T>;
}

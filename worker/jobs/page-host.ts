// The worker's supervisor of the pipeline process (worker/jobs/pipeline-child.ts):
// every page runs under a memory ceiling (PAGE_MEMORY_MB, the child's resident memory, polled
// from /proc) and a deadline (PAGE_TIMEOUT_SECONDS). A page that passes either is killed with its
// process and fails alone: the job goes on from the next page in a fresh process, and the page is
// reported unreadable with its reason and never charged. Normal pages cost two IPC messages each;
// the process (and its OCR engines) is kept across pages and jobs and replaced only after a kill.
import { spawn, type ChildProcess } from "node:child_process";
import { childEntryArgs, projectRoot } from "../../lib/child-entry";
import { getEnv } from "../../lib/env";
import { mebibytes, residentBytes } from "../../lib/limits/process-memory";
import type { PipelineOutput } from "../pipeline/run-pipeline";
import { addOcrStats, emptyOcrStats, type OcrEngineStats } from "../pipeline/ocr/read-page-ocr";
import type { FromChild, HostedInput, ToChild } from "./pipeline-child";

const MEMORY_POLL_MS = 50;
/** The project folder, where scripts/run-entry.mjs starts the compiled pipeline process. */
const root = projectRoot(import.meta.url);

export interface HostHooks {
  onProgress(stage: string): Promise<void>;
  onPageStart(page: number): Promise<void>;
  /** After each page; false stops the run (shutdown, or the job is no longer ours). */
  onPageEnd(page: number): Promise<boolean>;
  /** A page passed a limit and was failed alone; the run goes on without it. */
  onPageSkipped(page: number, reason: string, skipped: ReadonlyMap<number, string>): Promise<void>;
}

export type HostOutcome = { kind: "done"; output: PipelineOutput } | { kind: "stopped" } | { kind: "failed"; message: string };

/** "pages-killed": a limit was passed while the current page and the next one (opened ahead of
 * its turn for OCR) were both in flight, so which of them is at fault is unknown. */
type Attempt = HostOutcome | { kind: "page-killed"; page: number; reason: string } | { kind: "pages-killed"; pages: [number, number] };

export class PipelineHost {
  private child: ChildProcess | null = null;
  private ready: Promise<ChildProcess> | null = null;
  private current: { abort(reason: string): void } | null = null;
  /** Engine loads and runs of processes already replaced, so the totals survive a kill. */
  private readonly pastStats: OcrEngineStats = emptyOcrStats();
  private liveStats: OcrEngineStats | null = null;

  /** Runs the pipeline in the child, replacing the child (and skipping the page) after each
   * page that passes a limit. */
  async run(input: Omit<HostedInput, "skipPages">, skipPages: ReadonlyMap<number, string>, hooks: HostHooks): Promise<HostOutcome> {
    const skipped = new Map(skipPages);
    let lookAhead = input.lookAhead ?? true;
    for (;;) {
      const attempt = await this.attempt({ ...input, lookAhead, skipPages: [...skipped] }, hooks);
      if (attempt.kind === "pages-killed") {
        // Neither page is blamed: the run goes again one page at a time, and the next kill names
        // the page at fault (the pages before come from the OCR cache).
        console.warn(`[pipeline] pages ${attempt.pages.join(" and ")} were in flight together: running again one page at a time`);
        lookAhead = false;
        continue;
      }
      if (attempt.kind !== "page-killed") return attempt;
      skipped.set(attempt.page, attempt.reason);
      await hooks.onPageSkipped(attempt.page, attempt.reason, skipped);
    }
  }

  /** Kills the run in progress at once (the job was deleted); run() then resolves "stopped". */
  abort(reason: string): void {
    this.current?.abort(reason);
  }

  /** OCR engine loads and pages read over this worker's life (every pipeline process). */
  ocrStats(): OcrEngineStats {
    const total = emptyOcrStats();
    addOcrStats(total, this.pastStats);
    if (this.liveStats) addOcrStats(total, this.liveStats);
    return total;
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = null;
    this.ready = null;
    if (child && child.exitCode === null) {
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  }

  private start(): Promise<ChildProcess> {
    const env = getEnv();
    // Compiled (lib/child-entry.ts): a restart after a killed page costs ~0.2 s, not a tsx start,
    // and no TypeScript loader sits in the memory the page's ceiling measures. The OCR pool's
    // threads (OCR_THREADS) live in this process: their memory is in its resident size, and a
    // kill ends them with it; the next process starts a fresh pool.
    const child = spawn(process.execPath, childEntryArgs(root, "pipeline-child", [`--max-old-space-size=${env.PAGE_MEMORY_MB}`]), {
      cwd: process.cwd(),
      env: { ...process.env, PIPELINE_OCR_ENGINES: env.OCR_ENGINES.join(",") },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    this.child = child;
    child.once("exit", () => {
      if (this.child !== child) return;
      this.child = null;
      this.ready = null;
      this.retireStats();
    });
    return new Promise((resolve, reject) => {
      child.on("message", function onReady(message: FromChild) {
        if (message.type !== "ready") return;
        child.off("message", onReady);
        resolve(child);
      });
      child.once("exit", (code, signal) => reject(new Error(`the pipeline process exited while starting (${signal ?? code})`)));
    });
  }

  private retireStats(): void {
    if (!this.liveStats) return;
    const live = this.liveStats;
    this.liveStats = null;
    addOcrStats(this.pastStats, live);
  }

  private async attempt(input: HostedInput, hooks: HostHooks): Promise<Attempt> {
    const env = getEnv();
    this.ready ??= this.start();
    const child = await this.ready;
    child.ref();
    child.channel?.ref();
    const ceiling = env.PAGE_MEMORY_MB * 1024 * 1024;
    const pageDeadlineMs = env.PAGE_TIMEOUT_SECONDS * 1000;
    try {
      return await new Promise<Attempt>((resolve) => {
        let page: number | null = null;
        // The next page, opened ahead of its turn (run-pipeline's OCR look-ahead) and not yet started.
        let ahead: number | null = null;
        let pageStarted = Date.now();
        let settled = false;
        const finish = (attempt: Attempt) => {
          if (settled) return;
          settled = true;
          clearInterval(watch);
          child.off("message", onMessage);
          child.off("exit", onExit);
          this.current = null;
          resolve(attempt);
        };
        const kill = (attempt: Attempt, why: string) => {
          console.warn(`[pipeline] killed the pipeline process: ${why}`);
          // Forget it now: the next attempt must not be handed the dying process.
          if (this.child === child) {
            this.child = null;
            this.ready = null;
            this.retireStats();
          }
          child.kill("SIGKILL");
          finish(attempt);
        };
        // Who is at fault: the page in flight, or (both in flight) nobody yet.
        const culprit = (reason: string): Attempt | null =>
          page !== null && ahead !== null
            ? { kind: "pages-killed", pages: [page, ahead] }
            : page !== null || ahead !== null
              ? { kind: "page-killed", page: (page ?? ahead)!, reason }
              : null;
        const overLimit = (reason: string, why: string) => {
          const blamed = culprit(reason);
          if (blamed)
            kill(
              blamed,
              `${blamed.kind === "pages-killed" ? `pages ${blamed.pages.join(" and ")}` : `page ${(blamed as { page: number }).page}`}: ${why}`,
            );
          else kill({ kind: "failed", message: reason }, `opening the document: ${why}`);
        };
        this.current = { abort: (reason) => kill({ kind: "stopped" }, reason) };
        const watch = setInterval(() => {
          const rss = residentBytes(child.pid ?? -1);
          if (rss !== null && rss > ceiling) {
            overLimit(
              `the page needed more memory than a page is allowed (over ${env.PAGE_MEMORY_MB} MB); it was skipped and not charged`,
              `${mebibytes(rss)} MB resident`,
            );
          } else if (Date.now() - pageStarted > pageDeadlineMs) {
            overLimit(
              `the page took longer than a page is allowed (${env.PAGE_TIMEOUT_SECONDS} s); it was skipped and not charged`,
              `over ${env.PAGE_TIMEOUT_SECONDS} s`,
            );
          }
        }, MEMORY_POLL_MS);
        // The process died on its own (V8 out of heap, a native crash, the kernel): the page in
        // flight is what killed it.
        const onExit = (code: number | null, signal: string | null) => {
          if (this.child === child) {
            this.child = null;
            this.ready = null;
            this.retireStats();
          }
          const why = `exited (${signal ?? code})`;
          console.warn(
            `[pipeline] the pipeline process ${why}${page !== null ? ` on page ${page}` : ""}${ahead !== null ? ` (page ${ahead} read ahead)` : ""}`,
          );
          finish(
            culprit("the page stopped the process reading it (it ran out of memory or crashed); it was skipped and not charged") ?? {
              kind: "failed",
              message: `the pipeline process ${why}`,
            },
          );
        };
        const reply = (message: ToChild) => {
          if (!settled && child.connected) child.send(message);
        };
        const onMessage = (message: FromChild) => {
          switch (message.type) {
            case "page-ahead":
              ahead = message.page;
              break;
            case "page-start":
              page = message.page;
              if (ahead === message.page) ahead = null;
              pageStarted = Date.now();
              void hooks.onPageStart(message.page).catch(() => undefined);
              break;
            case "page-end":
              page = null;
              pageStarted = Date.now();
              hooks.onPageEnd(message.page).then(
                (go) => reply({ type: go ? "continue" : "stop" }),
                () => reply({ type: "stop" }),
              );
              break;
            case "progress":
              void hooks.onProgress(message.stage).catch(() => undefined);
              break;
            case "done":
              this.liveStats = message.ocrStats;
              finish({ kind: "done", output: message.output });
              break;
            case "stopped":
              this.liveStats = message.ocrStats;
              finish({ kind: "stopped" });
              break;
            case "error":
              this.liveStats = message.ocrStats;
              finish({ kind: "failed", message: message.message });
              break;
          }
        };
        child.on("message", onMessage);
        child.once("exit", onExit);
        child.send({ type: "run", input } satisfies ToChild);
      });
    } finally {
      // Between jobs the idle process must not keep the worker alive when it wants to exit.
      child.unref();
      child.channel?.unref();
    }
  }
}

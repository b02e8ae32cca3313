// What the vision readers cost a job: every call (tokens, latency, outcome), counted per page.
// The job's usage shows the totals and the calls per page (lib/jobs/job-view.ts `vision`).

export type VisionRole = "vision-1" | "vision-2" | "vision-grid" | "vision-arbiter" | "vision-audit" | "vision-review";

export interface VisionCallRecord {
  page: number;
  role: VisionRole;
  model: string;
  /** "cached": answered from the cache, no call made; "failed": every attempt failed;
   * "skipped": the page's call budget was spent. */
  outcome: "ok" | "cached" | "failed" | "skipped";
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
  attempts: number;
}

/** The job-level summary (the shape of usage.vision in the API). */
export interface VisionUsage {
  calls: number;
  cached: number;
  failed: number;
  skipped: number;
  prompt_tokens: number;
  completion_tokens: number;
  latency_ms: number;
  /** Calls made (not cached, not skipped) per page that had any vision activity. */
  pages: Array<{ page: number; calls: number; cached: number; failed: number }>;
}

export class VisionUsageCounter {
  readonly records: VisionCallRecord[] = [];

  add(record: VisionCallRecord): void {
    this.records.push(record);
  }

  /** Calls actually sent for `page` (each attempt of a retried call counts once: the call). */
  callsOn(page: number): number {
    return this.records.filter((r) => r.page === page && (r.outcome === "ok" || r.outcome === "failed")).length;
  }

  summary(): VisionUsage {
    const byPage = new Map<number, { page: number; calls: number; cached: number; failed: number }>();
    const out: VisionUsage = {
      calls: 0,
      cached: 0,
      failed: 0,
      skipped: 0,
      prompt_tokens: 0,
      completion_tokens: 0,
      latency_ms: 0,
      pages: [],
    };
    for (const r of this.records) {
      const page = byPage.get(r.page) ?? { page: r.page, calls: 0, cached: 0, failed: 0 };
      byPage.set(r.page, page);
      if (r.outcome === "ok" || r.outcome === "failed") {
        out.calls++;
        page.calls++;
      }
      if (r.outcome === "cached") {
        out.cached++;
        page.cached++;
      }
      if (r.outcome === "failed") {
        out.failed++;
        page.failed++;
      }
      if (r.outcome === "skipped") out.skipped++;
      out.prompt_tokens += r.promptTokens;
      out.completion_tokens += r.completionTokens;
      out.latency_ms += Math.round(r.latencyMs);
    }
    out.pages = [...byPage.values()].sort((a, b) => a.page - b.page);
    return out;
  }
}

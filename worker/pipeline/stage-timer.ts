// Wall time per named stage of the page pipeline, so each stage (and each structure reader) can be
// measured alone: run-pipeline hands every page's timings to onPage and sums them in its output
// (eval and bench print them). The names: read and ocr (start-page.ts), then the declared stages
// of stages/page-stages.ts, each under its own name or, for those that time their parts, under
// the parts' (assemble: tables, charts, figures, prose, reading-order; structure:
// structure:<reader>; ocr-cells: structure-vote and ocr-cells; crops: crops).
export type StageTimings = Record<string, number>;

export class StageTimer {
  readonly seconds: StageTimings = {};

  run<T>(stage: string, fn: () => T): T {
    const start = performance.now();
    try {
      return fn();
    } finally {
      this.add(stage, start);
    }
  }

  async runAsync<T>(stage: string, fn: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await fn();
    } finally {
      this.add(stage, start);
    }
  }

  private add(stage: string, start: number): void {
    this.seconds[stage] = (this.seconds[stage] ?? 0) + (performance.now() - start) / 1000;
  }
}

/** Adds one page's timings into a running total. */
export function addTimings(total: StageTimings, page: StageTimings): void {
  for (const [stage, seconds] of Object.entries(page)) total[stage] = (total[stage] ?? 0) + seconds;
}

// The worker's OCR readers, reporting each engine's seconds (cache hits excluded) to the
// pdftables_ocr_seconds_total metric. A subclass, so the OCR module knows nothing of metrics.
// The engines run in the pipeline process (worker/jobs/pipeline-child.ts); their counts come back
// into `stats` after each job (run-job.ts), and recordEngineSeconds() reports what was added
// (pages read in this process count the same way: runEngine adds to stats.engineSeconds).
import { getMetrics } from "../lib/metrics/metrics";
import { perEngine } from "../lib/ocr/engine-names";
import { DEFAULT_ENGINES, OcrEngines, type OcrEngineName } from "./pipeline/ocr";

export class MeasuredOcrEngines extends OcrEngines {
  private reported: Record<OcrEngineName, number> = perEngine(() => 0);

  static forEngines(names: readonly OcrEngineName[]): MeasuredOcrEngines {
    return new MeasuredOcrEngines(Object.fromEntries(names.map((name) => [name, DEFAULT_ENGINES[name]])));
  }

  /** Reports the engine seconds in `stats` not reported yet (after run-job copied them back). */
  recordEngineSeconds(): void {
    for (const engine of this.names) {
      const total = this.stats.engineSeconds[engine] ?? 0;
      const added = total - this.reported[engine];
      if (added > 0) getMetrics().ocrSeconds.inc({ engine }, added);
      this.reported[engine] = total;
    }
  }
}

// The worker's OCR readers, reporting each engine's seconds on a page (cache hits excluded) to
// the pdftables_ocr_seconds_total metric. A subclass, so the OCR module knows nothing of metrics.
import { getMetrics } from "../lib/metrics/metrics";
import { DEFAULT_ENGINES, isOcrFailure, OcrReaders, type OcrReaderName, type PageOcr, type ReadPageOcrInput } from "./pipeline/ocr";

export class MeasuredOcrReaders extends OcrReaders {
  static forEngines(names: readonly OcrReaderName[]): MeasuredOcrReaders {
    return new MeasuredOcrReaders(Object.fromEntries(names.map((name) => [name, DEFAULT_ENGINES[name]])));
  }

  override async readPage(input: ReadPageOcrInput): Promise<PageOcr> {
    const page = await super.readPage(input);
    for (const [engine, outcome] of Object.entries(page.readings)) {
      if (outcome && !isOcrFailure(outcome) && !outcome.fromCache) getMetrics().ocrSeconds.inc({ engine }, outcome.seconds);
    }
    return page;
  }
}

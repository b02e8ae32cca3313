// A page with a text layer that the table, prose and figure stages read into nothing is a failed
// page (counted in pages_failed, free of charge, with this reason), not an empty success:
// its text is there, we did not deliver it, and the reader must consult the original.
import type { PageExtraction, PageReadings } from "./page-types";

export function nothingReadReason(readings: PageReadings, extraction: PageExtraction): string | null {
  if (readings.words.length === 0) return null;
  if (extraction.tables.length > 0 || extraction.prose.length > 0 || extraction.figures.length > 0) return null;
  const directions = [...new Set(readings.words.map((w) => w.dir))].sort((a, b) => a - b);
  return `the text layer holds ${readings.words.length} words (directions ${directions.join(", ")} degrees) but neither a table nor prose was read from them`;
}

// Every tuning value of the pipeline, with where its value came from (STYLE.md habit 8). Bump
// SETTINGS_VERSION whenever a value changes: it is stored with each result and keys the OCR cache.
export const SETTINGS_VERSION = "2026-11-22.1";

export const SETTINGS = {
  /** Lines whose vertical gap exceeds this many line heights start a new paragraph (typical
   * body text leading is 1.2; a blank line is ~2.4). */
  paragraphGapLineHeights: 0.8,
  /** A line whose font is at least this much larger than the page's body text is a heading. */
  headingSizeRatio: 1.15,
} as const;

export type Settings = typeof SETTINGS;

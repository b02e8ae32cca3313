// Tuning values of the vision readers (STYLE habit: every threshold in one settings object, with
// where its value came from). The prompts' own versions live with the prompts (prompts.ts); these
// values change how and how often the readers are called, not what a cached answer means, so they
// are not part of the cache key, except `imageDpi`, which changes the picture a reader sees.
export const VISION_SETTINGS = {
  /** Resolution of the page image sent to a reader. 144 dpi (a 612 x 792 pt page is 1224 x 1584
   * px) keeps 8 pt table text about 16 px high, legible to the hosted and local models the docs
   * name, and stays under the 2048 px long side most of them resize to anyway. */
  imageDpi: 144,
  /** Longest side of the image in pixels; a larger page is sent at a lower dpi (hosted APIs
   * downscale above ~2000 px and bill by tiles, so sending more costs tokens for nothing). */
  maxImageSidePx: 2048,
  /** A call that has not answered in this long is abandoned (and retried). A whole-page table
   * read by a hosted model answered in 5-30 s in published latency figures; a local 7B model on
   * a GPU in similar time; 60 s leaves room for a loaded server. */
  timeoutMs: 60_000,
  /** The share of a page's time limit (PAGE_TIMEOUT_SECONDS, 120 s by default) the vision readers
   * may spend on it, calls, retries and waits for a free slot together: the rest is the page's
   * own (a cold OCR page takes 3-7 s on 2 shared cores). A page past its limit is failed, and a
   * vision reader must never fail a page, so its calls end with a failure well before that. */
  pageTimeShare: 0.5,
  /** Attempts per call, the first included: a 429, a 5xx, a network error, a timeout or an answer
   * that is not the JSON asked for is tried again up to this many times in all. */
  attempts: 3,
  /** Backoff before attempt n+1: backoffMs * 2^(n-1), or the server's Retry-After when it says
   * (capped at maxBackoffMs so a page is never held for minutes). */
  backoffMs: 1000,
  maxBackoffMs: 20_000,
  /** Calls in flight at once per endpoint: hosted APIs rate-limit per key and a local server has
   * one GPU; two overlaps one page's network wait with another's without queueing on the server. */
  concurrencyPerEndpoint: 2,
  /** Answer length cap: a dense page's grid in the schema is ~40 tokens a cell; 600 cells fit. */
  maxTokens: 24_000,
  /** Holes (vision-grid): a delivered row is re-read when a first-pass vision reader that read
   * its table gave none of its filled cells, or when at least this share of them disagree with the
   * text it was assembled from (a row read shifted onto its neighbour's values). */
  misalignedRowShare: 0.5,
  /** The crop re-read by vision-grid reaches this far beyond the table's frame (points), so a
   * row cut off at the frame's edge is whole in the crop. */
  gridCropMarginPt: 12,
};

export type VisionSettings = typeof VISION_SETTINGS;

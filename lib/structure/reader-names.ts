// The public names of the structure readers, in the registry's order: they key a cell's
// `readings` when structure readings disagree, and the review page tells them from value
// readings by this list. The readers themselves are registered in
// worker/pipeline/structure/registry.ts, whose names must be these (its test checks it).
export const STRUCTURE_READER_NAMES = [
  "pdf-grid",
  "pdf-layout",
  "pdf-layout-alt",
  "pdf-stream",
  "pdf-tags",
  "ocr-2-lines",
  "ocr-layout",
  "pdf-model",
  "page-ink",
  "ink-grid",
] as const;

export type StructureReaderName = (typeof STRUCTURE_READER_NAMES)[number];

/** The vision readers' grids (worker/pipeline/vision/page-vision.ts), when vision readers are
 * configured: named apart from their value readings (vision-1...) so a cell's `readings` keeps
 * both. They are not registry readers: they read the page image through an endpoint. */
export const VISION_STRUCTURE_NAMES = ["vision-1-cells", "vision-2-cells", "vision-grid-cells"] as const;

export type VisionStructureSource = (typeof VISION_STRUCTURE_NAMES)[number];

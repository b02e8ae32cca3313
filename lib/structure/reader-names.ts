// The public names of the structure readers, in the registry's order: they key a cell's
// `readings` when structure readings disagree, and the review page tells them from value
// readings by this list. The readers themselves are registered in
// worker/pipeline/structure/registry.ts, whose names must be these (its test checks it).
export const STRUCTURE_READER_NAMES = ["pdf-grid", "pdf-layout", "pdf-layout-alt", "pdf-stream", "pdf-tags", "ocr-2-lines", "ocr-layout"] as const;

export type StructureReaderName = (typeof STRUCTURE_READER_NAMES)[number];

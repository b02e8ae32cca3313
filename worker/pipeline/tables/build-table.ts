// Table structure inside a region: from the ruled grid when the region has one (pdf-grid), from
// whitespace columns and text lines otherwise (pdf-layout). Both end as a TableModel.
// The builders live one idea to a file; this module re-exports what the rest of the pipeline
// imports from it: cell-text.ts, grid-model.ts, layout-model.ts, row-continuation.ts,
// raw-model.ts, header-bands.ts, header-rows.ts, repeated-columns.ts.
export { isNumeric, wordsToText } from "./cell-text";
export { gridToModel, isUnderColumned, rowSplitPositions } from "./grid-model";
export { layoutToModel, splitAtGutters } from "./layout-model";
export { applyRuledBands, extendHeaderBands } from "./header-bands";
export { topBandRows, gridHeaderRows, modelToHeaderRows } from "./header-rows";
export { splitRepeatedColumns } from "./repeated-columns";

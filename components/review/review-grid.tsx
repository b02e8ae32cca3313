"use client";
// The right half's table: the same cells as on the page, tinted by confidence, merged cells drawn
// merged (colbands above the header line, span_grid regions as one cell, covered cells left out);
// the selected cell outlined. A click selects; the keyboard path is the queue (j/k), which skips
// covered cells, so cells are not tab stops. A merged cell is selected by its top-left reference.
import type { Table } from "@/lib/result/schema";
import { tableLayout } from "@/lib/result/span-layout";
import { formatCellRef } from "@/lib/review/cell-ref";
import { CONFIDENCE_STYLES } from "../result/confidence";
import { GridBody } from "../result/grid-body";
import { GridHead } from "../result/grid-head";

export function ReviewGrid({ table, selected, onSelect }: { table: Table; selected: string | null; onSelect: (ref: string) => void }) {
  const layout = tableLayout(table);
  const cellProps = (row: number | "h", col: number, confidence: keyof typeof CONFIDENCE_STYLES, rowSpan = 1, colSpan = 1) => {
    const ref = formatCellRef({ page: table.page, table: table.index, row, col });
    const isSelected = ref === selected;
    return {
      "data-ref": ref,
      "data-confidence": confidence,
      "aria-selected": isSelected,
      rowSpan: rowSpan > 1 ? rowSpan : undefined,
      colSpan: colSpan > 1 ? colSpan : undefined,
      onClick: () => onSelect(ref),
      className: `${CONFIDENCE_STYLES[confidence].tint} cursor-pointer ${isSelected ? "review-selected" : ""}`,
    };
  };
  return (
    <div className="table-scroll max-h-[40vh] overflow-y-auto rounded border border-line bg-white">
      <table className="result-grid" aria-label={`Table ${table.index + 1} on page ${table.page}`} data-testid="review-grid">
        <GridHead
          layout={layout}
          renderHeader={(col, rowSpan) => {
            const cell = table.header_cells[col]!;
            return (
              <th key={col} scope="col" {...cellProps("h", col, cell.confidence, rowSpan)}>
                {cell.value}
              </th>
            );
          }}
        />
        <GridBody
          layout={layout}
          renderCell={(r, col, rowSpan, colSpan) => {
            const cell = table.rows[r]![col]!;
            return (
              <td key={col} {...cellProps(r, col, cell.confidence, rowSpan, colSpan)}>
                {cell.value}
              </td>
            );
          }}
        />
      </table>
    </div>
  );
}

"use client";
// The review page's table: the same cells as on the page, tinted and marked by confidence (blank
// cells white), merged cells drawn merged; the selected cell outlined and scrolled into view
// (GridScroller). A click selects; the keyboard path is the queue (j/k), so cells are not tab
// stops, but the grid itself is, so a wide table scrolls by keyboard.
import type { Table } from "@/lib/result/schema";
import { tableLayout } from "@/lib/result/span-layout";
import { formatCellRef } from "@/lib/review/cell-ref";
import { ConfidenceMark } from "../result/confidence-mark";
import { cellLook } from "../result/grid-cell";
import { GridBody } from "../result/grid-body";
import { GridHead } from "../result/grid-head";
import { GridScroller } from "../result/grid-scroller";

export function ReviewGrid({ table, selected, onSelect }: { table: Table; selected: string | null; onSelect: (ref: string) => void }) {
  const layout = tableLayout(table);
  const name = `Table ${table.index + 1} on page ${table.page}`;
  const cellProps = (row: number | "h", col: number, rowSpan = 1, colSpan = 1) => {
    const ref = formatCellRef({ page: table.page, table: table.index, row, col });
    const cell = row === "h" ? table.header_cells[col]! : table.rows[row]![col]!;
    const look = cellLook(cell);
    const isSelected = ref === selected;
    return {
      look,
      cell,
      attributes: {
        "data-ref": ref,
        ...look.data,
        "aria-selected": isSelected,
        rowSpan: rowSpan > 1 ? rowSpan : undefined,
        colSpan: colSpan > 1 ? colSpan : undefined,
        onClick: () => onSelect(ref),
        className: `${look.className} cursor-pointer ${isSelected ? "review-selected" : ""}`,
      },
    };
  };
  return (
    <GridScroller label={name} columns={layout.nCols} selected={selected} className="max-h-[40vh]">
      <table className="result-grid" role="grid" aria-readonly="true" aria-label={name} data-testid="review-grid">
        <GridHead
          layout={layout}
          renderHeader={(col, rowSpan) => {
            const { look, cell, attributes } = cellProps("h", col, rowSpan);
            return (
              <th key={col} scope="col" {...attributes}>
                {cell.value}
                {look.blank ? null : <ConfidenceMark level={cell.confidence} />}
              </th>
            );
          }}
        />
        <GridBody
          layout={layout}
          renderCell={(r, col, rowSpan, colSpan) => {
            const { look, cell, attributes } = cellProps(r, col, rowSpan, colSpan);
            return (
              <td key={col} {...attributes}>
                {cell.value}
                {look.blank ? null : <ConfidenceMark level={cell.confidence} />}
              </td>
            );
          }}
        />
      </table>
    </GridScroller>
  );
}

"use client";
// The right half's table: the same cells as on the page, tinted by confidence; the selected cell
// outlined. A click selects; the keyboard path is the queue (j/k), so cells are not tab stops.
import type { Table } from "@/lib/result/schema";
import { formatCellRef } from "@/lib/review/cell-ref";
import { CONFIDENCE_STYLES } from "../result/confidence";

export function ReviewGrid({ table, selected, onSelect }: { table: Table; selected: string | null; onSelect: (ref: string) => void }) {
  const cellProps = (row: number | "h", col: number, confidence: keyof typeof CONFIDENCE_STYLES) => {
    const ref = formatCellRef({ page: table.page, table: table.index, row, col });
    const isSelected = ref === selected;
    return {
      "data-ref": ref,
      "data-confidence": confidence,
      "aria-selected": isSelected,
      onClick: () => onSelect(ref),
      className: `${CONFIDENCE_STYLES[confidence].tint} cursor-pointer ${isSelected ? "review-selected" : ""}`,
    };
  };
  return (
    <div className="table-scroll max-h-[40vh] overflow-y-auto rounded border border-line bg-white">
      <table className="result-grid" aria-label={`Table ${table.index + 1} on page ${table.page}`} data-testid="review-grid">
        {table.header_cells.length ? (
          <thead>
            <tr>
              {table.header_cells.map((cell, col) => (
                <th key={col} scope="col" {...cellProps("h", col, cell.confidence)}>
                  {cell.value}
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, col) => (
                <td key={col} {...cellProps(r, col, cell.confidence)}>{cell.value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

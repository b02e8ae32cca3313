// The body lines of a table grid, shared by the result page and the review page: one <tr> per
// body row of the layout, covered cells of merged regions left out. How each cell is drawn is the
// caller's (`renderCell` returns the whole <td>), as GridHead leaves the header cells to it.
import type { ReactNode } from "react";
import type { TableLayout } from "@/lib/result/span-layout";

export function GridBody({
  layout,
  renderCell,
}: {
  layout: TableLayout;
  renderCell: (row: number, col: number, rowSpan: number, colSpan: number) => ReactNode;
}) {
  return (
    <tbody>
      {layout.body.map((line, r) => (
        <tr key={r}>{line.map(({ col, rowSpan, colSpan }) => renderCell(r, col, rowSpan, colSpan))}</tr>
      ))}
    </tbody>
  );
}

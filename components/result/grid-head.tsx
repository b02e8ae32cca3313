// The header lines of a table grid, shared by the result page and the review page: colband rows
// (each band one cell spanning its columns), then the leaf header line. How each leaf header cell
// is drawn is the caller's (`renderHeader` returns the whole <th>).
import type { ReactNode } from "react";
import type { TableLayout } from "@/lib/result/span-layout";

export function GridHead({ layout, renderHeader }: { layout: TableLayout; renderHeader: (col: number, rowSpan: number) => ReactNode }) {
  if (!layout.head.length) return null;
  return (
    <thead>
      {layout.head.map((line, level) => (
        <tr key={level}>
          {line.map((item) => {
            if (item.kind === "band") {
              return (
                <th key={item.col} scope="colgroup" colSpan={item.colSpan} className="result-band">
                  {item.label}
                </th>
              );
            }
            if (item.kind === "gap") return <td key={item.col} colSpan={item.colSpan} aria-hidden="true" />;
            return renderHeader(item.col, item.rowSpan);
          })}
        </tr>
      ))}
    </thead>
  );
}

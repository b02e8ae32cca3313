// One extracted table as a grid, each cell tinted by its confidence, merged cells merged. Levels other than verified
// are also written out for screen readers (colour alone says nothing to them).
import type { Cell, Table } from "@/lib/result/schema";
import { tableLayout } from "@/lib/result/span-layout";
import { orderedReadings } from "@/lib/review/readings";
import { CONFIDENCE_STYLES } from "./confidence";
import { GridBody } from "./grid-body";
import { GridHead } from "./grid-head";

function cellTitle(cell: Cell): string {
  const sources = cell.sources.length ? cell.sources.join(", ") : "no corroborating source";
  const readings = cell.readings ? `; readings: ${orderedReadings(cell).map(({ source, value }) => `${source} "${value}"`).join(", ")}` : "";
  return `${cell.confidence} (${sources})${readings}`;
}

function CellContent({ cell }: { cell: Cell }) {
  return (
    <>
      {cell.value}
      {cell.confidence !== "verified" && cell.confidence !== "exact" ? <span className="visually-hidden"> ({cell.confidence})</span> : null}
    </>
  );
}

export function TableGrid({ table }: { table: Table }) {
  const name = `Table ${table.index + 1} on page ${table.page}`;
  // Merged cells drawn merged: colbands above the header line, span_grid regions of the body as
  // one cell (covered cells, empty in `rows`, are not drawn).
  const layout = tableLayout(table);
  return (
    <figure className="m-0">
      <figcaption className="mb-1 text-sm font-semibold">
        {name}
        {table.caption ? <span className="muted font-normal"> · {table.caption}</span> : null}
        {table.layout_disputed ? <span className="badge ml-2">layout disputed</span> : null}
      </figcaption>
      <div className="table-scroll rounded border border-line bg-white">
        <table className="result-grid" aria-label={name}>
          <GridHead
            layout={layout}
            renderHeader={(col, rowSpan) => {
              const cell = table.header_cells[col]!;
              return (
                <th key={col} scope="col" rowSpan={rowSpan > 1 ? rowSpan : undefined} className={CONFIDENCE_STYLES[cell.confidence].tint} title={cellTitle(cell)} data-confidence={cell.confidence}>
                  <CellContent cell={cell} />
                </th>
              );
            }}
          />
          <GridBody
            layout={layout}
            renderCell={(r, col, rowSpan, colSpan) => {
              const cell = table.rows[r]![col]!;
              return (
                <td
                  key={col}
                  rowSpan={rowSpan > 1 ? rowSpan : undefined}
                  colSpan={colSpan > 1 ? colSpan : undefined}
                  className={CONFIDENCE_STYLES[cell.confidence].tint}
                  title={cellTitle(cell)}
                  data-confidence={cell.confidence}
                >
                  <CellContent cell={cell} />
                </td>
              );
            }}
          />
        </table>
      </div>
    </figure>
  );
}

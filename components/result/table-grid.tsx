// One extracted table as a grid, each cell tinted by its confidence. Levels other than verified
// are also written out for screen readers (colour alone says nothing to them).
import type { Cell, Table } from "@/lib/result/schema";
import { CONFIDENCE_STYLES } from "./confidence";

function cellTitle(cell: Cell): string {
  const sources = cell.sources.length ? cell.sources.join(", ") : "no corroborating source";
  const readings = cell.readings ? `; readings: ${Object.entries(cell.readings).map(([source, value]) => `${source} "${value}"`).join(", ")}` : "";
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
  return (
    <figure className="m-0">
      <figcaption className="mb-1 text-sm font-semibold">
        {name}
        {table.caption ? <span className="muted font-normal"> · {table.caption}</span> : null}
        {table.layout_disputed ? <span className="badge ml-2">layout disputed</span> : null}
      </figcaption>
      <div className="table-scroll rounded border border-line bg-white">
        <table className="result-grid" aria-label={name}>
          {table.header_cells.length ? (
            <thead>
              <tr>
                {table.header_cells.map((cell, col) => (
                  <th key={col} scope="col" className={CONFIDENCE_STYLES[cell.confidence].tint} title={cellTitle(cell)} data-confidence={cell.confidence}>
                    <CellContent cell={cell} />
                  </th>
                ))}
              </tr>
            </thead>
          ) : null}
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, col) => (
                  <td key={col} className={CONFIDENCE_STYLES[cell.confidence].tint} title={cellTitle(cell)} data-confidence={cell.confidence}>
                    <CellContent cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

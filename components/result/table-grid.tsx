"use client";
// One extracted table as a grid on the result page: each cell tinted by its confidence and marked
// with its level's glyph (colour is never alone), blank cells left white, merged cells merged.
// Clicking or tapping a cell (or Enter on a focused cell that needs a person) shows its readings.
import { useState } from "react";
import type { Cell, Table } from "@/lib/result/schema";
import { tableLayout } from "@/lib/result/span-layout";
import { formatCellRef } from "@/lib/review/cell-ref";
import { CellDetails } from "./cell-details";
import { ConfidenceMark } from "./confidence-mark";
import { cellLook } from "./grid-cell";
import { GridBody } from "./grid-body";
import { GridHead } from "./grid-head";
import { GridScroller } from "./grid-scroller";

function CellContent({ cell, blank }: { cell: Cell; blank: boolean }) {
  return (
    <>
      {cell.value}
      {blank ? null : <ConfidenceMark level={cell.confidence} />}
    </>
  );
}

export function TableGrid({ table }: { table: Table }) {
  const name = table.sheet !== undefined ? `Sheet “${table.sheet}” (page ${table.page})` : `Table ${table.index + 1} on page ${table.page}`;
  const layout = tableLayout(table);
  const [open, setOpen] = useState<{ ref: string; place: string; cell: Cell } | null>(null);
  const props = (row: number | "h", col: number, cell: Cell) => {
    const ref = formatCellRef({ page: table.page, table: table.index, row, col });
    const look = cellLook(cell);
    const place = `${row === "h" ? "header" : `row ${row + 1}`}, column ${col + 1}`;
    const show = () => setOpen(open?.ref === ref ? null : { ref, place, cell });
    return {
      look,
      attributes: {
        "data-ref": ref,
        ...look.data,
        className: `${look.className} cell-button ${open?.ref === ref ? "cell-open" : ""}`,
        onClick: show,
        // Cells that need a person are tab stops; Enter or Space shows their readings.
        tabIndex: look.problem ? 0 : undefined,
        onKeyDown: look.problem
          ? (event: React.KeyboardEvent) => {
              if (event.key === "Enter" || event.key === " ") {
                event.preventDefault();
                show();
              }
            }
          : undefined,
      },
    };
  };
  return (
    <figure className="m-0">
      <figcaption className="mb-1 text-sm font-semibold">
        {name}
        {table.caption ? <span className="muted font-normal"> · {table.caption}</span> : null}
        {table.layout_disputed ? <span className="badge ml-2">layout disputed</span> : null}
      </figcaption>
      <GridScroller label={name} columns={layout.nCols}>
        <table className="result-grid" aria-label={name}>
          <GridHead
            layout={layout}
            renderHeader={(col, rowSpan) => {
              const cell = table.header_cells[col]!;
              const { look, attributes } = props("h", col, cell);
              return (
                <th key={col} scope="col" rowSpan={rowSpan > 1 ? rowSpan : undefined} {...attributes}>
                  <CellContent cell={cell} blank={look.blank} />
                </th>
              );
            }}
          />
          <GridBody
            layout={layout}
            renderCell={(r, col, rowSpan, colSpan) => {
              const cell = table.rows[r]![col]!;
              const { look, attributes } = props(r, col, cell);
              return (
                <td key={col} rowSpan={rowSpan > 1 ? rowSpan : undefined} colSpan={colSpan > 1 ? colSpan : undefined} {...attributes}>
                  <CellContent cell={cell} blank={look.blank} />
                </td>
              );
            }}
          />
        </table>
      </GridScroller>
      {open ? <CellDetails place={open.place} cell={open.cell} onClose={() => setOpen(null)} /> : null}
    </figure>
  );
}

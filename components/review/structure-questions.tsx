"use client";
// The review page's structure questions (lib/review/structure-items.ts): each table whose cells
// are doubted for their place only is asked about once. "Yes, as shown" confirms the table's
// structure (the C key does the same for the selected cell's table), settling every cell the
// question holds; "No, fix it" selects the table's first doubted cell, where the table tools
// (split the table, header row, merge, delete) are; for "is this a table", "No, not a table" turns
// the region into a prose block (lib/review/structure/not-a-table.ts).
import type { Table } from "@/lib/result/schema";
import { findTable } from "@/lib/review/cell-ref";
import { questionText, reviewItems, type StructureItem } from "@/lib/review/structure-items";

export function StructureQuestions({
  tables,
  busy,
  onConfirm,
  onFix,
  onNotATable,
}: {
  tables: Table[];
  busy: boolean;
  onConfirm: (item: StructureItem) => void;
  onFix: (item: StructureItem) => void;
  onNotATable: (item: StructureItem) => void;
}) {
  const questions = reviewItems(tables).filter((item): item is StructureItem => item.kind === "structure");
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby="questions-heading" data-testid="structure-questions">
      <h2 id="questions-heading" className="mb-1 text-base">
        Table questions ({questions.length})
      </h2>
      <p className="muted m-0 mb-1 text-sm">
        Each is answered once for every cell it holds: the readings agree on those values, not on the table&apos;s shape.
      </p>
      <ol className="m-0 list-none space-y-2 p-0">
        {questions.map((item) => {
          const [page, index] = item.table.split(":").map(Number) as [number, number];
          const table = findTable({ tables }, page, index);
          if (!table) return null;
          return (
            <li
              key={item.table}
              className="rounded border border-line bg-white p-2"
              data-testid="structure-question"
              data-table={item.table}
            >
              <p className="m-0">{questionText(item, table)}</p>
              <div className="mt-1 flex flex-wrap gap-2">
                <button type="button" className="button" disabled={busy} onClick={() => onConfirm(item)}>
                  Yes, as shown: confirm {item.cells.length} cell{item.cells.length === 1 ? "" : "s"}
                </button>
                {item.question === "is-table" ? (
                  <button type="button" className="button button-secondary" disabled={busy} onClick={() => onNotATable(item)}>
                    No, not a table: make it text
                  </button>
                ) : null}
                <button type="button" className="button button-secondary" disabled={busy} onClick={() => onFix(item)}>
                  {item.question === "is-table" ? "A table, but fix its shape" : "No, fix it with the table tools"}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

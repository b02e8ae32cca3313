"use client";
// The review page's structure questions (lib/review/structure-items.ts): each table whose cells
// are doubted for their place only is asked about once, with numbered answers: 1 "Yes, as shown"
// (the structure confirmation; the C key does the same for the selected cell's table), then each
// shape another structure reading proposed (a split, one table with the next, the header ending
// lower, no header), then for "is this a table" "not a table: text" and "not a table: figure". The
// number keys pick them while a cell of the question is selected (the question is marked then);
// each settles every cell the question holds, and U undoes it. "Fix it" selects the table's first
// doubted cell, where the table tools (split the table, header row, merge, delete) are.
import type { Table } from "@/lib/result/schema";
import { findTable } from "@/lib/review/cell-ref";
import { questionText, reviewItems, type StructureChoice, type StructureItem } from "@/lib/review/structure-items";

export function StructureQuestions({
  tables,
  busy,
  active,
  onChoose,
  onFix,
}: {
  tables: Table[];
  busy: boolean;
  /** "page:index" of the question the selected cell belongs to: its answers are on the number keys. */
  active: string | null;
  onChoose: (item: StructureItem, choice: StructureChoice) => void;
  onFix: (item: StructureItem) => void;
}) {
  const questions = reviewItems(tables).filter((item): item is StructureItem => item.kind === "structure");
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby="questions-heading" data-testid="structure-questions">
      <h2 id="questions-heading" className="mb-1 text-base">
        Table questions ({questions.length})
      </h2>
      <p className="muted m-0 mb-1 text-sm">
        Each is answered once for every cell it holds: the readings agree on those values, not on the table&apos;s shape. With a cell of the
        question selected, the number keys pick its answers.
      </p>
      <ol className="m-0 list-none space-y-2 p-0">
        {questions.map((item) => {
          const [page, index] = item.table.split(":").map(Number) as [number, number];
          const table = findTable({ tables }, page, index);
          if (!table) return null;
          const isActive = active === item.table;
          return (
            <li
              key={item.table}
              className={`rounded border bg-white p-2 ${isActive ? "border-2 border-accent" : "border-line"}`}
              data-testid="structure-question"
              data-table={item.table}
              data-active={isActive ? "true" : undefined}
              aria-current={isActive ? "true" : undefined}
            >
              <p className="m-0">{questionText(item, table)}</p>
              <ol className="m-0 mt-1 flex list-none flex-wrap gap-2 p-0" aria-label="Answers">
                {item.choices.map((choice, k) => (
                  <li key={`${choice.kind}-${k}`}>
                    <button
                      type="button"
                      className={k === 0 ? "button" : "button button-secondary"}
                      disabled={busy}
                      onClick={() => onChoose(item, choice)}
                      aria-keyshortcuts={isActive ? String(k + 1) : undefined}
                      data-testid="structure-choice"
                      title={choice.kind === "alternative" ? choice.by : undefined}
                    >
                      <kbd className="kbd mr-1" aria-hidden="true">
                        {k + 1}
                      </kbd>
                      {choice.label}
                      {choice.kind === "alternative" ? <span className="muted text-xs"> ({choice.by})</span> : null}
                    </button>
                  </li>
                ))}
                <li>
                  <button type="button" className="button button-secondary" disabled={busy} onClick={() => onFix(item)}>
                    {item.question === "is-table" ? "A table, but fix its shape" : "No, fix it with the table tools"}
                  </button>
                </li>
              </ol>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

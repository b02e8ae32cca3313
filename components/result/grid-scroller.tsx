"use client";
// The box a table grid scrolls in: reachable by keyboard (a focusable region, so arrow keys
// scroll it), a sticky header and first column (result-grid.css), a hint when the table is wider
// than the screen (on a phone most tables are), and, when a cell is selected, scrolled so that
// cell is in view and not under the sticky header or first column. Only this box scrolls, never
// the window.
import { useEffect, useRef, useState, type ReactNode } from "react";
import "./result-grid.css";

export function GridScroller({
  label,
  columns,
  selected,
  className = "",
  children,
}: {
  label: string;
  columns: number;
  selected?: string | null;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [wide, setWide] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setWide(element.scrollWidth > element.clientWidth + 2);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = box.current;
    if (!element || !selected) return;
    const cell = element.querySelector<HTMLElement>(`[data-ref="${CSS.escape(selected)}"]`);
    if (!cell) return;
    const frame = element.getBoundingClientRect();
    const target = cell.getBoundingClientRect();
    const head = element.querySelector("thead")?.getBoundingClientRect().height ?? 0;
    const inHead = cell.closest("thead") !== null;
    const firstColumn = cell.parentElement?.firstElementChild === cell;
    const sticky = firstColumn ? 0 : (element.querySelector("tbody tr > :first-child")?.getBoundingClientRect().width ?? 0);
    const top = frame.top + (inHead ? 0 : head);
    if (target.top < top) element.scrollTop -= top - target.top + 4;
    else if (target.bottom > frame.bottom) element.scrollTop += target.bottom - frame.bottom + 4;
    const left = frame.left + sticky;
    if (target.left < left) element.scrollLeft -= left - target.left + 4;
    else if (target.right > frame.right) element.scrollLeft += target.right - frame.right + 4;
  }, [selected, children]);

  return (
    <div>
      <div
        ref={box}
        className={`grid-scroller rounded border border-line bg-white ${className}`}
        tabIndex={0}
        role="region"
        aria-label={`${label}, scrollable`}
        data-testid="grid-scroller"
      >
        {children}
      </div>
      {wide ? (
        <p className="scroll-hint muted" data-testid="scroll-hint">
          Scroll sideways to see all {columns} columns →
        </p>
      ) : null}
    </div>
  );
}

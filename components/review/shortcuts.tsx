// The review page's keyboard shortcuts, shown at the top of the reading panel so they are on
// screen without scrolling (one source for the list and the handler's documentation).
export const SHORTCUTS: Array<[keys: string[], action: string]> = [
  [["J", "↓"], "next"],
  [["K", "↑"], "previous"],
  [["1", "…", "9"], "accept reading"],
  [["Enter"], "confirm shown value"],
  [["E"], "type a value"],
  [["U", "Ctrl+Z"], "undo"],
  [["M"], "merge with right cell"],
  [["Shift+M"], "merge with cell below"],
  [["S"], "split cell"],
  [["H"], "header row on/off"],
  [["T"], "split table here"],
  [["N"], "merge with next table"],
  [["Del", "Shift+Del"], "delete row, column"],
  [["+", "−", "0"], "zoom"],
];

export function ShortcutList() {
  return (
    <section aria-labelledby="shortcuts-heading" className="rounded border border-line bg-white px-2 py-1" data-testid="shortcuts">
      <h2 id="shortcuts-heading" className="visually-hidden">
        Keyboard shortcuts
      </h2>
      <ul className="m-0 flex list-none flex-wrap gap-x-3 gap-y-0.5 p-0 text-xs">
        {SHORTCUTS.map(([keys, action]) => (
          <li key={action} className="whitespace-nowrap">
            {keys.map((key) => (key === "…" ? <span key={key}>…</span> : <kbd key={key} className="kbd">{key}</kbd>))} {action}
          </li>
        ))}
      </ul>
    </section>
  );
}

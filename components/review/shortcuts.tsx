// The review page's keyboard shortcuts, listed on the page (one source for the list and the help).
export const SHORTCUTS: Array<[keys: string[], action: string]> = [
  [["J", "↓"], "next cell in the queue"],
  [["K", "↑"], "previous cell"],
  [["1", "…", "9"], "accept that reading and confirm"],
  [["E"], "type a value (Enter saves, Esc cancels)"],
  [["Enter"], "confirm the value shown"],
  [["U", "Ctrl+Z"], "undo your last confirmation"],
  [["+", "−", "0"], "zoom the page in, out, back"],
];

export function ShortcutList() {
  return (
    <section aria-labelledby="shortcuts-heading" className="rounded border border-line bg-white p-3">
      <h2 id="shortcuts-heading" className="mb-2 text-base">
        Keyboard
      </h2>
      <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {SHORTCUTS.map(([keys, action]) => (
          <div key={action} className="contents">
            <dt className="whitespace-nowrap">
              {keys.map((key) => (key === "…" ? <span key={key}> … </span> : <kbd key={key} className="kbd">{key}</kbd>))}
            </dt>
            <dd className="m-0">{action}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

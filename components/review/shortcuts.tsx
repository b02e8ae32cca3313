// The review page's keyboard shortcuts, shown at the top of the reading panel so they are on
// screen without scrolling; read from key-map.ts, the table the key handler runs on.
import { shortcutLines } from "./key-map";

export function ShortcutList() {
  return (
    <section aria-labelledby="shortcuts-heading" className="rounded border border-line bg-white px-2 py-1" data-testid="shortcuts">
      <h2 id="shortcuts-heading" className="visually-hidden">
        Keyboard shortcuts
      </h2>
      <ul className="m-0 flex list-none flex-wrap gap-x-3 gap-y-0.5 p-0 text-xs">
        {shortcutLines().map(({ id, show, does }) => (
          <li key={id} className="whitespace-nowrap">
            {show.map((key) =>
              key === "…" ? (
                <span key={key}>…</span>
              ) : (
                <kbd key={key} className="kbd">
                  {key}
                </kbd>
              ),
            )}{" "}
            {does}
          </li>
        ))}
      </ul>
    </section>
  );
}

// The review page's one keyboard listener: a key press becomes a command (key-map.ts) and runs the
// page's handler for it. Keys typed into a field are the field's; Enter and Space on a button or a
// link press it. The handlers are read through a ref, so the listener always sees the latest state.
import { useEffect, useLayoutEffect, useRef } from "react";
import { commandFor, pressName, type Command } from "./key-map";

export type CommandHandlers = { [C in Command]: (press: string) => void };

export function useReviewKeys(handlers: CommandHandlers): void {
  const latest = useRef(handlers);
  // Updated after each render, before any key can be pressed: the listener below reads the
  // handlers of the latest render without being added again.
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const tag = target?.tagName;
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target?.isContentEditable) return;
      if (event.altKey) return;
      if ((event.key === "Enter" || event.key === " ") && (tag === "BUTTON" || tag === "A")) return;
      const press = pressName(event);
      // Ctrl with anything but the keys in the map is the browser's (copy, find, ...).
      if ((event.ctrlKey || event.metaKey) && !press.startsWith("Ctrl+")) return;
      const command = commandFor(press);
      if (!command) return;
      event.preventDefault();
      latest.current[command](press);
    };
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);
}

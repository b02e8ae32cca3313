// The review page's keys, one table for everything that names them: the handler (which command a
// key press is), the shortcut list at the top of the panel and the hints on the buttons
// (structure-tools.tsx). A key added or changed here changes all three.
export type StructureCommand =
  | "merge-right"
  | "merge-down"
  | "split-cell"
  | "toggle-header"
  | "split-table"
  | "merge-next"
  | "delete-row"
  | "delete-column"
  | "confirm-structure";
/** Bulk acceptance of the text layer's reading (lib/review/bulk-accept.ts). */
export type BulkCommand = "accept-text-layer-table" | "accept-text-layer-document";
export type Command =
  "next" | "previous" | "reading" | "confirm" | "edit" | "undo" | StructureCommand | BulkCommand | "zoom-in" | "zoom-out" | "zoom-reset";

export interface KeyBinding {
  command: Command;
  /** The key presses that run it, as pressName() spells them ("Shift+M", "Delete", "j"). */
  press: string[];
  /** How the keys are shown. */
  show: string[];
  does: string;
  /** Listed together with the bindings next to it that share it, under this text ("zoom"). */
  group?: string;
}

export const KEY_MAP: KeyBinding[] = [
  { command: "next", press: ["j", "ArrowDown"], show: ["J", "↓"], does: "next" },
  { command: "previous", press: ["k", "ArrowUp"], show: ["K", "↑"], does: "previous" },
  {
    command: "reading",
    press: ["1", "2", "3", "4", "5", "6", "7", "8", "9"],
    show: ["1", "…", "9"],
    // A settled cell keeps its value under the number keys (E changes it deliberately). Short: each
    // line of the list stays on one line of a 390 px phone.
    does: "pick reading or answer (not on a settled cell)",
  },
  { command: "confirm", press: ["Enter"], show: ["Enter"], does: "confirm shown value" },
  { command: "edit", press: ["e", "Shift+E"], show: ["E"], does: "type or change a value" },
  { command: "undo", press: ["u", "Shift+U", "Ctrl+z"], show: ["U", "Ctrl+Z"], does: "undo" },
  { command: "merge-right", press: ["m"], show: ["M"], does: "merge with right cell" },
  { command: "merge-down", press: ["Shift+M"], show: ["Shift+M"], does: "merge with cell below" },
  { command: "split-cell", press: ["s", "Shift+S"], show: ["S"], does: "split cell" },
  { command: "toggle-header", press: ["h", "Shift+H"], show: ["H"], does: "header row on/off" },
  { command: "split-table", press: ["t", "Shift+T"], show: ["T"], does: "split table here" },
  { command: "merge-next", press: ["n", "Shift+N"], show: ["N"], does: "merge with next table" },
  { command: "delete-row", press: ["Delete"], show: ["Del"], does: "delete row", group: "delete row, column" },
  { command: "delete-column", press: ["Shift+Delete"], show: ["Shift+Del"], does: "delete column", group: "delete row, column" },
  { command: "confirm-structure", press: ["c", "Shift+C"], show: ["C"], does: "confirm table structure" },
  { command: "accept-text-layer-table", press: ["a"], show: ["A"], does: "accept text layer: this table" },
  { command: "accept-text-layer-document", press: ["Shift+A"], show: ["Shift+A"], does: "accept text layer: every table" },
  { command: "zoom-in", press: ["+", "="], show: ["+"], does: "zoom in", group: "zoom" },
  { command: "zoom-out", press: ["-"], show: ["−"], does: "zoom out", group: "zoom" },
  { command: "zoom-reset", press: ["0"], show: ["0"], does: "zoom 100%", group: "zoom" },
];

/** The shortcut list's lines: each binding, or a run of bindings sharing a group as one line. */
export function shortcutLines(): Array<{ id: string; show: string[]; does: string }> {
  const lines: Array<{ id: string; show: string[]; does: string }> = [];
  KEY_MAP.forEach((binding, i) => {
    const previous = KEY_MAP[i - 1];
    if (binding.group && previous?.group === binding.group) lines.at(-1)!.show.push(...binding.show);
    else lines.push({ id: binding.command, show: [...binding.show], does: binding.group ?? binding.does });
  });
  return lines;
}

/** A key press spelled as KEY_MAP spells it: a letter lower case, or "Shift+" and upper case; Ctrl
 * (or Cmd) with a letter "Ctrl+" and lower case; any other key as the browser names it. */
export function pressName(event: Pick<KeyboardEvent, "key" | "shiftKey" | "ctrlKey" | "metaKey">): string {
  const { key } = event;
  if ((event.ctrlKey || event.metaKey) && /^[a-z]$/i.test(key)) return `Ctrl+${key.toLowerCase()}`;
  if (/^[a-z]$/i.test(key)) return event.shiftKey ? `Shift+${key.toUpperCase()}` : key.toLowerCase();
  if (key === "Delete" && event.shiftKey) return "Shift+Delete";
  return key;
}

const BY_PRESS = new Map(KEY_MAP.flatMap((binding) => binding.press.map((press) => [press, binding.command] as const)));

export function commandFor(press: string): Command | null {
  return BY_PRESS.get(press) ?? null;
}

/** The first way a command's key is shown (for a button's hint and aria-keyshortcuts). */
export function keyOf(command: Command): string {
  return KEY_MAP.find((binding) => binding.command === command)?.show[0] ?? "";
}

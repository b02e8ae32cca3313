// What the web uploader offers, from ACCEPT_FORMATS (lib/env.ts): the file picker's `accept` list
// and the line under the drop zone. The server decides from the bytes either way; this only keeps
// the picker from hiding files the service takes (or offering ones it refuses).
import type { InputKind } from "./sniff-format";

const PICKER: Record<InputKind, string> = {
  pdf: "application/pdf,.pdf",
  image: "image/png,image/jpeg,image/tiff,image/webp,image/gif,.png,.jpg,.jpeg,.tif,.tiff,.webp,.gif",
  spreadsheet: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv,.xlsx,.csv",
};
const NAMES: Record<InputKind, string> = { pdf: "PDF", image: "images", spreadsheet: "XLSX and CSV" };
const ORDER: InputKind[] = ["pdf", "image", "spreadsheet"];

export function pickerAccept(kinds: ReadonlySet<InputKind>): string {
  return ORDER.filter((kind) => kinds.has(kind))
    .map((kind) => PICKER[kind])
    .join(",");
}

/** "PDF only", "PDF, images or XLSX and CSV". */
export function acceptedNote(kinds: ReadonlySet<InputKind>): string {
  const names = ORDER.filter((kind) => kinds.has(kind)).map((kind) => NAMES[kind]);
  if (names.length === 1) return `${names[0]} only`;
  return `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}

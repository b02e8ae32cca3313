// Stepwise order-code tables (the table's `segments`, `example_code`): a table listing, part by
// part, the allowed codes of a product order code and what each means. Recognised by a code
// column and a meaning column; segments are the groups named in the column before the code (or,
// without one, one segment per header).
import type { Segment, Table } from "../../../lib/result/schema";

const CODE_HEADER = /\b(code|option|key|position)\b/i;
const MEANING_HEADERS = [/\b(meaning|description|designation|explanation)\b/i, /\b(version|feature|option)\b/i];

export function addOrderCode(table: Table): void {
  const codeCol = table.header.findIndex((h) => CODE_HEADER.test(h));
  let meaningCol = -1;
  for (const pattern of MEANING_HEADERS) {
    if (meaningCol < 0) meaningCol = table.header.findIndex((h, k) => k !== codeCol && pattern.test(h));
  }
  if (codeCol < 0 || meaningCol < 0 || table.rows.length < 2) return;
  // The segment names sit in a column left of the code (merged or written once per group).
  const groupCol = [...Array(codeCol).keys()].find((k) => k !== meaningCol) ?? -1;
  const segments: Segment[] = [];
  for (const row of table.rows) {
    const code = row[codeCol]?.value.trim() ?? "";
    const meaning = row[meaningCol]?.value.trim() ?? "";
    const group = groupCol >= 0 ? (row[groupCol]?.value.trim() ?? "") : "";
    if (group !== "" || segments.length === 0) segments.push({ name: group || (table.header[codeCol] ?? "code"), values: [] });
    if (code !== "") segments[segments.length - 1]!.values.push({ code, meaning });
  }
  const usable = segments.filter((s) => s.values.length > 0);
  if (usable.length === 0 || !usable.every((s) => s.values.every((v) => /^[A-Za-z0-9]{1,6}$/.test(v.code)))) return;
  table.segments = usable;
  table.example_code = usable.map((s) => s.values[0]!.code).join("");
  table.kind = "order-code";
}

// Tables that run over a page break (our field `continued_from`, the result format leaves the linking open):
// the last table of a page that reaches the bottom, and the first table of the next page that
// starts at the top with the same number of columns, are parts of one table.
import type { Table } from "../../../lib/result/schema";
import type { Settings } from "../settings";

export interface TableTail {
  page: number;
  index: number;
  nCols: number;
  /** Nothing but page furniture follows the table on its page. */
  endsPage: boolean;
}

export function tableColumns(table: Table): number {
  return Math.max(table.header_cells.length, ...table.rows.map((r) => r.length), 0);
}

/** A line that says a table goes on over the page break: a repeated title marked "(continued)",
 * "Continued", "(cont.)", "(cont'd)" or "—Con." (Census), and the closing lines under a part
 * ("Continued on next page", "See footnotes at end of table."). Such a heading above a page's
 * first table, or such a line under a page's last one, announces the continuation rather than
 * starting or ending something else. Generated family continued-table: a repeated
 * title or a closing line stopped every link. */
export function announcesContinuation(text: string): boolean {
  const t = text.trim();
  return (
    /\bcontinued\b/i.test(t) ||
    /\bcont(\.|['’]d\b)/i.test(t) ||
    /[—–-]\s*con\.?\)?$/i.test(t) ||
    /^see (the )?(foot)?notes at (the )?end of (the )?table\b/i.test(t)
  );
}

/** Links `first` (the first table of a page) to the previous page's tail when they continue. */
export function linkContinuation(
  previous: TableTail | null,
  first: Table | undefined,
  pageHeight: number,
  startsPage: boolean,
  settings: Settings,
): void {
  if (!previous || !first?.bbox || !previous.endsPage || !startsPage) return;
  if (first.page !== previous.page + 1 || tableColumns(first) !== previous.nCols) return;
  if (first.bbox[1] > pageHeight * settings.continuationTopShare) return;
  first.continued_from = { page: previous.page, index: previous.index };
}

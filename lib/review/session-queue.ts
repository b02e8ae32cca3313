// The review page's queue for one visit: a stable membership, so that a reviewer can go back to what
// they settled. buildQueue (queue.ts) lists the cells that need a person now; rebuilt after every
// answer, an answer that settles many cells at once (a table question, C, A, Shift+A, a chosen
// shape, or undoing one) made the queue shrink under the reviewer ("of 23", then "of 15") and J/K
// could no longer reach the cells settled before it. Here the queue holds:
//   - every cell queued at any moment of the visit (its members), settled or not: a settled member
//     stays where it was, shown as settled, and J/K step onto it;
//   - every cell that needs a person now, including one that became doubtful after the page opened
//     (an undo, a reshaped table), which from then on is a member too.
// A member is known by where it sits on the page (its page and box), not by its reference, which a
// table split or a header moved renumbers; a cell without a box is known by its reference. A
// member whose cell no longer exists (a table made text or a figure, two cells merged into one)
// leaves the queue. The filter applies to members as to the rest: a member is shown when the level
// it was queued at is ticked and it sits in the chosen table. Ordering is buildQueue's: level
// (the level it was queued at, for a settled member), then page, table and reading order. With no
// members yet, the queue is exactly buildQueue's.
import type { Cell, Table } from "../result/schema";
import { cellsOf, DEFAULT_LEVELS, QUEUE_LEVELS, queueLevel, tableKey, type QueueEntry, type QueueFilter, type QueueLevel } from "./queue";

/** The cells a visit has queued: identity (cellIdentity) to the level it was first queued at. */
export type QueueMembers = ReadonlyMap<string, QueueLevel>;

/** Where a cell sits, which survives renumbering: its page and box, or its reference without a box. */
export function cellIdentity(page: number, ref: string, cell: Pick<Cell, "bbox">): string {
  return cell.bbox ? `${page}@${cell.bbox.join(",")}` : ref;
}

export interface SessionQueue {
  entries: QueueEntry[];
  /** `members` with every cell of `entries` added (the same map when nothing was added). */
  members: QueueMembers;
}

export function sessionQueue(tables: Table[], filter: QueueFilter = {}, members: QueueMembers = new Map()): SessionQueue {
  const levels = filter.levels ?? DEFAULT_LEVELS;
  const ordered = [...tables].sort((a, b) => a.page - b.page || a.index - b.index);
  const entries: Array<QueueEntry & { position: number; identity: string }> = [];
  for (const table of ordered) {
    const key = tableKey(table);
    if (filter.table !== undefined && filter.table !== key) continue;
    for (const { ref, cell } of cellsOf(table)) {
      const identity = cellIdentity(table.page, ref, cell);
      const level = queueLevel(cell) ?? members.get(identity) ?? null;
      if (level && levels.includes(level)) entries.push({ ref, level, table: key, position: entries.length, identity });
    }
  }
  const rank = (level: QueueLevel) => QUEUE_LEVELS.indexOf(level);
  entries.sort((a, b) => rank(a.level) - rank(b.level) || a.position - b.position);
  const added = entries.filter((entry) => !members.has(entry.identity));
  const grown = added.length ? new Map([...members, ...added.map((entry) => [entry.identity, entry.level] as const)]) : members;
  return { entries: entries.map(({ ref, level, table }) => ({ ref, level, table })), members: grown };
}

/** The next entry after `from` (wrapping round; from the start when `from` is not in the queue)
 * whose cell still needs a person, or null when none does. */
export function nextUnsettled(entries: QueueEntry[], from: string | null, needsPerson: (ref: string) => boolean): string | null {
  const start = entries.findIndex((entry) => entry.ref === from);
  for (let step = 1; step <= entries.length; step++) {
    const entry = entries[(start + step + entries.length) % entries.length]!;
    if (needsPerson(entry.ref)) return entry.ref;
  }
  return null;
}

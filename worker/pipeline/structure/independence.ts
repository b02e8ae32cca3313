// Which structure readings are independent of each other: two readers that share an input (the
// same detected region, the same word positions) are one piece of evidence, however many
// readings they give. Readers are grouped by shared input (transitively: a reader sharing an input
// with either of two others joins both into one group); the vote counts groups, not readers.
import type { StructureInput } from "./types";

export interface DeclaredReader {
  name: string;
  inputs?: readonly StructureInput[];
}

/** Each reader's group: the name of the first reader (in the given order) it is joined to. A reader
 * that declares no inputs is a group of its own. */
export function independenceGroups(readers: readonly DeclaredReader[]): Map<string, string> {
  const parent = new Map<string, string>(readers.map((r) => [r.name, r.name]));
  const find = (name: string): string => {
    let at = name;
    while (parent.get(at) !== at) at = parent.get(at)!;
    return at;
  };
  const owner = new Map<StructureInput, string>();
  for (const reader of readers) {
    for (const input of reader.inputs ?? []) {
      const first = owner.get(input);
      if (first === undefined) owner.set(input, reader.name);
      else {
        const [a, b] = [find(first), find(reader.name)];
        if (a !== b) {
          // The earlier reader's root stays the group's name.
          const order = (n: string) => readers.findIndex((r) => r.name === n);
          if (order(a) <= order(b)) parent.set(b, a);
          else parent.set(a, b);
        }
      }
    }
  }
  return new Map(readers.map((r) => [r.name, find(r.name)]));
}

/** How many independent readings a list of sources is: its distinct groups (a source with no group
 * known counts on its own). */
export function independentCount(sources: readonly string[], groups: ReadonlyMap<string, string>): number {
  return new Set(sources.map((s) => groups.get(s) ?? s)).size;
}

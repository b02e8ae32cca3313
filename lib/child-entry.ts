// How our long-lived child processes start: the worker's pipeline process
// (worker/jobs/pipeline-child.ts) and the web's PDF inspectors (lib/pdf/inspect-child.ts). Both
// run compiled, through scripts/run-entry.mjs (dist/NAME.mjs, esbuild; rebuilt first when a source
// file is newer, so they never run stale code), not as TypeScript through tsx: tsx transpiled
// ~150 files at each start (~2 s, more on a loaded machine) and its loader stayed resident, and
// both costs counted against the child's own limits (PAGE_MEMORY_MB, INSPECT_MEMORY_MB are
// resident-memory ceilings of the child, and a pipeline process is started again after every page
// it is killed for). The entry names are scripts/build-entries.mjs's ENTRIES.
import path from "node:path";
import { machinePoolArgs } from "../scripts/v8-pool.mjs";

export type ChildEntry = "pipeline-child" | "inspect-child";

/** `node` arguments that run `entry` with `nodeArgs` (e.g. --max-old-space-size) first. `root` is
 * the project's folder (where scripts/ is). V8's helper threads are sized to the machine here
 * (scripts/v8-pool.mjs), on the command line: a child talks to its parent over an IPC channel,
 * which would not survive the child restarting itself to size them. */
export function childEntryArgs(root: string, entry: ChildEntry, nodeArgs: readonly string[] = []): string[] {
  return [...machinePoolArgs(), ...nodeArgs, path.join(root, "scripts", "run-entry.mjs"), entry];
}

/** The project's folder as seen from a module's URL: the source tree under tsx (`lib/...`,
 * `worker/...`), or the compiled bundle (`dist/...`, `dist/chunks/...`). */
export function projectRoot(moduleUrl: string): string {
  const file = new URL(moduleUrl).pathname;
  const dist = file.lastIndexOf("/dist/");
  if (dist >= 0) return file.slice(0, dist);
  for (const top of ["/worker/", "/lib/", "/scripts/"]) {
    const at = file.lastIndexOf(top);
    if (at >= 0) return file.slice(0, at);
  }
  throw new Error(`cannot locate the project folder from ${moduleUrl}`);
}

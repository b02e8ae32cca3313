// V8's helper threads (garbage collection, optimising compilation) sized to the machine. Node starts
// four of them whatever the machine; on two cores, four helpers and the main thread contend for
// two CPUs, and V8's parallel collection phases spend that contention spinning. Without OCR over
// the ICDAR sets on a 2-core machine (173 pages, one process, eight alternating runs each), one
// helper instead of four: median 6.81 CPU-s against 7.45, peak RSS median 229 MB against 295, the
// output byte for byte the same; the OCR bench's cold pass was not slower (docs/performance.md,
// eighth round). So a machine with fewer than five cores gets one helper fewer than it has cores;
// five or more keep Node's four.
import os from "node:os";

/** Node's own pool size (node --v8-pool-size=0 would mean "as many as cores"). */
export const NODE_DEFAULT_V8_POOL = 4;

/** The helper threads for a machine of `cores` cores: one fewer than the cores, at least one, at
 * most Node's default. */
export function v8PoolSize(cores = os.availableParallelism()) {
  return Math.max(1, Math.min(NODE_DEFAULT_V8_POOL, cores - 1));
}

/** Whether Node's option `flag` was given by whoever started the process (on its command line or in
 * NODE_OPTIONS): that choice stands. */
export function flagChosen(flag, execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? "") {
  const wanted = flagName(flag);
  return [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) => arg.startsWith("--") && flagName(arg.split("=")[0]) === wanted);
}

/** Node and V8 take `--heap_growing_percent` for `--heap-growing-percent`, so names compare with
 * their underscores read as dashes. */
function flagName(arg) {
  return arg.replace(/_/g, "-");
}

/** Whether the pool was chosen by whoever started the process. */
export function poolChosen(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? "") {
  return flagChosen("--v8-pool-size", execArgv, nodeOptions);
}

/** Node's arguments that give a process the machine's pool: none where that is Node's own. */
export function machinePoolArgs() {
  const size = v8PoolSize();
  return size === NODE_DEFAULT_V8_POOL ? [] : [`--v8-pool-size=${size}`];
}

/** Replaces this process (same pid, same stdio and environment) by the same command with the
 * machine's pool size, when it differs from Node's and nobody chose one. The pool is fixed when
 * Node starts, so this is the only way to change it for a command typed by a user (`npm run
 * extract`): ~25 ms of a second Node start-up. Returns (doing nothing) where process.execve does
 * not exist (Node before 22.15) or fails, and in a process with an IPC channel to its parent: the
 * channel's descriptor is closed on exec, so such children get the size on their command line
 * (lib/child-entry.ts). */
export function restartWithMachinePool() {
  const poolArgs = machinePoolArgs();
  if (poolArgs.length === 0 || poolChosen() || process.channel || typeof process.execve !== "function") return;
  try {
    process.execve(process.execPath, [process.execPath, ...poolArgs, ...process.execArgv, ...process.argv.slice(1)], process.env);
  } catch {
    // Carry on with Node's pool: slower on a small machine, not wrong.
  }
}

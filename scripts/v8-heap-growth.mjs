// How far V8 lets the old space grow past what survived its last full collection before it
// collects again. V8 picks that factor itself after each full collection, from 1.1 to 4 (on a heap
// of Node's default size), out of how fast the collection and the program ran in the moments
// before: on a 2-core machine the same run gets a different factor from one run to the next. Over
// the ICDAR sets without OCR (173 pages, one process) the live heap after a full collection is
// 40-47 MB in every run, but the old space reached 70-90 MB in some runs and 120 MB in others,
// and the peak RSS fell in two groups, 229-238 MB and 272-289 MB (ten runs). A fixed factor of 2
// (--heap-growing-percent=100) gave 227-233 MB in ten runs alternating with those, median CPU
// 1% higher, within the runs' spread; factors of 1.6 and below cost 5% CPU and more, 2.5 let
// the peak reach 250 MB (docs/performance.md, ninth round). The flag is read at every full
// collection, so scripts/run-entry.mjs sets it at run time for every process that starts
// through it; a process whose command line names it keeps that (Node refuses it in NODE_OPTIONS).
import { flagChosen } from "./v8-pool.mjs";

/** The old space may grow to (1 + this / 100) times what survived the last full collection. */
export const HEAP_GROWING_PERCENT = 100;

/** The flag that fixes V8's heap growing factor at HEAP_GROWING_PERCENT, or null when whoever
 * started the process chose a factor. */
export function heapGrowthFlag(execArgv = process.execArgv) {
  return flagChosen("--heap-growing-percent", execArgv, "") ? null : `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
}

// The V8 flags scripts/run-entry.mjs sets at run time in every process it starts (the commands,
// the worker, its pipeline processes, the PDF inspectors), each with the measurement behind it.
// All are read by V8 when it decides, not when it starts, so they need no restart. A flag
// that whoever started the process gave on its command line stands (Node refuses V8's own flags
// in NODE_OPTIONS). Figures: without OCR over the ICDAR sets in one process (173 pages), on a
// 2-core machine, same output byte for byte (docs/performance.md, sixth and ninth rounds).
import { flagChosen } from "./v8-pool.mjs";

// V8 optimises a function with TurboFan after 3,000 calls by default. pdf.js's two page loops
// (getOperatorList's and getTextContent's) are large and meet new object shapes with each
// document, so each was deoptimised and recompiled ~20 times over the ICDAR sets: ~40 ms of
// compilation each time, on the optimising threads. Waiting for 10,000 calls lets Sparkplug's code
// gather wider feedback first: 8.4-9.3 CPU-s before, 6.6-7.3 after (four alternating pairs); over
// the sets four times (692 pages) 20.7-23.2 before, 18.8-22.0 after, so the steady state is not
// slower. 30,000 saved a little more CPU in one pass but made runs longer in wall time. The flag
// is V8 12's (Node 22); older engines do not have it and are left as they are.
export const TURBOFAN_INVOCATIONS = 10_000;

// Even so, TurboFan compiled those two loops (both are pdf.js's inner `promiseBody`) 18 times in a
// pass, 463 of its 1,900 ms of compile jobs, each compile thrown away at the next document's new
// shapes. Left to Sparkplug's baseline code they cost less than their recompiles: median 5.59
// CPU-s a pass against 6.06 (eight alternating runs), peak RSS 216-225 MB against 226-231; over
// the sets three times in one process (519 pages) 13.55-14.32 against 14.19-14.70, so a long-lived
// worker is not slower either. The filter names a function of pdf.js's: were it renamed, the flag
// would match nothing and change nothing.
export const TURBOFAN_FILTER = "-promiseBody";

// TurboFan inlines a callee of up to 460 bytes of bytecode into its caller by default. A callee's
// deoptimisation (a new object shape, a branch not yet taken) throws away the caller's whole
// optimised code, and both are compiled again; with each document bringing new shapes, smaller
// inlining costs less to recompile than it loses in call overhead. 230 bytes: median 5.34 CPU-s a
// pass against 5.70 (eight alternating runs; 115 bytes or no inlining 5.34-5.38, with a wider
// spread), three passes in one process 13.48-14.99 against 14.23-15.29; TurboFan's compile jobs
// 1,123 ms against 1,204, deoptimisations 165 against 179.
export const TURBOFAN_MAX_INLINED_BYTECODE = 230;

// How far the old space may grow past what survived the last full collection before V8 collects
// again. V8 picks that factor itself after each full collection, from 1.1 to 4 (on a heap of
// Node's default size), out of how fast the collection and the program ran in the moments before:
// the same run gets a different factor from one run to the next. The live heap after a full
// collection is 40-47 MB in every run, but the old space reached 70-90 MB in some runs and 120 MB
// in others, and peak RSS fell in two groups, 229-238 MB and 272-289 MB (ten runs). A fixed factor
// of 2 gave 227-233 MB in ten runs alternating with those, median CPU 1% higher, within the runs'
// spread; 1.6 cost 5% CPU, 2.5 let the peak reach 250 MB.
export const HEAP_GROWING_PERCENT = 100;

/** The flags to set in a process started with `execArgv` on V8 `v8Version`: those it was not
 * given. */
export function runtimeV8Flags(execArgv = process.execArgv, v8Version = process.versions.v8) {
  const flags = [
    ...(Number(v8Version.split(".")[0]) >= 12 ? [["--invocation-count-for-turbofan", TURBOFAN_INVOCATIONS]] : []),
    ["--turbo-filter", TURBOFAN_FILTER],
    ["--max-inlined-bytecode-size", TURBOFAN_MAX_INLINED_BYTECODE],
    ["--heap-growing-percent", HEAP_GROWING_PERCENT],
  ];
  return flags.filter(([name]) => !flagChosen(name, execArgv, "")).map(([name, value]) => `${name}=${value}`);
}

// `node scripts/run-entry.mjs NAME [args...]`: runs a compiled entry point (scripts/build-entries.mjs),
// compiling it first when it is missing or a source file changed since, so `npm run extract`,
// `npm run eval`, `npm run bench`, `npm run worker` and the worker processes of `npm start` never
// run stale code and never pay TypeScript transpilation at start-up. V8's compile cache
// (node:module enableCompileCache) keeps pdf.js's and our bundle's bytecode between runs.
import module from "node:module";
import { buildEntries, ENTRIES, isStale, outputPath } from "./build-entries.mjs";
import { pathToFileURL } from "node:url";
import { restartWithMachinePool } from "./v8-pool.mjs";
import { heapGrowthFlag } from "./v8-heap-growth.mjs";
import v8 from "node:v8";

// First of all: V8's helper threads are fixed when Node starts (v8-pool.mjs).
restartWithMachinePool();

/** V8 flags this process sets at run time (below), kept where the bench finds them to print beside
 * the command line's. */
const runtimeFlags = (globalThis[Symbol.for("run-entry.v8-flags")] = []);
function setV8Flag(flag) {
  v8.setFlagsFromString(flag);
  runtimeFlags.push(flag);
}

module.enableCompileCache?.();
// V8 optimises a function with TurboFan after 3,000 calls by default. pdf.js's two page loops
// (getOperatorList's and getTextContent's) are large and meet new object shapes with each
// document, so each was deoptimised and recompiled ~20 times over the ICDAR sets: ~40 ms of
// compilation each time, on the optimising threads. Waiting for 10,000 calls lets Sparkplug's code
// gather wider feedback first. Measured without OCR over the ICDAR sets (173 pages, one process):
// 8.4-9.3 CPU-s before, 6.6-7.3 after (four alternating pairs); over the sets four times (692
// pages) 20.7-23.2 before, 18.8-22.0 after, so the steady state is not slower; the output is byte
// for byte the same (docs/performance.md, sixth round). 30,000 saved a little more CPU
// in one pass but made runs longer in wall time. The flag is V8's own (12.x, Node 22); older
// engines do not have it and are left as they are.
const TURBOFAN_INVOCATIONS = 10_000;
if (Number(process.versions.v8.split(".")[0]) >= 12) {
  setV8Flag(`--invocation-count-for-turbofan=${TURBOFAN_INVOCATIONS}`);
}
// The old space's growth between full collections, fixed (v8-heap-growth.mjs).
const growth = heapGrowthFlag();
if (growth) setV8Flag(growth);
// @napi-rs/canvas (which pdf.js loads at import for DOMMatrix and Path2D) scans every system font
// when it loads: ~240 ms of each start. pdf.js never draws with them here (lib/pdf/open-pdf.ts
// opens documents with disableFontFace and without system fonts): renders of EU, US and generated
// pages were byte-identical with and without the scan.
process.env.DISABLE_SYSTEM_FONTS_LOAD ??= "1";
const name = process.argv[2];
if (!name || !(name in ENTRIES)) {
  console.error(`usage: node scripts/run-entry.mjs ${Object.keys(ENTRIES).join("|")} [args...]`);
  process.exit(2);
}
// The entry reads its own arguments from process.argv.slice(2), as it would when run directly.
process.argv.splice(2, 1);
if (isStale()) await buildEntries();
await import(pathToFileURL(outputPath(name)).href);

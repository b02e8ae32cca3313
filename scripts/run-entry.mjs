// `node scripts/run-entry.mjs NAME [args...]`: runs a compiled entry point (scripts/build-entries.mjs),
// compiling it first when it is missing or a source file changed since, so `npm run extract`,
// `npm run eval`, `npm run bench`, `npm run worker` and the worker processes of `npm start` never
// run stale code and never pay TypeScript transpilation at start-up. V8's compile cache
// (node:module enableCompileCache) keeps pdf.js's and our bundle's bytecode between runs.
import module from "node:module";
import { buildEntries, ENTRIES, isStale, outputPath } from "./build-entries.mjs";
import { pathToFileURL } from "node:url";
import { restartWithMachinePool } from "./v8-pool.mjs";
import { runtimeV8Flags } from "./v8-runtime-flags.mjs";
import v8 from "node:v8";

// First of all: V8's helper threads are fixed when Node starts (v8-pool.mjs).
restartWithMachinePool();

module.enableCompileCache?.();
// V8's tiering and heap growth, tuned for pdf.js and the pipeline (v8-runtime-flags.mjs). Kept
// where the bench finds them, to print beside the command line's flags.
const runtimeFlags = runtimeV8Flags();
for (const flag of runtimeFlags) v8.setFlagsFromString(flag);
globalThis[Symbol.for("run-entry.v8-flags")] = runtimeFlags;
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

// Compiles the worker, its pipeline process, the web's PDF inspector and the CLIs (extract, eval,
// bench) to dist/<name>.mjs with esbuild: our
// TypeScript bundled, every npm package left external (loaded from node_modules as usual). Under
// tsx each run transpiled ~150 files before reading a page (~2 s per `npm run extract`); the
// compiled file starts in ~0.1 s. Code behind a dynamic import() (the OCR engines, which load
// tesseract.js and ONNX Runtime) goes to its own chunk, so those packages load only when a page
// needs them. Plain JavaScript so it needs no TypeScript loader itself.
// `node scripts/build-entries.mjs` builds; scripts/run-entry.mjs builds on demand when a source
// file is newer than the build, so a fresh clone needs no extra step.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DIST = path.join(ROOT, "dist");

/** Entry name -> source. The name is what run-entry.mjs takes and the output file's name. */
export const ENTRIES = {
  worker: "worker/main.ts",
  extract: "worker/cli/extract.ts",
  eval: "worker/cli/eval.ts",
  bench: "worker/cli/bench.ts",
  // Not commands: the OCR pool's thread (worker/pipeline/ocr/pool/ocr-pool.ts finds it here), the
  // worker's pipeline process and the web's PDF inspector (started by lib/child-entry.ts).
  "ocr-thread": "worker/pipeline/ocr/pool/ocr-thread.ts",
  "pipeline-child": "worker/jobs/pipeline-child.ts",
  "inspect-child": "lib/pdf/inspect-child.ts",
};

export function outputPath(name) {
  return path.join(DIST, `${name}.mjs`);
}

const META = path.join(DIST, "inputs.json");

/** npm packages compiled into the bundle instead of loaded from node_modules at start-up. zod
 * (the result schema) is ~60 ES modules (every locale) that Node would resolve, read and link one
 * by one on every start: ~50 ms of `npm run extract`'s ~0.5 s; bundled, it is a few milliseconds
 * of parsing. Pure JavaScript without native parts or files of its own read at run time. */
const BUNDLED = new Set(["zod"]);

/** esbuild's `packages: "external"`, with exceptions. */
function externalPackagesBut(bundled) {
  return {
    name: "external-packages-but",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = args.path.startsWith("@") ? args.path.split("/").slice(0, 2).join("/") : args.path.split("/")[0];
        if (bundled.has(name)) return undefined;
        // tsconfig path aliases ("@/...") are ours, not packages.
        if (args.path.startsWith("@/")) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

/** Builds every entry in one pass (they share chunks). Each file is written to a temporary name
 * and renamed, chunks before the entries that import them, so two processes building at once
 * (tests start several workers) never load a half-written file. Chunks are named by content
 * hash and old ones are never deleted: a long-running worker may still import one lazily. */
export async function buildEntries() {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node22",
    // Every npm package stays external (loaded from node_modules), except the ones in BUNDLED.
    plugins: [externalPackagesBut(BUNDLED)],
    outdir: DIST,
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunks/[name]-[hash]",
    // A separate map file (used with --enable-source-maps): inline, it tripled the bytes parsed
    // at every start.
    sourcemap: "linked",
    write: false,
    metafile: true,
    logLevel: "error",
  });
  const entryFiles = new Set(Object.keys(ENTRIES).map(outputPath));
  const files = [...result.outputFiles].sort((a, b) => Number(entryFiles.has(a.path)) - Number(entryFiles.has(b.path)));
  for (const file of files) {
    await fs.promises.mkdir(path.dirname(file.path), { recursive: true });
    const tmp = `${file.path}.${randomUUID()}.tmp`;
    await fs.promises.writeFile(tmp, file.contents);
    await fs.promises.rename(tmp, file.path);
  }
  const metaTmp = `${META}.${randomUUID()}.tmp`;
  await fs.promises.writeFile(metaTmp, JSON.stringify({ inputs: Object.keys(result.metafile.inputs) }));
  await fs.promises.rename(metaTmp, META);
}

/** True when the build is missing or older than any file it was built from (tsconfig.json too:
 * its paths shape the bundle). Checks ~200 stats: a few milliseconds. */
export function isStale() {
  let built = Infinity;
  try {
    for (const name of Object.keys(ENTRIES)) built = Math.min(built, fs.statSync(outputPath(name)).mtimeMs);
  } catch {
    return true;
  }
  let inputs;
  try {
    inputs = JSON.parse(fs.readFileSync(META, "utf8")).inputs;
  } catch {
    return true;
  }
  for (const input of [...inputs, "tsconfig.json", "scripts/build-entries.mjs"]) {
    try {
      if (fs.statSync(path.join(ROOT, input)).mtimeMs > built) return true;
    } catch {
      return true; // a source file was removed or renamed
    }
  }
  return false;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildEntries();
  console.log(
    `built ${Object.keys(ENTRIES)
      .map((name) => `dist/${name}.mjs`)
      .join(", ")} in ${Math.round(performance.now() - started)} ms`,
  );
}

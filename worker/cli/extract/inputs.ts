// What `npm run extract` was given, as a list of PDFs and where each one's result goes: files,
// folders (every PDF under them, sorted) and glob patterns (for a shell that did not expand them,
// or a quoted "reports/**/*.pdf"). A result goes beside its input (NAME.json next to NAME.pdf) or,
// with --out DIR, under DIR at the input's path relative to the folder or pattern it came from,
// so two inputs never write the same file.
import fs from "node:fs";
import path from "node:path";

export interface ExtractInput {
  pdf: string;
  /** Where the result JSON goes. */
  result: string;
}

const GLOB_CHARS = /[*?[{]/;

function isPdf(name: string): boolean {
  return name.toLowerCase().endsWith(".pdf");
}

/** Every PDF under `dir`, sorted, as paths relative to it. */
function pdfsUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((rel) => isPdf(rel) && fs.statSync(path.join(dir, rel)).isFile())
    .sort();
}

/** The folder a glob pattern's matches are placed relative to: its part before the first wildcard. */
function globRoot(pattern: string): string {
  const parts = pattern.split(/[\\/]/);
  const fixed = parts.slice(
    0,
    parts.findIndex((p) => GLOB_CHARS.test(p)),
  );
  return fixed.length === 0 ? "." : fixed.join(path.sep) || path.sep;
}

/** The PDFs the arguments name, each with its result path; an argument naming nothing is an error. */
export function resolveInputs(args: readonly string[], outDir: string | null): ExtractInput[] {
  const found: Array<{ pdf: string; rel: string }> = [];
  for (const arg of args) {
    if (fs.existsSync(arg)) {
      if (fs.statSync(arg).isDirectory()) found.push(...pdfsUnder(arg).map((rel) => ({ pdf: path.join(arg, rel), rel })));
      else found.push({ pdf: arg, rel: path.basename(arg) });
      continue;
    }
    if (!GLOB_CHARS.test(arg)) throw new Error(`no such file or folder: ${arg}`);
    const root = globRoot(arg);
    const matches = fs
      .globSync(arg)
      .filter((p) => isPdf(p) && fs.statSync(p).isFile())
      .sort();
    if (matches.length === 0) throw new Error(`no PDF matches ${arg}`);
    found.push(...matches.map((pdf) => ({ pdf, rel: path.relative(root, pdf) })));
  }
  if (found.length === 0) throw new Error("no PDF found in the given files and folders");
  // A PDF named twice is read once; two PDFs may not write the same result.
  const seen = new Set<string>();
  const writers = new Map<string, string>();
  const inputs: ExtractInput[] = [];
  for (const { pdf, rel } of found) {
    const key = path.resolve(pdf);
    if (seen.has(key)) continue;
    seen.add(key);
    const result = outDir ? path.join(outDir, rel.replace(/\.pdf$/i, ".json")) : pdf.replace(/\.pdf$/i, ".json");
    const other = writers.get(path.resolve(result));
    if (other) throw new Error(`${pdf} and ${other} would both write ${result}`);
    writers.set(path.resolve(result), pdf);
    inputs.push({ pdf, result });
  }
  return inputs;
}

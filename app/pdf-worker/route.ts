// GET /pdf-worker - pdf.js's worker script for the review page's viewer, served from node_modules
// (no CDN). It must be the build react-pdf itself imports (react-pdf 11 carries its own
// pdfjs-dist 6.x; the project's top-level 5.6 is for the worker process): pdf.js refuses a worker
// whose version differs from its API's.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export const runtime = "nodejs";
export const dynamic = "force-static";

function workerPath(): string {
  const require = createRequire(path.join(process.cwd(), "package.json"));
  const reactPdf = path.dirname(require.resolve("react-pdf/package.json"));
  const nested = path.join(reactPdf, "node_modules", "pdfjs-dist", "build", "pdf.worker.min.mjs");
  if (fs.existsSync(nested)) return nested;
  return path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "build", "pdf.worker.min.mjs");
}

export async function GET(): Promise<Response> {
  const script = await fs.promises.readFile(workerPath());
  return new Response(script, { headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400" } });
}

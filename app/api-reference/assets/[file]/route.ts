// GET /api-reference/assets/{file} - Swagger UI's script and stylesheet for the API reference
// page, served from the swagger-ui-dist package in node_modules (no CDN: the site must work
// offline and load nothing from elsewhere). Only the two files the page uses are served.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export const runtime = "nodejs";

const FILES: Record<string, string> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
};

function distDir(): string {
  const require = createRequire(path.join(process.cwd(), "package.json"));
  return path.dirname(require.resolve("swagger-ui-dist/package.json"));
}

export async function GET(_request: Request, route: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await route.params;
  const type = FILES[file];
  if (!type) return Response.json({ detail: "not found" }, { status: 404 });
  const body = await fs.promises.readFile(path.join(distDir(), file));
  return new Response(body, { headers: { "content-type": type, "cache-control": "public, max-age=86400" } });
}

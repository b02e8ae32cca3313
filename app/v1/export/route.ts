// POST /v1/export?format=xlsx|csv - stateless export of a dataset sent in the body
// The body is the dataset itself (the result JSON, as in dataset.json), Content-Type
// application/json, so a downloaded result can be sent back unchanged; the format is a query
// parameter so a wrong one is refused before any of the body is read.
import { getEnv } from "@/lib/env";
import { parseExportFormat, readDataset, STATELESS_EXPORT_FORMATS } from "@/lib/export";
import { badRequest } from "@/lib/errors";
import { methodNotAllowed, withApi } from "@/lib/http/with-api";
import { exportResponse } from "@/lib/jobs/export-job";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApi(async ({ request }) => {
  const format = parseExportFormat(new URL(request.url).searchParams.get("format"), STATELESS_EXPORT_FORMATS);
  if (!request.body) throw badRequest("send the dataset (the result JSON) as the request body");
  const declared = Number(request.headers.get("content-length") ?? NaN);
  const result = await readDataset(request.body as ReadableStream<Uint8Array>, {
    limitBytes: getEnv().EXPORT_MAX_BYTES,
    contentLength: Number.isFinite(declared) ? declared : null,
  });
  return exportResponse(format, result, "dataset.pdf");
});

// Every other method: 405 with a JSON body
const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };

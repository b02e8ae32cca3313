// GET /v1/openapi.json - the OpenAPI 3.1 document, generated from the zod schemas
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi";

export const dynamic = "force-static";

export async function GET(): Promise<Response> {
  return Response.json(buildOpenApiDocument());
}

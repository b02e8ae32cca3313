// The OpenAPI 3.1 document, generated from the same zod schemas the handlers and the worker use
// (STYLE.md habit 3), so the published contract cannot drift from the code.
import { z } from "zod";
import { jobViewSchema, usageSchema } from "../jobs/job-view";
import { resultSchema } from "../result/schema";

const errorSchema = z.object({ detail: z.string() }).describe("Every error body");
const acceptedSchema = z.object({
  id: z.string(),
  status: z.literal("queued"),
  mode: z.enum(["realtime", "batch"]),
  text_layer: z.boolean(),
  pages: z.number().int().describe("Pages that will be processed: min(pages, document pages, server ceiling)"),
});
const paymentRequiredSchema = z.object({ detail: z.string(), balance_usd: z.number(), required_usd: z.number() });

function schema(value: z.ZodType): object {
  return z.toJSONSchema(value, { target: "draft-2020-12", unrepresentable: "any" });
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

const credentials = [{ bearer: [] }, { apiKey: [] }, {}];

export function buildOpenApiDocument(): object {
  return {
    openapi: "3.1.0",
    info: {
      title: "Document table-extraction service",
      version: "1",
      description:
        "A PDF goes in; tables, prose and figures come out, every cell with its confidence and the independent readings behind it. Result format version 4.",
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "Authorization: Bearer pk_live_..." },
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
      },
      schemas: {
        Error: schema(errorSchema),
        Accepted: schema(acceptedSchema),
        Job: schema(jobViewSchema),
        Usage: schema(usageSchema),
        Result: schema(resultSchema),
        PaymentRequired: schema(paymentRequiredSchema),
      },
    },
    paths: {
      "/v1/parse": {
        post: {
          summary: "Submit a PDF",
          security: credentials,
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  required: ["file"],
                  properties: {
                    file: { type: "string", format: "binary", description: "The PDF (format decided from the bytes); up to 600 MB" },
                    pages: { type: "integer", minimum: 1, description: "Process the first N pages only" },
                    mode: { type: "string", enum: ["batch"], description: "batch: same result, lower price, slower" },
                  },
                },
              },
            },
          },
          responses: {
            "202": { description: "Accepted", content: { "application/json": { schema: { $ref: "#/components/schemas/Accepted" } } } },
            "400": errorResponse("Unrecognised or switched-off format, empty or too large file, bad pages or mode, unreadable PDF"),
            "401": errorResponse("Unknown API key"),
            "402": {
              description: "Insufficient balance",
              content: { "application/json": { schema: { $ref: "#/components/schemas/PaymentRequired" } } },
            },
            "429": errorResponse("Anonymous trial limit reached; see Retry-After"),
          },
        },
      },
      "/v1/parse/{id}": {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        get: {
          summary: "Poll a job",
          security: credentials,
          responses: {
            "200": { description: "The job; usage and result once status is done", content: { "application/json": { schema: { $ref: "#/components/schemas/Job" } } } },
            "401": errorResponse("Unknown API key"),
            "404": errorResponse("Unknown job, or another account's job"),
            "500": errorResponse("Done but the result file is missing"),
          },
        },
        delete: {
          summary: "Delete a job, its files and its OCR cache",
          security: credentials,
          responses: {
            "200": {
              description: "Deleted; a later GET is 404",
              content: { "application/json": { schema: schema(z.object({ id: z.string(), deleted: z.literal(true) })) } },
            },
            "401": errorResponse("Unknown API key"),
            "404": errorResponse("Unknown job, or another account's job"),
          },
        },
      },
    },
  };
}

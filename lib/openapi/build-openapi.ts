// The OpenAPI 3.1 document, generated from the same zod schemas the handlers and the worker use
// (one source for every contract), so the published contract cannot drift from the code.
import { z } from "zod";
import { EXPORT_CONTENT_TYPES, EXPORT_FORMATS, STATELESS_EXPORT_FORMATS } from "../export";
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
      "/v1/parse/{id}/export": {
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          {
            name: "format",
            in: "query",
            required: true,
            schema: { type: "string", enum: [...EXPORT_FORMATS] },
            description:
              'json: the full result. zip: dataset.json plus every cropped image (image paths are relative to the bundle). xlsx: a sheet per table, disputed cells red and unverified yellow with readings in cell notes, a prose sheet and a flat cells sheet. csv: values only, one CSV file per table (RFC 4180, UTF-8 with BOM): one table comes as a .csv, several as a .zip of CSV files named like the xlsx sheets ("Table 1 on page 3.csv"); a column under a band is named "Band / Column".',
          },
        ],
        get: {
          summary: "Download a finished job",
          security: credentials,
          responses: {
            "200": {
              description: "The file, with Content-Disposition: attachment and a name from the uploaded file",
              content: Object.fromEntries(
                EXPORT_FORMATS.map((format) => [EXPORT_CONTENT_TYPES[format], { schema: { type: "string", format: "binary" } }]),
              ),
            },
            "400": errorResponse("Unsupported format"),
            "404": errorResponse("Unknown job, another account's job, or format=zip for a document with no cropped figure"),
            "409": errorResponse("The job is not done"),
            "500": errorResponse("The job is done but its result file is missing"),
          },
        },
      },
      "/v1/export": {
        post: {
          summary: "Stateless export: send a dataset, get xlsx or csv back",
          description:
            "The request body is the dataset itself: a result in format v4, exactly as the json export or dataset.json of the zip bundle (Content-Type: application/json). Up to 600 MB; larger bodies are refused with 413 as soon as the limit is passed.",
          security: credentials,
          parameters: [{ name: "format", in: "query", required: true, schema: { type: "string", enum: [...STATELESS_EXPORT_FORMATS] } }],
          requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Result" } } } },
          responses: {
            "200": {
              description:
                "The file, as a download named dataset.xlsx, or dataset.csv (dataset.zip of one CSV per table when there are several)",
              // csv of several tables is a zip of one CSV per table.
              content: Object.fromEntries(
                [...STATELESS_EXPORT_FORMATS, "zip" as const].map((format) => [
                  EXPORT_CONTENT_TYPES[format],
                  { schema: { type: "string", format: "binary" } },
                ]),
              ),
            },
            "400": errorResponse("Unsupported format, or a dataset that is not JSON or fails the v4 schema (the detail names the field)"),
            "413": errorResponse("Body larger than the limit"),
          },
        },
      },
      "/v1/parse/{id}": {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        get: {
          summary: "Poll a job",
          security: credentials,
          responses: {
            "200": {
              description: "The job; usage and result once status is done",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Job" } } },
            },
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

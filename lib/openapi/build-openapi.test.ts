// The published contract carries the optional vision usage (present only with vision readers).
import assert from "node:assert/strict";
import { test } from "node:test";
import { buildOpenApiDocument } from "./build-openapi";

type JsonSchema = { properties?: Record<string, JsonSchema>; required?: string[]; description?: string; items?: JsonSchema; type?: string };

test("usage documents vision calls per page as an optional field", () => {
  const doc = buildOpenApiDocument() as { components: { schemas: Record<string, JsonSchema> } };
  const usage = doc.components.schemas.Usage!;
  const vision = usage.properties?.vision;
  assert.ok(vision, "usage.vision is documented");
  assert.ok(!usage.required?.includes("vision"), "absent when no vision reader is configured");
  assert.match(vision.description ?? "", /vision readers/);
  for (const field of ["calls", "cached", "failed", "skipped", "prompt_tokens", "completion_tokens", "latency_ms", "pages"])
    assert.ok(vision.properties?.[field], field);
  assert.deepEqual(Object.keys(vision.properties!.pages!.items!.properties!).sort(), ["cached", "calls", "failed", "page"]);
  // The job's usage is the same schema.
  assert.ok(doc.components.schemas.Job!.properties!.usage);
});

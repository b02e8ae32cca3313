// The chat-completions client against a minimal local server: what is retried and what is not,
// Retry-After, answers wrapped in a Markdown fence, the bearer key, and the page's deadline.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, test } from "node:test";
import { findFreePort } from "../../../lib/db/embedded-postgres";
import { VisionEndpoint } from "./client";
import { taskPrompt } from "./prompts";
import { VISION_SETTINGS } from "./settings";

type Reply = { status: number; headers?: Record<string, string>; content?: string; hang?: boolean };
let replies: Reply[] = [];
const seen: Array<{ at: number; authorization: string | undefined; body: Record<string, unknown> }> = [];
let server: http.Server;
let url = "";

before(async () => {
  const port = await findFreePort();
  server = http.createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", () => {
      seen.push({ at: Date.now(), authorization: request.headers.authorization, body: JSON.parse(raw) as Record<string, unknown> });
      const reply = replies.shift() ?? { status: 200, content: "{}" };
      if (reply.hang) return;
      response.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      response.end(
        reply.status === 200
          ? JSON.stringify({
              choices: [{ message: { role: "assistant", content: reply.content } }],
              usage: { prompt_tokens: 11, completion_tokens: 7 },
            })
          : JSON.stringify({ error: { message: "no" } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  url = `http://127.0.0.1:${port}/v1`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

// The per-call timeout is long so a loaded machine never turns an answered call into a retry that
// then takes the next test's reply; the hanging case sets its own deadline.
const settings = { ...VISION_SETTINGS, backoffMs: 20, maxBackoffMs: 2000, timeoutMs: 10_000, attempts: 3 };
const request = () => ({ prompt: taskPrompt("arbiter"), text: '{"task":"arbiter"}', png: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });

test("the request: model, prompt, text and image parts, the task's schema, the bearer key", async () => {
  replies = [{ status: 200, content: '{"cells": []}' }];
  seen.length = 0;
  const answer = await new VisionEndpoint({ url, model: "m-1", apiKey: "sk-abc" }, settings).call(request());
  assert.deepEqual(answer.ok && answer.json, { cells: [] });
  assert.equal(answer.ok && answer.promptTokens, 11);
  const body = seen[0]!.body as {
    model: string;
    messages: Array<{ role: string; content: unknown }>;
    response_format: { type: string; json_schema: { name: string; strict: boolean; schema: { required: string[] } } };
  };
  assert.equal(seen[0]!.authorization, "Bearer sk-abc");
  assert.equal(body.model, "m-1");
  assert.equal(body.messages[0]!.role, "system");
  const parts = body.messages[1]!.content as Array<{ type: string; image_url?: { url: string } }>;
  assert.deepEqual(
    parts.map((p) => p.type),
    ["text", "image_url"],
  );
  assert.equal(parts[1]!.image_url!.url, "data:image/png;base64,iVBORw==");
  assert.equal(body.response_format.type, "json_schema");
  assert.equal(body.response_format.json_schema.name, "arbiter_answer");
  assert.deepEqual(body.response_format.json_schema.schema.required, ["cells"]);
});

test("a JSON answer in a Markdown fence is accepted", async () => {
  replies = [{ status: 200, content: '```json\n{"cells": [{"id": "t0.r0c0", "text": "5"}]}\n```' }];
  const answer = await new VisionEndpoint({ url, model: "m-1" }, settings).call(request());
  assert.deepEqual(answer.ok && answer.json, { cells: [{ id: "t0.r0c0", text: "5" }] });
});

test("429 waits for Retry-After, 5xx backs off; a 400 or 401 is not asked again", async () => {
  replies = [{ status: 429, headers: { "retry-after": "0.3" } }, { status: 503 }, { status: 200, content: '{"cells": []}' }];
  seen.length = 0;
  const answer = await new VisionEndpoint({ url, model: "m-1" }, settings).call(request());
  assert.ok(answer.ok);
  assert.equal(answer.attempts, 3);
  assert.ok(seen[1]!.at - seen[0]!.at >= 280, `waited ${seen[1]!.at - seen[0]!.at} ms after the 429`);
  replies = [{ status: 401 }];
  seen.length = 0;
  const refused = await new VisionEndpoint({ url, model: "m-1" }, settings).call(request());
  assert.ok(!refused.ok);
  assert.match(refused.error, /refused the request \(401\)/);
  assert.equal(seen.length, 1);
});

test("a hanging endpoint is given up at the page's deadline, not after every attempt", async () => {
  replies = [
    { status: 200, hang: true },
    { status: 200, hang: true },
    { status: 200, hang: true },
  ];
  const started = Date.now();
  const answer = await new VisionEndpoint({ url, model: "m-1" }, settings).call(request(), Date.now() + 400);
  assert.ok(!answer.ok);
  assert.match(answer.error, /no answer within/);
  assert.ok(Date.now() - started < 1500, `${Date.now() - started} ms`);
});

// Which readers the environment switches on, and what it refuses.
import assert from "node:assert/strict";
import { test } from "node:test";
import { visionReadersFromEnv } from "./config";

const none = {
  VISION_1_URL: undefined,
  VISION_1_MODEL: undefined,
  VISION_1_API_KEY: undefined,
  VISION_2_URL: undefined,
  VISION_2_MODEL: undefined,
  VISION_2_API_KEY: undefined,
  VISION_REVIEW_URL: undefined,
  VISION_REVIEW_MODEL: undefined,
  VISION_REVIEW_API_KEY: undefined,
  VISION_MAX_CALLS_PER_PAGE: 12,
  PAGE_TIMEOUT_SECONDS: 120,
};

test("no vision configuration: no readers at all", () => {
  assert.equal(visionReadersFromEnv(none), null);
  // A URL without a model (or the reverse) switches nothing on.
  assert.equal(visionReadersFromEnv({ ...none, VISION_1_URL: "http://localhost:11434/v1", VISION_2_MODEL: "llava" }), null);
});

test("each reader is on with its URL and model; the review endpoint may stand alone", () => {
  const readers = visionReadersFromEnv({
    ...none,
    VISION_1_URL: "https://api.example.com/v1/",
    VISION_1_MODEL: "model-a",
    VISION_1_API_KEY: "sk-1",
    VISION_REVIEW_URL: "http://localhost:8000/v1/chat/completions",
    VISION_REVIEW_MODEL: "model-r",
    VISION_MAX_CALLS_PER_PAGE: 5,
  });
  assert.ok(readers);
  assert.equal(readers.first?.completionsUrl, "https://api.example.com/v1/chat/completions");
  assert.equal(readers.first?.config.apiKey, "sk-1");
  assert.equal(readers.second, null);
  assert.equal(readers.review?.completionsUrl, "http://localhost:8000/v1/chat/completions");
  assert.equal(readers.maxCallsPerPage, 5);
  // Half the page's time limit: the vision readers give up well before the page would be failed.
  assert.equal(readers.pageBudgetMs, 60_000);
});

test("the same model for vision-1 and vision-2 is refused", () => {
  assert.throws(
    () =>
      visionReadersFromEnv({
        ...none,
        VISION_1_URL: "http://a/v1",
        VISION_1_MODEL: "gpt-4o",
        VISION_2_URL: "http://b/v1",
        VISION_2_MODEL: "GPT-4o",
      }),
    /different model/,
  );
});

test("the service refuses to start with one model for both readers", async () => {
  const { spawnSync } = await import("node:child_process");
  const run = (models: [string, string]) =>
    spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        "const { getEnv } = await import('./lib/env.ts'); getEnv(); console.log('started');",
      ],
      {
        env: {
          ...process.env,
          VISION_1_URL: "http://a/v1",
          VISION_1_MODEL: models[0],
          VISION_2_URL: "http://b/v1",
          VISION_2_MODEL: models[1],
        },
        encoding: "utf8",
      },
    );
  const refused = run(["qwen2.5-vl", "Qwen2.5-VL"]);
  assert.notEqual(refused.status, 0);
  assert.match(refused.stderr, /VISION_2_MODEL: must be a different model/);
  const started = run(["qwen2.5-vl", "gemma-3"]);
  assert.equal(started.status, 0, started.stderr);
  assert.match(started.stdout, /started/);
});

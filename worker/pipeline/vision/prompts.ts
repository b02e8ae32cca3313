// The vision readers' prompts and answer schemas: versioned files beside this module
// (prompts/<task>.v<N>.md and .schema.json). A task's version is its file version plus a digest
// of both files, and goes into the cache key (cache.ts): editing a prompt or a schema without
// bumping the file version still never reuses an answer given to the old wording.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type VisionTask = "grid" | "arbiter" | "audit" | "review";

/** The file version of each task's prompt and schema in use. */
const FILE_VERSIONS: Record<VisionTask, number> = { grid: 1, arbiter: 1, audit: 1, review: 1 };

export interface TaskPrompt {
  task: VisionTask;
  /** "grid.v1.3f9a0c1d": file version and content digest, for the cache key. */
  version: string;
  system: string;
  /** The JSON schema the answer must match (sent as response_format.json_schema.schema). */
  schema: Record<string, unknown>;
}

const loaded = new Map<VisionTask, TaskPrompt>();

export function taskPrompt(task: VisionTask): TaskPrompt {
  const known = loaded.get(task);
  if (known) return known;
  const base = `${task}.v${FILE_VERSIONS[task]}`;
  const read = (name: string) => fs.readFileSync(path.join(promptsDir(), name), "utf8");
  const system = read(`${base}.md`);
  const schemaText = read(`${base}.schema.json`);
  const digest = createHash("sha256").update(system).update("\0").update(schemaText).digest("hex").slice(0, 8);
  const prompt: TaskPrompt = {
    task,
    version: `${base}.${digest}`,
    system: system.trim(),
    schema: JSON.parse(schemaText) as Record<string, unknown>,
  };
  loaded.set(task, prompt);
  return prompt;
}

let dir: string | null = null;

/** The prompts folder: beside this file under tsx; from a compiled bundle (dist/, see
 * scripts/build-entries.mjs) the same folder in the source tree, found by walking up. */
function promptsDir(): string {
  if (dir) return dir;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const beside = path.join(here, "prompts");
  if (fs.existsSync(path.join(beside, "grid.v1.md"))) return (dir = beside);
  for (let up = here; ; up = path.dirname(up)) {
    const candidate = path.join(up, "worker", "pipeline", "vision", "prompts");
    if (fs.existsSync(candidate)) return (dir = candidate);
    if (path.dirname(up) === up) throw new Error("the vision prompts folder (worker/pipeline/vision/prompts) was not found");
  }
}

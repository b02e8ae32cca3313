// A client for the OpenAI-compatible chat-completions API (OpenAI, and the same protocol served by
// vLLM, Ollama, LM Studio and most hosted model APIs): the page image as a data: URL in an
// `image_url` content part, the answer constrained by `response_format: {type: "json_schema"}`.
// Timeouts, retries with backoff on 429 / 5xx / network errors / malformed answers, and a limit on
// calls in flight per endpoint. It never throws for a bad answer: the caller gets a failure and
// records the reader as absent for the page.
import { VISION_SETTINGS, type VisionSettings } from "./settings";
import type { TaskPrompt } from "./prompts";

export interface VisionEndpointConfig {
  /** Base URL ("https://api.openai.com/v1", "http://localhost:11434/v1"), or the full
   * .../chat/completions address. */
  url: string;
  model: string;
  apiKey?: string;
}

export interface VisionAnswer {
  ok: true;
  json: unknown;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
  attempts: number;
}
export interface VisionFailure {
  ok: false;
  error: string;
  latencyMs: number;
  attempts: number;
}

/** One request: the task's prompt and schema, a text part (the task's details) and the image. */
export interface VisionRequest {
  prompt: TaskPrompt;
  text: string;
  /** PNG bytes of the page image (or a crop of it). */
  png: Buffer;
}

/** Waits its turn: at most `limit` holders at once. */
class Gate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly limit: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

class RetryableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export class VisionEndpoint {
  private readonly gate: Gate;
  readonly completionsUrl: string;

  constructor(
    readonly config: VisionEndpointConfig,
    readonly settings: VisionSettings = VISION_SETTINGS,
  ) {
    this.gate = new Gate(settings.concurrencyPerEndpoint);
    const base = config.url.replace(/\/+$/, "");
    this.completionsUrl = /\/chat\/completions$/.test(base) ? base : `${base}/chat/completions`;
  }

  get model(): string {
    return this.config.model;
  }

  /** The body sent: exported for the docs and the tests that check the protocol. */
  body(request: VisionRequest): Record<string, unknown> {
    return {
      model: this.config.model,
      temperature: 0,
      max_tokens: this.settings.maxTokens,
      messages: [
        { role: "system", content: request.prompt.system },
        {
          role: "user",
          content: [
            { type: "text", text: request.text },
            { type: "image_url", image_url: { url: `data:image/png;base64,${request.png.toString("base64")}` } },
          ],
        },
      ],
      response_format: {
        type: "json_schema",
        json_schema: { name: `${request.prompt.task}_answer`, strict: true, schema: request.prompt.schema },
      },
    };
  }

  /** One call, retried as the settings say, and given up at `deadline` (Date.now() ms: the page's
   * time for vision readers) whatever the attempt. */
  async call(request: VisionRequest, deadline = Infinity): Promise<VisionAnswer | VisionFailure> {
    const started = performance.now();
    return this.gate.run(() => this.withRetries(request, deadline, started));
  }

  private async withRetries(request: VisionRequest, deadline: number, started: number): Promise<VisionAnswer | VisionFailure> {
    const body = JSON.stringify(this.body(request));
    let lastError = "the page's time for vision readers ran out before the call";
    let attempt = 0;
    while (attempt < this.settings.attempts) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      attempt++;
      try {
        const answer = await this.once(body, Math.min(this.settings.timeoutMs, left));
        return { ok: true, ...answer, latencyMs: performance.now() - started, attempts: attempt };
      } catch (error) {
        lastError = (error as Error).message;
        if (!(error instanceof RetryableError) || attempt === this.settings.attempts) break;
        const backoff = Math.min(error.retryAfterMs ?? this.settings.backoffMs * 2 ** (attempt - 1), this.settings.maxBackoffMs);
        if (Date.now() + backoff >= deadline) break;
        await new Promise((resolve) => setTimeout(resolve, backoff));
      }
    }
    return { ok: false, error: lastError, latencyMs: performance.now() - started, attempts: attempt };
  }

  private async once(body: string, timeoutMs: number): Promise<{ json: unknown; promptTokens: number; completionTokens: number }> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (this.config.apiKey) headers.authorization = `Bearer ${this.config.apiKey}`;
    let response: Response;
    try {
      response = await fetch(this.completionsUrl, { method: "POST", headers, body, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const name = (error as Error).name;
      throw new RetryableError(
        name === "TimeoutError" || name === "AbortError"
          ? `no answer within ${Math.round(timeoutMs)} ms`
          : `the endpoint could not be reached (${(error as Error).message})`,
      );
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel().catch(() => undefined);
      throw new RetryableError(`the endpoint answered ${response.status}`, retryAfterMs(response.headers.get("retry-after")));
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      // 400, 401, 404...: asking again changes nothing.
      throw new Error(`the endpoint refused the request (${response.status})`);
    }
    let payload: { choices?: Array<{ message?: { content?: unknown } }>; usage?: { prompt_tokens?: number; completion_tokens?: number } };
    try {
      payload = (await response.json()) as typeof payload;
    } catch {
      throw new RetryableError("the endpoint's answer is not JSON");
    }
    const content = payload.choices?.[0]?.message?.content;
    if (typeof content !== "string") throw new RetryableError("the answer has no message content");
    let json: unknown;
    try {
      json = JSON.parse(stripFence(content));
    } catch {
      throw new RetryableError("the model's answer is not the JSON asked for");
    }
    return { json, promptTokens: payload.usage?.prompt_tokens ?? 0, completionTokens: payload.usage?.completion_tokens ?? 0 };
  }
}

/** Some servers ignore response_format and wrap the JSON in a Markdown fence. */
function stripFence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return fenced ? fenced[1]! : text;
}

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}

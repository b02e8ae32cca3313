// The one place that reads process.env. Every setting is validated here, so a
// bad value fails loudly at start-up rather than at the first request. Each is documented in
// docs/configuration.md.
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { isOcrEngineName, OCR_ENGINE_NAMES, type OcrEngineName } from "./ocr/engine-names";

const MIB = 1024 * 1024;

const intSetting = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);
const usdSetting = (fallback: number) => z.coerce.number().min(0).default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

/** OCR_ENGINES (and eval's --engines): "none" -> [], "ocr-1,ocr-2" -> both, duplicates dropped;
 * null when the text is anything else (the names are lib/ocr/engine-names.ts's). */
export function parseOcrEngines(value: string): OcrEngineName[] | null {
  const names = value
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 1 && names[0] === "none") return [];
  if (names.length === 0 || !names.every(isOcrEngineName)) return null;
  return [...new Set(names)] as OcrEngineName[];
}

/** ACCEPT_FORMATS: "pdf,image" -> the set of accepted input kinds; null when a name is unknown or
 * the list is empty. */
export function parseAcceptFormats(value: string): ReadonlySet<"pdf" | "image" | "spreadsheet"> | null {
  const names = value
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0 || names.some((name) => name !== "pdf" && name !== "image" && name !== "spreadsheet")) return null;
  return new Set(names as Array<"pdf" | "image" | "spreadsheet">);
}

const envSchema = z.object({
  PORT: intSetting(3000, 1),
  /** Postgres server address; when unset, `npm start` runs an embedded Postgres in DATA_DIR. */
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().default(".data"),
  PDFPAGES_MAX_PAGES: intSetting(500, 1),
  /** 600 MB. */
  MAX_UPLOAD_BYTES: intSetting(600 * MIB, 1),
  /** Stateless export bodies up to 600 MB. */
  EXPORT_MAX_BYTES: intSetting(600 * MIB, 1),
  RETENTION_SECONDS: intSetting(86_400, 1),
  BATCH_FLOOR_SECONDS: intSetting(14_400, 0),
  MAX_REQUEUES: intSetting(2, 0),
  /** A running job whose worker has not reported for this long is taken to be orphaned. */
  WORKER_LEASE_SECONDS: intSetting(30, 1),
  /** How often an idle worker looks for work (and for orphaned or expired jobs). */
  WORKER_POLL_MS: intSetting(500, 10),
  /** Worker processes started by `npm start`. */
  WORKERS: intSetting(1, 0),
  /** Testing aid: pause this long after each page so crash tests can stop a worker mid-job. */
  WORKER_PAGE_DELAY_MS: intSetting(0, 0),
  /** OCR readings the worker runs on every page: a comma list of ocr-1
   * (Tesseract) and ocr-2 (PaddleOCR), or "none" to switch OCR off (cells then rest on the text
   * layer alone: unverified, tables ocr_unsupported; scanned pages come back empty). */
  OCR_ENGINES: z
    .string()
    .default(OCR_ENGINE_NAMES.join(","))
    .transform((value, context) => {
      const engines = parseOcrEngines(value);
      if (engines) return engines;
      context.addIssue({ code: "custom", message: `expected "none" or a comma list of ${OCR_ENGINE_NAMES.join(", ")} (got "${value}")` });
      return z.NEVER;
    }),
  /** OCR threads per worker process (worker/pipeline/ocr/pool): both engines' work is spread over
   * them. Default: the machine's cores (os.availableParallelism). */
  OCR_THREADS: intSetting(os.availableParallelism(), 1),
  /** JavaScript heap cap of each OCR thread, MB (its engines' native memory comes on top). */
  OCR_THREAD_HEAP_MB: intSetting(512, 64),
  /** Comma-separated User-Agent substrings refused by the front-end bot rules. */
  BOT_USER_AGENTS: z.string().default("Python-urllib"),
  /** Secret mixed into API key digests; when unset one is generated once and kept in DATA_DIR. */
  KEY_SECRET: optionalText,
  /** Prices in US dollars; held as integer micro-dollars everywhere else. */
  PRICE_PER_PAGE_USD: usdSetting(0.06),
  BATCH_PRICE_PER_PAGE_USD: usdSetting(0.036),
  MIN_TOPUP_USD: usdSetting(3.5),
  /** Stripe (top-ups). Without STRIPE_SECRET_KEY the top-up button says payments are off. */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Where the Stripe SDK sends API calls; tests point it at a local stand-in. Unset: Stripe. */
  STRIPE_API_HOST: optionalText,
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  /** Anonymous trial: pages per UTC day per address, API and web uploader apart. */
  TRIAL_PAGES_PER_DAY: intSetting(10, 0),
  WEB_TRIAL_PAGES_PER_DAY: intSetting(10, 0),
  /** Abuse protection: anonymous submissions per hour per address (per channel). Above the daily
   * pages in normal use (10 one-page documents), so it never bites first. */
  TRIAL_SUBMISSIONS_PER_HOUR: intSetting(20, 0),
  /** Comma-separated addresses of reverse proxies whose X-Forwarded-For is believed. Empty: the
   * socket's address is the client's, and X-Forwarded-For is ignored (anyone could forge it). */
  TRUSTED_PROXIES: z.string().default(""),
  /** Sign-in (lib/auth/next-auth.ts). The site's public address, used in sign-in links and
   * OAuth callbacks; unset: http://localhost:PORT. AUTH_URL is accepted as another name. */
  NEXTAUTH_URL: optionalText.pipe(z.url().optional()),
  AUTH_URL: optionalText.pipe(z.url().optional()),
  /** Signs and encrypts next-auth's tokens; unset: generated once into DATA_DIR. */
  NEXTAUTH_SECRET: optionalText,
  /** Magic-link mail, e.g. smtp://user:pass@mail.example.com:587. Unset: the link is logged. */
  SMTP_URL: optionalText,
  EMAIL_FROM: z.string().default("pdftables <no-reply@localhost>"),
  /** GitHub sign-in, offered only when both are set. */
  GITHUB_ID: optionalText,
  GITHUB_SECRET: optionalText,
  /** Untrusted PDFs are opened at submission in child processes (lib/pdf/isolated-inspect.ts):
   * resident-memory ceiling of one (measured: 236 MB idle with pdf.js loaded, 389 MB after
   * opening a one-page PDF with a standard font; a bomb passes 1 GB within a second or two), its deadline (a sound 500-page file inspects in well under a second, but one whose
   * cross-reference table is lost is scanned whole: a 40 MB one took 9.7 s and 409 MB on a busy 2-core machine),
   * and how many run at once. Past a limit the upload is 400 "too complex". */
  INSPECT_MEMORY_MB: intSetting(1024, 128),
  INSPECT_TIMEOUT_SECONDS: intSetting(30, 1),
  INSPECT_CONCURRENCY: intSetting(2, 1),
  /** Uploads that may wait for a free inspector (each holds only its file on disk). */
  INSPECT_QUEUE_MAX: intSetting(1000, 0),
  /** Per-page limits in the worker (worker/jobs/page-host.ts): the pipeline process's resident
   * memory ceiling (both OCR engines on a dense page peak near 1.2 GB, docs/performance.md; the
   * headroom is for large pages) and the time one page may take (a cold OCR page takes 3-7 s on
   * 2 shared cores, engine loads included). A page past either fails alone, not charged. */
  PAGE_MEMORY_MB: intSetting(3072, 256),
  PAGE_TIMEOUT_SECONDS: intSetting(120, 1),
  /** Database pool and transactions (lib/db.ts): connections per process, how long a
   * query waits for one, how long a transaction may wait to start and to run; and the web
   * process's submission gate (lib/db/submission-gate.ts): submission transactions at once
   * (under the pool size, so polls always find a connection) and how many may wait for one. Past
   * these: 503 with Retry-After. 200 concurrent submissions on one key pass with the defaults
   * (docs/performance.md). */
  DB_POOL_MAX: intSetting(10, 2),
  /** Also the connect timeout (pg uses one value for both). 5 s: a frozen server (SIGSTOP) takes
   * the TCP connection but never answers the start-up, and a request must not hang on it; the
   * submission gate keeps transactions under the pool size, so a healthy burst waits far less
   * (docs/operations-database.md). */
  DB_POOL_TIMEOUT_MS: intSetting(5_000, 100),
  /** Server-side statement_timeout of every connection: no statement of the service runs near
   * this (the slowest, a submission waiting on its account's row lock behind the gate's other
   * transactions, takes well under a second); past it Postgres cancels it (57014, a 503). */
  DB_STATEMENT_TIMEOUT_MS: intSetting(5_000, 100),
  /** Client-side query timeout: a server that stopped answering (frozen, host gone) cannot cancel
   * anything, so the driver gives up this long after sending a query. A little over the
   * statement timeout, so a live server always cancels first. */
  DB_QUERY_TIMEOUT_MS: intSetting(6_000, 100),
  /** How long a worker keeps its job waiting for a lost database before giving up on it (the
   * lease then hands it to whoever runs it once the database is back). Long enough for the
   * embedded server's restart with its longest back-off (DB_RESTART_MAX_DELAY_MS). */
  DB_OUTAGE_WAIT_SECONDS: intSetting(300, 1),
  /** The embedded Postgres is restarted when it exits, after a back-off that doubles from
   * DB_RESTART_MIN_DELAY_MS to DB_RESTART_MAX_DELAY_MS while it keeps failing, and starts again
   * from the minimum once it has stayed up for a minute (scripts/start.ts). 1 s: a crash is
   * usually one-off; 30 s: a server that cannot start (disk full) is not retried in a tight loop. */
  DB_RESTART_MIN_DELAY_MS: intSetting(1_000, 0),
  DB_RESTART_MAX_DELAY_MS: intSetting(30_000, 0),
  /** `npm start` prints the embedded database's address with its password masked; 1 prints it
   * whole (to paste into another machine's DATABASE_URL). */
  SHOW_DATABASE_PASSWORD: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  DB_TX_MAX_WAIT_MS: intSetting(10_000, 100),
  DB_TX_TIMEOUT_MS: intSetting(15_000, 100),
  SUBMIT_TX_CONCURRENCY: intSetting(4, 1),
  SUBMIT_QUEUE_MAX: intSetting(1000, 0),
  /** Sign-in e-mails sent to one address per hour (lib/auth/sign-in-limit.ts). */
  SIGNIN_EMAILS_PER_HOUR: intSetting(5, 0),
  /** Sign-in e-mails one client address may ask for per hour, whatever the recipients: a
   * person signs in from one address to one or two mailboxes, so 10 leaves room for typos while
   * one client can no longer mail 50 strangers in a second. */
  SIGNIN_EMAILS_PER_CLIENT_PER_HOUR: intSetting(10, 0),
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  /** Which kinds of input are accepted (docs/input-formats.md): a comma list of pdf, image
   * (PNG, JPEG, TIFF, WebP, GIF) and spreadsheet (XLSX, CSV). Default "pdf": the hosted service
   * takes PDFs only; an image or a spreadsheet is refused as a format that is switched off. */
  ACCEPT_FORMATS: z
    .string()
    .default("pdf")
    .transform((value, context) => {
      const kinds = parseAcceptFormats(value);
      if (kinds) return kinds;
      context.addIssue({ code: "custom", message: `expected a comma list of pdf, image, spreadsheet (got "${value}")` });
      return z.NEVER;
    }),
  /** What `npm start` runs on this machine: "all" (web and WORKERS workers), "web" (no
   * workers) or "worker" (workers only: no web, no build; needs DATABASE_URL). */
  ROLE: z.enum(["all", "web", "worker"]).default("all"),
  /** The embedded Postgres's port; unset: a free port chosen at each start. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The embedded Postgres's listen_addresses; "localhost" keeps it to this machine, "*" (or an
   * address) lets workers on other machines connect with its password. */
  EMBEDDED_PG_LISTEN: z.string().default("localhost"),
  /** pino's threshold for the JSON logs: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Prometheus metrics of a worker on http://0.0.0.0:PORT/metrics; unset: not served. `npm
   * start` gives its Nth worker PORT+N-1. */
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** When set, every /metrics (the web's and the workers') answers only requests that carry
   * `Authorization: Bearer <METRICS_TOKEN>`; others get 401. */
  METRICS_TOKEN: optionalText,
  /** When set, the web process serves /metrics on this port (bound to METRICS_HOST) and no longer
   * on the public PORT, which then answers 404 there. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default("127.0.0.1"),
  /** SIGTERM: the web stops accepting and finishes open requests, a worker finishes or hands back
   * its job, within this many seconds. */
  SHUTDOWN_GRACE_SECONDS: intSetting(30, 1),
  /** Fairness (lib/jobs/queue.ts): jobs of one account (API key owner, or anonymous address)
   * running at once across all workers; 0 = no limit. */
  MAX_RUNNING_JOBS_PER_ACCOUNT: intSetting(1, 0),
  /** Where job files live (lib/storage): "local" (DATA_DIR) or "s3" (an S3-compatible store). */
  STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: optionalText,
  /** Prepended to every key, e.g. "pdftables/": several installs can share one bucket. */
  S3_PREFIX: z.string().default(""),
  /** Unset: AWS S3 itself. MinIO, R2 and the like: their address. */
  S3_ENDPOINT: optionalText,
  S3_REGION: z.string().default("us-east-1"),
  /** Unset: the AWS SDK's usual credential chain (instance role, AWS_* variables, ~/.aws). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** MinIO and most self-hosted servers need path-style addresses (http://host/bucket/key). */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  /** Vision readers (worker/pipeline/vision, docs/vision-readers.md): any OpenAI-compatible
   * chat-completions endpoint with image input. Each reader is on when its URL and MODEL are set;
   * all unset (the default): no vision reading, the pipeline runs exactly as without them. */
  VISION_1_URL: optionalText,
  VISION_1_MODEL: optionalText,
  VISION_1_API_KEY: optionalText,
  /** The second reader must be another model (another family, so it does not share vision-1's
   * blind spots): the same model for both is refused at start-up. */
  VISION_2_URL: optionalText,
  VISION_2_MODEL: optionalText,
  VISION_2_API_KEY: optionalText,
  /** The arbiter, the grid re-read, the audit and the reviewer share this endpoint. */
  VISION_REVIEW_URL: optionalText,
  VISION_REVIEW_MODEL: optionalText,
  VISION_REVIEW_API_KEY: optionalText,
  /** Calls of every vision reader together on one page, at most (cached answers are free). */
  VISION_MAX_CALLS_PER_PAGE: intSetting(12, 0),
});

export type Env = z.infer<typeof envSchema>;

let cached: (Env & { dataDir: string }) | null = null;

/** The validated settings. Read lazily so a launcher can prepare the environment first. */
export function getEnv(): Env & { dataDir: string } {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  if (parsed.data.STORAGE === "s3" && !parsed.data.S3_BUCKET) {
    throw new Error("invalid configuration:\n  S3_BUCKET: required when STORAGE=s3");
  }
  if (
    parsed.data.VISION_1_MODEL &&
    parsed.data.VISION_2_MODEL &&
    parsed.data.VISION_1_MODEL.toLowerCase() === parsed.data.VISION_2_MODEL.toLowerCase()
  ) {
    throw new Error(
      "invalid configuration:\n  VISION_2_MODEL: must be a different model from VISION_1_MODEL (two readings of one model are not independent)",
    );
  }
  cached = { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
  return cached;
}

/** The bot rules as a list of lower-case substrings. */
export function botUserAgents(): string[] {
  return getEnv()
    .BOT_USER_AGENTS.split(",")
    .map((rule) => rule.trim().toLowerCase())
    .filter(Boolean);
}

/** The environment for a child process (web, worker, migrations): ours plus overrides. */
export function childEnv(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...overrides };
}

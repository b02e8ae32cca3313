// Which vision readers are on, from the validated environment (lib/env.ts): each reader is on when
// its URL and MODEL are set. With none set, `visionReadersFromEnv` gives null and the pipeline
// runs exactly as it does without vision.
import type { Env } from "../../../lib/env";
import { VisionEndpoint } from "./client";
import { VISION_SETTINGS, type VisionSettings } from "./settings";

export interface VisionReaders {
  /** vision-1: the first grid reader. */
  first: VisionEndpoint | null;
  /** vision-2: the second grid reader, another model. */
  second: VisionEndpoint | null;
  /** The arbiter, the grid re-read, the audit and the reviewer. */
  review: VisionEndpoint | null;
  /** Calls (not cached answers) of every reader together on one page, at most. */
  maxCallsPerPage: number;
  /** Milliseconds the vision readers may spend on one page, all calls together. */
  pageBudgetMs: number;
  settings: VisionSettings;
}

type VisionEnv = Pick<
  Env,
  | "VISION_1_URL"
  | "VISION_1_MODEL"
  | "VISION_1_API_KEY"
  | "VISION_2_URL"
  | "VISION_2_MODEL"
  | "VISION_2_API_KEY"
  | "VISION_REVIEW_URL"
  | "VISION_REVIEW_MODEL"
  | "VISION_REVIEW_API_KEY"
  | "VISION_MAX_CALLS_PER_PAGE"
  | "PAGE_TIMEOUT_SECONDS"
>;

/** The readers the environment configures, or null when none is. Throws when vision-1 and
 * vision-2 name one model (lib/env.ts refuses that at start-up too). */
export function visionReadersFromEnv(env: VisionEnv, settings: VisionSettings = VISION_SETTINGS): VisionReaders | null {
  const endpoint = (url: string | undefined, model: string | undefined, apiKey: string | undefined) =>
    url && model ? new VisionEndpoint({ url, model, apiKey }, settings) : null;
  return visionReaders(
    {
      first: endpoint(env.VISION_1_URL, env.VISION_1_MODEL, env.VISION_1_API_KEY),
      second: endpoint(env.VISION_2_URL, env.VISION_2_MODEL, env.VISION_2_API_KEY),
      review: endpoint(env.VISION_REVIEW_URL, env.VISION_REVIEW_MODEL, env.VISION_REVIEW_API_KEY),
      maxCallsPerPage: env.VISION_MAX_CALLS_PER_PAGE,
      pageBudgetMs: env.PAGE_TIMEOUT_SECONDS * 1000 * settings.pageTimeShare,
    },
    settings,
  );
}

/** `pageBudgetMs` defaults to the share of the default page time limit (120 s). */
export function visionReaders(
  readers: Omit<VisionReaders, "settings" | "pageBudgetMs"> & { pageBudgetMs?: number },
  settings: VisionSettings = VISION_SETTINGS,
): VisionReaders | null {
  if (!readers.first && !readers.second && !readers.review) return null;
  if (readers.first && readers.second && readers.first.model.toLowerCase() === readers.second.model.toLowerCase()) {
    throw new Error("vision-2 must be a different model from vision-1: two readings of one model are not independent");
  }
  return { ...readers, pageBudgetMs: readers.pageBudgetMs ?? 120_000 * settings.pageTimeShare, settings };
}

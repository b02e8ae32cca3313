// Optional vision readers behind any OpenAI-compatible chat-completions endpoint (docs/vision-readers.md).
export { visionReadersFromEnv, visionReaders, type VisionReaders } from "./config";
export { VisionEndpoint, type VisionEndpointConfig } from "./client";
export { PageVision, type BoxMap } from "./page-vision";
export { VisionUsageCounter, type VisionUsage, type VisionCallRecord } from "./usage";
export { VISION_SETTINGS, type VisionSettings } from "./settings";

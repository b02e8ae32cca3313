// Types of v8-heap-growth.mjs, a plain JavaScript module (scripts/run-entry.mjs runs it before any
// TypeScript loader), for its test.
export const HEAP_GROWING_PERCENT: number;
export function heapGrowthFlag(execArgv?: readonly string[]): string | null;

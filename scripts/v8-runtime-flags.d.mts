// Types of v8-runtime-flags.mjs, a plain JavaScript module (scripts/run-entry.mjs runs it before
// any TypeScript loader), for its test.
export const TURBOFAN_INVOCATIONS: number;
export const TURBOFAN_FILTER: string;
export const TURBOFAN_MAX_INLINED_BYTECODE: number;
export const HEAP_GROWING_PERCENT: number;
export function runtimeV8Flags(execArgv?: readonly string[], v8Version?: string): string[];

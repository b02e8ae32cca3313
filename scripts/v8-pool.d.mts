// Types of v8-pool.mjs, a plain JavaScript module (scripts/run-entry.mjs runs it before any
// TypeScript loader), for its test.
export const NODE_DEFAULT_V8_POOL: number;
export function v8PoolSize(cores?: number): number;
export function flagChosen(flag: string, execArgv?: readonly string[], nodeOptions?: string): boolean;
export function poolChosen(execArgv?: readonly string[], nodeOptions?: string): boolean;
export function machinePoolArgs(): string[];
export function restartWithMachinePool(): void;

// Types of build-entries.mjs, a plain JavaScript module (it runs before any TypeScript loader), for
// the TypeScript files that import it: the start script, the test runners and their test.
export const ROOT: string;
export const DIST: string;
/** Command or child-process name -> its TypeScript entry point, relative to ROOT. */
export const ENTRIES: Record<string, string>;
/** The compiled bundle of one entry. */
export function outputPath(name: string): string;
/** Builds every entry into DIST. */
export function buildEntries(): Promise<void>;
/** Whether any source is newer than the bundles (or a bundle is missing). */
export function isStale(): boolean;

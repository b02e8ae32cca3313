// The one question settings.hangingWraps settles: does a line at a hanging indent carry on the
// label above it (tables/detect-tables.ts wrapsLabel, tables/row-continuation.ts hangsUnder)?
// With the setting on, a test answers what its hanging-indent rule says; with it off, no. Every
// such answer goes through here, which counts the ones the setting decided (the rule said yes),
// whatever the setting's value. A synchronous run (a detection, a region's layout) during which
// the count did not move made every decision as it would have with the setting the other way, so
// that run with the setting flipped is the same computation with the same result:
// pdf-layout-alt, which reads the page again with the setting flipped, takes the first run's
// result then instead of computing it again (structure/pdf-layout-alt.ts).

let decided = 0;

/** The answer to a hanging-indent question: `hangs` is the answer with hanging wraps on (the
 * caller works it out whatever the setting); with them off it is no. */
export function hangingWrapAnswer(settings: { hangingWraps: boolean }, hangs: boolean): boolean {
  if (hangs) decided++;
  return settings.hangingWraps && hangs;
}

/** How many answers the setting has decided so far in this process: compare before and after a
 * synchronous run. */
export function hangingWrapDecisions(): number {
  return decided;
}

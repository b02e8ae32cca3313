// One seeded pseudo-random generator for everything drawn from a seed (the generated corpus, test
// families, the scan noise the scanned-page model trains on), so a draw replays exactly.

export type Rng = () => number;

/** mulberry32: small, fast and deterministic; numbers in [0, 1) from a 32-bit seed. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

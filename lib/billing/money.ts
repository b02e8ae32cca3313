// Money is integer micro-dollars everywhere (1 USD = 1_000_000); floats appear only at the edge,
// when a setting is read or an amount is shown.
export const MICROS_PER_USD = 1_000_000;

export function usdToMicros(usd: number): bigint {
  if (!Number.isFinite(usd)) throw new Error("amount is not a number");
  return BigInt(Math.round(usd * MICROS_PER_USD));
}

export function microsToUsd(micros: bigint | number): number {
  return Number(micros) / MICROS_PER_USD;
}

// How the account page writes money and times. Fixed locale and UTC, so the server-rendered page
// reads the same everywhere and in tests.
export function formatUsd(usd: number): string {
  const sign = usd < 0 ? "-" : "";
  return `${sign}$${Math.abs(usd).toFixed(2)}`;
}

/** Signed, for ledger amounts: "+$10.00", "-$0.06". */
export function formatSignedUsd(usd: number): string {
  return usd > 0 ? `+${formatUsd(usd)}` : formatUsd(usd);
}

/** A UTC time as "YYYY-MM-DD HH:MM UTC". */
export function formatTime(date: Date | null): string {
  if (!date) return "never";
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** A unit price with the digits it needs: "$0.06", "$0.036". */
export function formatPrice(usd: number): string {
  return `$${Number(usd.toFixed(4)).toString()}`;
}

// File sizes as people write them: "512 bytes", "39 KB", "2.4 MB", "125 MB", "1.2 GB". Binary
// units (1 KB = 1,024 bytes), as the upload limit is counted (600 MB = 629,145,600 bytes). One
// decimal below 10 of a unit, none above: "0.0 MB" for a 39 KB file said nothing.
const UNITS = ["KB", "MB", "GB", "TB"] as const;

export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1024) return `${Math.round(bytes)} byte${Math.round(bytes) === 1 ? "" : "s"}`;
  let value = bytes / 1024;
  let unit = 0;
  // Move up a unit when rounding would show 1024 of this one ("1,024 KB" reads as "1 MB").
  while (unit < UNITS.length - 1 && Math.round(value) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
}

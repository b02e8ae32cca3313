// Peak resident memory of this process, in MB. On Linux it is the kernel's high-water mark of the
// process's own address space (VmHWM): getrusage's maxrss is not, because the kernel carries it
// through exec from the process that forked it. A corpus pass spawned by `npm run bench` after its
// OCR passes reported the parent's size at the fork (290-405 MB) instead of its own (~200 MB).
import fs from "node:fs";

export function peakRssMb(): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"));
    if (match) return Math.round(Number(match[1]) / 1024);
  } catch {
    // Not Linux: getrusage's figure below.
  }
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

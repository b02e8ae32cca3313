// Resident memory read from Linux's /proc/PID/status, in MB. A process's peak is the kernel's
// high-water mark of its own address space (VmHWM): getrusage's maxrss is not, because the kernel
// carries it through exec from the process that forked it. A corpus pass spawned by `npm run
// bench` after its OCR passes reported the parent's size at the fork (290-405 MB) instead of its
// own (~200 MB).
import fs from "node:fs";

/** VmRSS (now) or VmHWM (peak) of process `pid`, in MB; NaN where /proc does not say. */
export function procStatusMb(pid: number | "self", field: "VmRSS" | "VmHWM"): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** This process's peak RSS in MB: VmHWM, or getrusage's figure where there is no /proc. */
export function peakRssMb(): number {
  const peak = procStatusMb("self", "VmHWM");
  return Math.round(Number.isNaN(peak) ? process.resourceUsage().maxRSS / 1024 : peak);
}

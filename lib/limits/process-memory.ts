// Resident memory of a process, read from /proc (Linux). Cheap enough to poll every few tens of
// milliseconds: it is what the supervisors of untrusted parsing (lib/pdf/isolated-inspect.ts,
// worker/jobs/page-host.ts) watch, because it counts native allocations (pdf.js's decoded
// streams, canvas pixels, ONNX tensors) that a V8 heap limit never sees.

const MIB = 1024 * 1024;

/** Current resident set size in bytes, or null when the process is gone (or not Linux). */
export function residentBytes(pid: number): number | null {
  try {
    const status = process.getBuiltinModule("node:fs").readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export function mebibytes(bytes: number): number {
  return Math.round(bytes / MIB);
}

// Keeps asking one URL while a test does something hostile, and reports how the site answered:
// every status and the latency percentiles ("the site answering throughout").
export interface ProbeReport {
  count: number;
  statuses: Record<number, number>;
  failures: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Starts probing `url` every `intervalMs` (one request at a time); stop() ends it and reports. */
export function probeLatency(url: string, headers: Record<string, string>, intervalMs = 50): { stop(): Promise<ProbeReport> } {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      } catch {
        failures += 1;
      }
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        count: sorted.length,
        statuses,
        failures,
        p50Ms: Math.round(percentile(sorted, 50)),
        p99Ms: Math.round(percentile(sorted, 99)),
        maxMs: Math.round(sorted[sorted.length - 1] ?? 0),
      };
    },
  };
}

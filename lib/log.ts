// Structured logs: one JSON object a line on stdout (pino), so a log collector can index them.
// Every line of a job carries its `jobId` (jobLogger); the worker adds its `workerId`. LOG_LEVEL
// picks the threshold.
import pino, { type Logger } from "pino";
import { getEnv } from "./env";

let root: Logger | null = null;

/** The process's logger; `service` names the process (web, worker, start). */
export function getLogger(service?: string): Logger {
  root ??= pino({
    level: getEnv().LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Errors as {type, message, stack} under "err", as log collectors expect.
    serializers: { err: pino.stdSerializers.err },
  });
  return service ? root.child({ service }) : root;
}

/** A logger whose every line names the job. */
export function jobLogger(parent: Logger, jobId: string): Logger {
  return parent.child({ jobId });
}

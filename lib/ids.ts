import { randomBytes } from "node:crypto";

/** Job ids carry 128 random bits: unguessable, since an anonymous job is reachable by id alone. */
export function newJobId(): string {
  return `job_${randomBytes(16).toString("base64url")}`;
}

export function isJobId(value: string): boolean {
  return /^job_[A-Za-z0-9_-]{22}$/.test(value);
}

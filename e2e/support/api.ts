// Small HTTP helpers for the API tests: real requests to the running web process.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Stack } from "./stack";

export const USER_AGENT = "pdftables-tests/1";
const root = path.resolve(import.meta.dirname, "..", "..");

export interface Upload {
  bytes: Uint8Array;
  name?: string;
  type?: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
}

export async function submit(stack: Stack, upload: Upload): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(upload.fields ?? {})) form.append(key, value);
  form.append("file", new Blob([new Uint8Array(upload.bytes)], { type: upload.type ?? "application/pdf" }), upload.name ?? "document.pdf");
  const response = await fetch(`${stack.baseUrl}/v1/parse`, {
    method: "POST",
    body: form,
    headers: { "user-agent": USER_AGENT, ...upload.headers },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

export async function getJob(stack: Stack, id: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.baseUrl}/v1/parse/${id}`, { headers: { "user-agent": USER_AGENT, ...headers } });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

export async function deleteJob(stack: Stack, id: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.baseUrl}/v1/parse/${id}`, { method: "DELETE", headers: { "user-agent": USER_AGENT, ...headers } });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** Polls until the job leaves "queued" (or the timeout passes) and returns the last answer. */
export async function waitForJob(stack: Stack, id: string, headers: Record<string, string> = {}, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await getJob(stack, id, headers);
    if (answer.status !== 200 || answer.body.status !== "queued" || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Runs the real admin command against the stack's database; returns its output. */
export async function admin(stack: Stack, args: string[]): Promise<string> {
  return await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: stack.databaseUrl, DATA_DIR: stack.dataDir },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(output))));
  });
}

/** Creates an account with an API key through the admin command, credits `usd` (default 100)
 * the same way, and returns the plaintext key. */
export async function createKey(stack: Stack, email: string, usd = 100): Promise<string> {
  const output = await admin(stack, ["create-key", "--email", email]);
  const match = /(pk_live_[A-Za-z0-9_-]+)/.exec(output);
  if (!match) throw new Error(`no key in admin output: ${output}`);
  if (usd > 0) await admin(stack, ["credit", "--email", email, "--usd", String(usd)]);
  return match[1]!;
}

/** Peak resident memory of a process so far, in bytes (Linux VmHWM). */
export function peakRss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

/** A signed-in browser session for `email` (creating the account if needed), as next-auth's
 * database adapter stores one after a magic link is used. Returns the Cookie header value. */
export async function signIn(stack: Stack, email: string): Promise<string> {
  const token = `test-session-${randomBytes(16).toString("hex")}`;
  const [user] = await stack.query<{ id: string }>(
    `INSERT INTO "User" (id, email, "emailVerified") VALUES ($1, $2, now())
     ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id`,
    [`user_${randomBytes(8).toString("hex")}`, email],
  );
  await stack.query(`INSERT INTO "Session" (id, "sessionToken", "userId", expires) VALUES ($1, $2, $3, now() + interval '1 day')`, [
    `session_${randomBytes(8).toString("hex")}`,
    token,
    user!.id,
  ]);
  return `next-auth.session-token=${token}`;
}

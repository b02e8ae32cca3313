// next-auth v4 options: the Prisma adapter with database sessions (a session is a row, so signing
// out or deleting it ends it at once), an e-mail magic link, and GitHub when it is configured.
// Signing in creates the account. Built lazily: the build imports this module with
// no database.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PrismaAdapter } from "@next-auth/prisma-adapter";
import type { NextAuthOptions } from "next-auth";
import EmailProvider from "next-auth/providers/email";
import GithubProvider from "next-auth/providers/github";
import { createTransport } from "nodemailer";
import { getDb } from "../db";
import { getEnv } from "../env";

/** How long a session lasts without use, and a sign-in link stays valid. */
const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const LINK_MAX_AGE_SECONDS = 24 * 60 * 60;

let cachedSecret: string | null = null;

/** NEXTAUTH_SECRET, or one generated once into DATA_DIR so every process of an install (and every
 * restart) signs with the same secret; like lib/auth/key-secret.ts. */
export function getAuthSecret(): string {
  if (cachedSecret) return cachedSecret;
  const env = getEnv();
  if (env.NEXTAUTH_SECRET) return (cachedSecret = env.NEXTAUTH_SECRET);
  const file = path.join(env.dataDir, "nextauth-secret");
  try {
    cachedSecret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(env.dataDir, { recursive: true });
    const generated = randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, generated, { mode: 0o600, flag: "wx" });
      cachedSecret = generated;
    } catch {
      cachedSecret = fs.readFileSync(file, "utf8").trim(); // another process won the race
    }
  }
  return cachedSecret;
}

/** The site's public origin, e.g. "https://tables.example.com". */
export function siteUrl(): string {
  const env = getEnv();
  return (env.NEXTAUTH_URL ?? env.AUTH_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}

export function isGithubEnabled(): boolean {
  const env = getEnv();
  return Boolean(env.GITHUB_ID && env.GITHUB_SECRET);
}

export function isSmtpConfigured(): boolean {
  return Boolean(getEnv().SMTP_URL);
}

let cachedOptions: NextAuthOptions | null = null;

export function getAuthOptions(): NextAuthOptions {
  if (cachedOptions) return cachedOptions;
  const env = getEnv();
  // next-auth v4 has no option for the site address: it reads process.env.NEXTAUTH_URL itself
  // (utils/detect-origin.js). We hand it the validated value; without it, links would name
  // http://localhost:3000 whatever the port.
  process.env.NEXTAUTH_URL = siteUrl();
  const providers: NextAuthOptions["providers"] = [
    EmailProvider({
      from: env.EMAIL_FROM,
      maxAge: LINK_MAX_AGE_SECONDS,
      async sendVerificationRequest({ identifier, url }) {
        // The limits per recipient and per client (lib/auth/sign-in-limit.ts) are counted before
        // next-auth runs (app/api/auth/[...nextauth]/route.ts), where the client's address is known.
        if (!env.SMTP_URL) {
          // A self-hosted install works without a mail server: the operator reads the link here.
          console.log(`[auth] sign-in link for ${identifier}: ${url}`);
          return;
        }
        const host = new URL(url).host;
        await createTransport(env.SMTP_URL).sendMail({
          to: identifier,
          from: env.EMAIL_FROM,
          subject: `Sign in to ${host}`,
          text: `Sign in to ${host}:\n${url}\n\nThe link works once, for 24 hours. If you did not ask for it, ignore this mail.\n`,
        });
      },
    }),
  ];
  if (env.GITHUB_ID && env.GITHUB_SECRET) {
    providers.push(GithubProvider({ clientId: env.GITHUB_ID, clientSecret: env.GITHUB_SECRET }));
  }
  cachedOptions = {
    adapter: PrismaAdapter(getDb()),
    secret: getAuthSecret(),
    session: { strategy: "database", maxAge: SESSION_MAX_AGE_SECONDS },
    providers,
    pages: { signIn: "/sign-in", verifyRequest: "/verify-request", error: "/sign-in" },
  };
  return cachedOptions;
}

// `npm run admin -- <command>`: account administration until the account pages exist.
//   create-key --email EMAIL [--name NAME]   create the account if needed; print a new key once
//   credit --email EMAIL --usd N [--reference REF]   add N US dollars to the balance
//   revoke-key --prefix PREFIX             revoke a key (401 from the next request on)
// Works against DATABASE_URL, or the embedded database of a running `npm start`.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { issueKey } from "../lib/auth/api-keys";
import { creditAccount } from "../lib/billing/credit-account";
import { microsToUsd, usdToMicros } from "../lib/billing/money";
import { getDb } from "../lib/db";
import { resolveDatabaseUrl } from "../lib/db/database-url";

const USAGE = `usage:
  npm run admin -- create-key --email EMAIL [--name NAME]
  npm run admin -- credit --email EMAIL --usd N [--reference REF]
  npm run admin -- revoke-key --prefix pk_live_xxxxxx`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      usd: { type: "string" },
      reference: { type: "string" },
      prefix: { type: "string" },
    },
  });
  const url = resolveDatabaseUrl();
  if (!url) fail("no database: start the service (npm start) first, or set DATABASE_URL");
  const db = getDb();

  if (command === "revoke-key") {
    if (!values.prefix) fail(USAGE);
    const { count } = await db.apiKey.updateMany({ where: { prefix: values.prefix, revokedAt: null }, data: { revokedAt: new Date() } });
    console.log(count ? `revoked ${count} key${count === 1 ? "" : "s"}` : "no live key has that prefix");
    await db.$disconnect();
    return;
  }
  const email = values.email?.trim().toLowerCase();
  if (!command || !email) fail(USAGE);

  if (command === "create-key") {
    const user = await db.user.upsert({ where: { email }, create: { email }, update: {} });
    const key = await issueKey(user.id, values.name ?? "admin");
    console.log(`account ${email}`);
    console.log(`API key (shown once; only its digest is stored): ${key.plaintext}`);
  } else if (command === "credit") {
    const usd = Number(values.usd);
    if (!values.usd || !Number.isFinite(usd) || usd <= 0) fail("--usd must be a positive amount");
    const user = await db.user.findUnique({ where: { email } });
    if (!user) fail(`no account for ${email}; create one with create-key`);
    const reference = values.reference ?? randomBytes(8).toString("hex");
    const credited = await creditAccount(user.id, usdToMicros(usd), "admin_credit", `admin:${reference}`, "credited by an administrator");
    const balance = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).balanceMicros;
    console.log(credited ? `credited ${usd} USD` : `reference ${reference} was already credited; nothing changed`);
    console.log(`balance: ${microsToUsd(balance).toFixed(2)} USD`);
  } else {
    fail(USAGE);
  }
  await db.$disconnect();
}

main().catch((error) => fail(`admin: ${(error as Error).message}`));

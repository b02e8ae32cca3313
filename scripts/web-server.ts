// The web process: Next.js behind a thin Node front server. The front server owns what must be
// decided before the app sees a request: the bot rules of SPEC.md §7 (refused with an HTML page,
// not an API error), the missing User-Agent rule, and the client address, taken from the socket
// (a client-sent header of the same name is overwritten, so nobody can pick their own address).
// Uploads stream straight through: no middleware, which would buffer request bodies.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { CLIENT_ADDRESS_HEADER } from "../lib/auth/resolve-caller";
import { botUserAgents, getEnv } from "../lib/env";
import { warmInspectors } from "../lib/pdf/isolated-inspect";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const BOT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Request refused</title></head>
<body><h1>Request refused</h1><p>Requests from this client are refused by our bot rules. Send a descriptive User-Agent header.</p></body></html>`;

/** "::ffff:10.0.0.1" (an IPv4 client on a dual-stack socket) is 10.0.0.1. */
function normalizeAddress(address: string): string {
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}

/** The client's address: the socket's, unless the socket is a trusted proxy, in which case the
 * right-most X-Forwarded-For entry that is not itself a trusted proxy (entries further left
 * were written by the client and prove nothing). */
export function clientAddress(request: http.IncomingMessage, trusted: Set<string>): string {
  const socket = normalizeAddress(request.socket.remoteAddress ?? "unknown");
  if (!trusted.has(socket)) return socket;
  const header = request.headers["x-forwarded-for"];
  const hops = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((hop) => normalizeAddress(hop.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted.has(hops[i]!)) return hops[i]!;
  return socket;
}

/** Uploads of 600 MB over slow links take a while; Node's 5-minute default would cut them. */
const REQUEST_TIMEOUT_MS = 60 * 60 * 1000;

async function main(): Promise<void> {
  const env = getEnv();
  const rules = botUserAgents();
  const trustedProxies = new Set(env.TRUSTED_PROXIES.split(",").map((entry) => normalizeAddress(entry.trim())).filter(Boolean));
  const app = next({ dev: false, dir: projectRoot, hostname: "0.0.0.0", port: env.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();
  // Uploaded PDFs are opened in child processes (issue 14); start them now, not on the first upload.
  warmInspectors();

  const server = http.createServer((request, response) => {
    request.headers[CLIENT_ADDRESS_HEADER] = clientAddress(request, trustedProxies);
    const userAgent = request.headers["user-agent"];
    const isApi = (request.url ?? "").startsWith("/v1/");
    if (userAgent && rules.some((rule) => userAgent.toLowerCase().includes(rule))) {
      response.writeHead(403, { "content-type": "text/html; charset=utf-8", connection: "close" });
      response.end(BOT_PAGE);
      request.resume();
      return;
    }
    if (!userAgent && isApi) {
      response.writeHead(400, { "content-type": "application/json", connection: "close" });
      response.end(JSON.stringify({ detail: "send a User-Agent header that names your client" }));
      request.resume();
      return;
    }
    handle(request, response).catch((error: unknown) => {
      console.error("request failed:", error);
      if (!response.headersSent) {
        response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify({ detail: "internal error; please try again later" }));
      }
    });
  });
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.listen(env.PORT, () => console.log(`[web] listening on http://localhost:${env.PORT}`));

  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

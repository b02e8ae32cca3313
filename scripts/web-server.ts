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

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const BOT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Request refused</title></head>
<body><h1>Request refused</h1><p>Requests from this client are refused by our bot rules. Send a descriptive User-Agent header.</p></body></html>`;

/** Uploads of 600 MB over slow links take a while; Node's 5-minute default would cut them. */
const REQUEST_TIMEOUT_MS = 60 * 60 * 1000;

async function main(): Promise<void> {
  const env = getEnv();
  const rules = botUserAgents();
  const app = next({ dev: false, dir: projectRoot, hostname: "0.0.0.0", port: env.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();

  const server = http.createServer((request, response) => {
    request.headers[CLIENT_ADDRESS_HEADER] = request.socket.remoteAddress ?? "unknown";
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

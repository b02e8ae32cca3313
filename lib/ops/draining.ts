// Set when the web process got SIGTERM (scripts/web-server.ts): /readyz then answers 503 so a
// load balancer stops sending new requests while open ones finish.
const holder = globalThis as typeof globalThis & { __pdftablesDraining?: boolean };

export function startDraining(): void {
  holder.__pdftablesDraining = true;
}

export function isDraining(): boolean {
  return holder.__pdftablesDraining === true;
}

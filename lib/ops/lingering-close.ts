// Closing a connection whose client is still sending (an upload refused before its body was read)
// must not lose the answer. Node's HTTP server ends such a socket with destroySoon(): FIN, then
// close(). Bytes the client sent that the server never read are still in the kernel's receive
// buffer at close(), so the kernel answers with a reset instead of a clean close, and a reset
// makes the client's kernel throw away whatever it had received and not yet handed over, our
// 400 among it. The client sees "connection reset" and no answer.
//
// The cure is the one web servers call a lingering close: send the answer, half-close (FIN), then
// keep reading and discarding what still arrives for a short while, until the client closes its
// side (it has read the answer) or the time is up. Only then is the socket destroyed.
import type { Socket } from "node:net";

export type LingerOptions = {
  /** The longest the socket is kept open after the answer, reading and discarding. */
  maxMs: number;
  /** The most bytes discarded while lingering; past it the client is not listening. */
  maxBytes: number;
};

/** Two seconds is ample for a client on a loopback or LAN link to read a short answer and stop
 * writing; 16 MB is what a fast client can have in flight meanwhile. A client that keeps sending
 * past either is cut as before. */
export const DEFAULT_LINGER: LingerOptions = { maxMs: 2000, maxBytes: 16 * 1024 * 1024 };

const lingering = new WeakSet<Socket>();

/** Makes the next destroySoon() of this socket a lingering close. Idempotent per socket. */
export function lingerOnClose(socket: Socket, options: LingerOptions = DEFAULT_LINGER): void {
  if (lingering.has(socket)) return;
  lingering.add(socket);
  socket.destroySoon = function lingeringDestroySoon(this: Socket) {
    if (this.destroyed) return;
    let discarded = 0;
    const timer = setTimeout(() => this.destroy(), options.maxMs);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
    // The client closing its side means it has everything we sent: close ours at once.
    this.once("end", () => this.destroy());
    this.on("data", (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > options.maxBytes) this.destroy();
    });
    this.end();
    this.resume();
  };
}

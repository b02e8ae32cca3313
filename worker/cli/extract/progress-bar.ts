// A one-line progress bar redrawn in place on a terminal. Only made when the output is a terminal:
// piped into a file or another program, a bar's carriage returns would be noise.
export class ProgressBar {
  private lastDrawn = 0;
  private readonly started = performance.now();

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly width = 30,
  ) {}

  /** A bar when stdout and the stream it draws on are both terminals, else null. */
  static forTerminal(stream: NodeJS.WriteStream = process.stderr): ProgressBar | null {
    return process.stdout.isTTY && stream.isTTY ? new ProgressBar(stream) : null;
  }

  update(done: number, total: number, note: string): void {
    const now = performance.now();
    // At most ~10 redraws a second, except the last.
    if (done < total && now - this.lastDrawn < 100) return;
    this.lastDrawn = now;
    const filled = total > 0 ? Math.round((done / total) * this.width) : this.width;
    const seconds = ((now - this.started) / 1000).toFixed(1);
    this.stream.write(`\r[${"#".repeat(filled)}${".".repeat(this.width - filled)}] ${done}/${total} files, ${note}, ${seconds} s\x1b[K`);
  }

  finish(): void {
    this.stream.write("\r\x1b[K");
  }
}

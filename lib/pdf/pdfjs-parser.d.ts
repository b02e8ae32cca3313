// pdf.js ships no types for its parser module (the "worker" bundle); open-pdf.ts uses one static
// method of it, to start the parser on a port of our own (in-process-port.ts).
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: {
    /** Starts a parser that answers the document API on `port` ("worker" to its "main"). */
    initializeFromPort(port: unknown): void;
  };
}

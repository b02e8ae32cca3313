// A local stand-in for an OpenAI-compatible chat-completions server, for the vision readers'
// tests (like the Stripe stand-in in e2e/api/stripe.test.ts). It speaks the real protocol
// (POST /v1/chat/completions, `image_url` content parts, `response_format: json_schema`,
// `usage` in the answer) and answers from the ground truth of the generated PDF it is told about
// (what the page image shows), with the mistakes each model is scripted to make: a misread digit,
// a merged column, a missing row, an answer that is not JSON, no answer at all (a timeout), a 429.
// Every request is checked: a page image (a PNG sharp can read) and the task's JSON schema must
// be there, or the request is answered 400 and recorded in `violations`.
import http from "node:http";
import sharp from "sharp";
import { findFreePort } from "../../lib/db/embedded-postgres";
import type { TableSpec } from "../pdf/make-pdf";

type Box = [number, number, number, number];

export interface TruthCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
  /** The cell's frame in PDF points (top-left origin). */
  box: Box;
}
export interface TruthTable {
  box: Box;
  headerRows: number;
  cells: TruthCell[];
}
export interface TruthPage {
  widthPt: number;
  tables: TruthTable[];
}

/** What a table drawn by TestPdf.table shows, cell by cell (its frames from the spec's geometry);
 * `printed` overrides what the image shows where it differs from the text layer (a forged layer). */
export function tableTruth(spec: TableSpec, headerRows = 1, printed: Record<string, string> = {}): TruthTable {
  const xs = [spec.x];
  for (const w of spec.colWidths) xs.push(xs[xs.length - 1]! + w);
  const ys = [spec.y];
  spec.rows.forEach((_, r) => ys.push(ys[ys.length - 1]! + spec.rowHeight * (spec.rowLines?.[r] ?? 1)));
  const cells: TruthCell[] = [];
  const merges = spec.merges ?? [];
  spec.rows.forEach((row, r) =>
    row.forEach((text, c) => {
      if (text === "") return;
      const merge = merges.find((m) => m.row === r && m.col === c);
      const rowSpan = merge?.rowSpan ?? 1;
      const colSpan = merge?.colSpan ?? 1;
      cells.push({
        row: r,
        col: c,
        rowSpan,
        colSpan,
        text: printed[`${r},${c}`] ?? text.replace(/\n/g, " "),
        box: [xs[c]!, ys[r]!, xs[c + colSpan]!, ys[r + rowSpan]!],
      });
    }),
  );
  return { box: [xs[0]!, ys[0]!, xs[xs.length - 1]!, ys[ys.length - 1]!], headerRows, cells };
}

/** The mistakes one model makes. A cell or row key ("table,row,col" or "table,row", rows as the
 * spec draws them, the header line 0) holds on every page, or on one page when prefixed "pN:". */
export interface ModelScript {
  /** Cells read wrong: "table,row,col" -> the text read. */
  misread?: Record<string, string>;
  /** Cells "table,row,col" read together with the cell right of them as one cell. */
  mergeRight?: string[];
  /** Rows "table,row" left out of the grid. */
  dropRows?: string[];
  /** Answer with content that is not JSON, for the first n requests (Infinity: always). */
  malformed?: number;
  /** Never answer (the client's timeout ends it), for the first n requests. */
  hang?: number;
  /** Answer 429 with Retry-After: 0 for the first n requests. */
  tooMany?: number;
  /** Grid: give every box as [0, 0, 0, 0] (a model that cannot localise text). */
  noBoxes?: boolean;
  /** Grid: see no table at all on these pages (every page when empty). */
  blindOn?: number[];
  /** Audit: also object to these cell ids. */
  objectTo?: string[];
}

export interface StandInRequest {
  model: string;
  task: string;
  page: number;
  imageWidth: number;
  imageHeight: number;
  schemaName: string;
  authorization: string | undefined;
}

export interface StandIn {
  url: string;
  requests: StandInRequest[];
  violations: string[];
  /** Tokens the stand-in billed (prompt, completion), summed. */
  tokens: { prompt: number; completion: number };
  close(): Promise<void>;
}

const REQUIRED_KEY: Record<string, string> = { grid: "tables", arbiter: "cells", audit: "objections", review: "cells" };

/** Image tokens as OpenAI counts them for a high-detail image: 85 plus 170 per 512-px tile of
 * the image scaled to fit 2048 px and then 768 px on its short side. */
export function imageTokens(width: number, height: number): number {
  let w = width;
  let h = height;
  const fit = Math.min(1, 2048 / Math.max(w, h));
  w *= fit;
  h *= fit;
  const short = Math.min(1, 768 / Math.min(w, h));
  w *= short;
  h *= short;
  return 85 + 170 * Math.ceil(w / 512) * Math.ceil(h / 512);
}
const textTokens = (text: string) => Math.ceil(text.length / 4);

export async function startVisionStandIn(
  truth: Map<number, TruthPage>,
  scripts: Record<string, ModelScript>,
  apiKey?: string,
): Promise<StandIn> {
  const port = await findFreePort();
  const requests: StandInRequest[] = [];
  const violations: string[] = [];
  const tokens = { prompt: 0, completion: 0 };
  const counts = new Map<string, number>();
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void handle(Buffer.concat(chunks).toString("utf8"), request, response).catch((error) => {
        violations.push(`stand-in error: ${(error as Error).message}`);
        response.writeHead(500).end();
      });
    });
  });

  const refuse = (response: http.ServerResponse, why: string) => {
    violations.push(why);
    response.writeHead(400, { "content-type": "application/json" });
    response.end(JSON.stringify({ error: { message: why, type: "invalid_request_error" } }));
  };

  async function handle(raw: string, request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    if (request.method !== "POST" || request.url !== "/v1/chat/completions")
      return refuse(response, `unexpected ${request.method} ${request.url}`);
    if (apiKey && request.headers.authorization !== `Bearer ${apiKey}`) {
      response.writeHead(401, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: "bad key" } }));
      return;
    }
    const body = JSON.parse(raw) as {
      model?: string;
      messages?: Array<{ role: string; content: unknown }>;
      response_format?: {
        type?: string;
        json_schema?: { name?: string; schema?: { required?: string[]; properties?: Record<string, unknown> } };
      };
    };
    const model = body.model ?? "";
    const user = body.messages?.find((m) => m.role === "user");
    const parts = Array.isArray(user?.content)
      ? (user.content as Array<{ type: string; text?: string; image_url?: { url?: string } }>)
      : [];
    const text = parts.find((p) => p.type === "text")?.text;
    const url = parts.find((p) => p.type === "image_url")?.image_url?.url ?? "";
    if (!body.messages?.some((m) => m.role === "system" && typeof m.content === "string" && m.content.length > 0))
      return refuse(response, "no system prompt");
    if (!text) return refuse(response, "no text part");
    if (!url.startsWith("data:image/png;base64,")) return refuse(response, "no page image as a PNG data: URL");
    const png = Buffer.from(url.slice("data:image/png;base64,".length), "base64");
    const meta = await sharp(png)
      .metadata()
      .catch(() => null);
    if (!meta || meta.format !== "png" || !meta.width || !meta.height) return refuse(response, "the image is not a readable PNG");
    const task = JSON.parse(text) as {
      task: string;
      page: number;
      image: { width: number; height: number; dpi: number };
      crop_of_page_at?: { x: number; y: number };
      cells?: Array<{ id: string; bbox: number[]; value?: string }>;
    };
    if (task.image.width !== meta.width || task.image.height !== meta.height)
      return refuse(response, "the task's image size is not the image's");
    const format = body.response_format;
    const required = REQUIRED_KEY[task.task];
    if (
      format?.type !== "json_schema" ||
      !format.json_schema?.schema ||
      !required ||
      !format.json_schema.schema.required?.includes(required)
    )
      return refuse(response, `no json_schema response_format for task ${task.task}`);
    requests.push({
      model,
      task: task.task,
      page: task.page,
      imageWidth: meta.width,
      imageHeight: meta.height,
      schemaName: format.json_schema.name ?? "",
      authorization: request.headers.authorization,
    });

    const script = scripts[model] ?? {};
    const n = (counts.get(model) ?? 0) + 1;
    counts.set(model, n);
    if (n <= (script.tooMany ?? 0)) {
      response.writeHead(429, { "content-type": "application/json", "retry-after": "0" });
      response.end(JSON.stringify({ error: { message: "rate limited", type: "rate_limit_exceeded" } }));
      return;
    }
    if (n <= (script.hang ?? 0)) {
      hanging.add(response);
      return;
    }
    const page = truth.get(task.page);
    if (!page) return refuse(response, `no ground truth for page ${task.page}`);
    // Pixels per point of the page image (a crop keeps the page image's scale).
    const scale = task.image.dpi / 72;
    const origin = task.crop_of_page_at ?? { x: 0, y: 0 };
    const px = (box: Box) =>
      script.noBoxes && task.task === "grid"
        ? [0, 0, 0, 0]
        : [box[0] * scale - origin.x, box[1] * scale - origin.y, box[2] * scale - origin.x, box[3] * scale - origin.y].map((v) =>
            Math.round(v),
          );
    const at = (bbox: number[]): TruthCell | undefined => {
      const cx = (bbox[0]! + bbox[2]!) / 2 / scale;
      const cy = (bbox[1]! + bbox[3]!) / 2 / scale;
      return page.tables.flatMap((t) => t.cells).find((c) => cx >= c.box[0] && cx <= c.box[2] && cy >= c.box[1] && cy <= c.box[3]);
    };
    let answer: unknown;
    if (task.task === "grid") {
      // A crop shows the tables it overlaps, and of them the cells whose centre it holds.
      const right = origin.x + meta.width;
      const bottom = origin.y + meta.height;
      const overlaps = (box: Box) =>
        box[0] * scale < right && box[2] * scale > origin.x && box[1] * scale < bottom && box[3] * scale > origin.y;
      const centreIn = (box: Box) => {
        const cx = ((box[0] + box[2]) / 2) * scale;
        const cy = ((box[1] + box[3]) / 2) * scale;
        return cx >= origin.x && cx <= right && cy >= origin.y && cy <= bottom;
      };
      answer = {
        tables: page.tables
          .map((table, t) => ({ table, t }))
          .filter(() => !(script.blindOn && (script.blindOn.length === 0 || script.blindOn.includes(task.page))))
          .filter(({ table }) => overlaps(table.box))
          .map(({ table, t }) => {
            // A key as the script may give it: on every page, or on this one.
            const keyed = (list: readonly string[] | undefined, key: string) =>
              list?.includes(key) || list?.includes(`p${task.page}:${key}`);
            const misread = (key: string) => script.misread?.[`p${task.page}:${key}`] ?? script.misread?.[key];
            const cells = table.cells
              .filter((c) => centreIn(c.box))
              .filter((c) => !keyed(script.dropRows, `${t},${c.row}`))
              .filter((c) => !keyed(script.mergeRight, `${t},${c.row},${c.col - 1}`))
              .map((c) => {
                const key = `${t},${c.row},${c.col}`;
                const right = table.cells.find((o) => o.row === c.row && o.col === c.col + c.colSpan);
                if (keyed(script.mergeRight, key) && right)
                  return {
                    row: c.row,
                    col: c.col,
                    row_span: c.rowSpan,
                    col_span: c.colSpan + right.colSpan,
                    text: `${c.text} ${right.text}`,
                    bbox: px([c.box[0], c.box[1], right.box[2], right.box[3]]),
                  };
                return { row: c.row, col: c.col, row_span: c.rowSpan, col_span: c.colSpan, text: misread(key) ?? c.text, bbox: px(c.box) };
              });
            return { bbox: px(table.box), header_rows: table.headerRows, cells };
          }),
      };
    } else if (task.task === "arbiter") {
      answer = { cells: (task.cells ?? []).map((c) => ({ id: c.id, text: at(c.bbox)?.text ?? "" })) };
    } else if (task.task === "audit") {
      const wrong = (task.cells ?? []).filter(
        (c) => norm(at(c.bbox)?.text ?? "") !== norm(c.value ?? "") || script.objectTo?.includes(c.id),
      );
      answer = { objections: wrong.map((c) => ({ id: c.id, reason: `the image shows "${at(c.bbox)?.text ?? ""}"` })) };
    } else {
      answer = { cells: (task.cells ?? []).map((c) => ({ id: c.id, value: at(c.bbox)?.text ?? "" })) };
    }
    const content = n <= (script.malformed ?? 0) ? `{"tables": [ {"bbox": [1, 2` : JSON.stringify(answer);
    const usage = {
      prompt_tokens:
        imageTokens(meta.width, meta.height) + textTokens(text) + textTokens(JSON.stringify(body.messages?.[0]?.content ?? "")),
      completion_tokens: textTokens(content),
    };
    tokens.prompt += usage.prompt_tokens;
    tokens.completion += usage.completion_tokens;
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      }),
    );
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    violations,
    tokens,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const norm = (text: string) => text.normalize("NFKC").replace(/\s+/g, " ").trim();

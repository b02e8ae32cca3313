// Generated image and spreadsheet uploads with known contents, for the input layer's tests
// (worker/pipeline/inputs) and the API's (e2e/api/input-formats.test.ts).
import { createCanvas } from "@napi-rs/canvas";
import ExcelJS from "exceljs";
import sharp from "sharp";
import zlib from "node:zlib";

/** The table the photo-like PNG shows: a header row and body rows, every cell a distinct word or
 * number OCR can be judged on. */
export const PHOTO_TABLE = {
  header: ["Region", "Units", "Revenue"],
  rows: [
    ["North", "1250", "48.30"],
    ["South", "980", "37.15"],
    ["East", "2105", "81.90"],
    ["West", "764", "29.45"],
  ],
};

/** A table drawn at `dpi` as a phone photo of a printed page looks: paper that is not white and
 * darkens to one side, ruled lines, a slight blur and sensor noise. `cells` gives its text (header
 * first). The PNG states its resolution unless `dpi` is null (then 72 dpi is assumed). */
export async function tablePhotoPng({
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- widens the default so a caller may pass null
  dpi = 200 as number | null,
  cells = [PHOTO_TABLE.header, ...PHOTO_TABLE.rows],
  seed = 1,
} = {}): Promise<Uint8Array> {
  const scale = (dpi ?? 200) / 72;
  const colWidth = 110 * scale;
  const rowHeight = 26 * scale;
  const margin = 60 * scale;
  const width = Math.round(margin * 2 + colWidth * cells[0]!.length);
  const height = Math.round(margin * 2 + rowHeight * cells.length + 40 * scale);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  const paper = ctx.createLinearGradient(0, 0, width, height);
  paper.addColorStop(0, "#f4f1ea");
  paper.addColorStop(1, "#d9d5cc");
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = "#222";
  ctx.lineWidth = Math.max(1, 0.8 * scale);
  ctx.fillStyle = "#141414";
  ctx.font = `${Math.round(12 * scale)}px sans-serif`;
  ctx.textBaseline = "middle";
  for (let r = 0; r <= cells.length; r++) {
    ctx.beginPath();
    ctx.moveTo(margin, margin + r * rowHeight);
    ctx.lineTo(margin + colWidth * cells[0]!.length, margin + r * rowHeight);
    ctx.stroke();
  }
  for (let c = 0; c <= cells[0]!.length; c++) {
    ctx.beginPath();
    ctx.moveTo(margin + c * colWidth, margin);
    ctx.lineTo(margin + c * colWidth, margin + cells.length * rowHeight);
    ctx.stroke();
  }
  cells.forEach((row, r) =>
    row.forEach((text, c) => ctx.fillText(text, margin + c * colWidth + 8 * scale, margin + (r + 0.5) * rowHeight)),
  );
  const drawn = canvas.toBuffer("image/png");
  // Sensor noise: a deterministic pattern of +-8 levels, then a slight blur (a phone's optics).
  const { data, info } = await sharp(drawn).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let state = seed;
  for (let i = 0; i < data.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    data[i] = Math.max(0, Math.min(255, data[i]! + ((state >> 16) % 17) - 8));
  }
  let image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).blur(0.6);
  if (dpi !== null) image = image.withMetadata({ density: dpi });
  return new Uint8Array(await image.png().toBuffer());
}

/** A TIFF with one frame per entry of `frames` (each `width` x `height`, one grey level), at `dpi`. */
export async function multiFrameTiff(frames: { width: number; height: number; grey: number }[], dpi = 300): Promise<Uint8Array> {
  const pages = await Promise.all(
    frames.map((f) =>
      sharp({ create: { width: f.width, height: f.height, channels: 3, background: { r: f.grey, g: f.grey, b: f.grey } } })
        .png()
        .toBuffer(),
    ),
  );
  return new Uint8Array(
    await sharp(pages, { join: { animated: true } })
      .withMetadata({ density: dpi })
      .tiff()
      .toBuffer(),
  );
}

/** A multi-page TIFF of `images` (PNGs of the same size), one frame each, at `dpi`. */
export async function tiffOfImages(images: Uint8Array[], dpi = 200): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp(
      images.map((image) => Buffer.from(image)),
      { join: { animated: true } },
    )
      .withMetadata({ density: dpi })
      .tiff({ compression: "lzw" })
      .toBuffer(),
  );
}

/** A PNG that declares `width` x `height` pixels (1-bit grey, all black): 400 M pixels compress
 * to ~50 kB, while decoding them as the pipeline would (8-bit RGB) takes 1.2 GB. Written by hand:
 * no encoder is asked to make (and hold) the pixels. */
export function bombPng(width = 20_000, height = 20_000): Uint8Array {
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, "ascii"), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([head, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter method, no interlace
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter byte 0, then zero bits
  const idat = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** What the generated workbook shows, for the assertions. */
export const WORKBOOK = {
  sheet: "Sales",
  header: ["Item", "Amount", "Date", "Share", "Total"],
  /** Body rows as shown: formats applied, the hidden row left out, the merge's value in its
   * top-left cell, a formula without a cached result empty. */
  rows: [
    ["Pens", "1,234.50", "2024-01-31", "12.5%", "2,469.00"],
    ["Paper", "(87.25)", "31/12/2023", "7%", ""],
    ["Both quarters", "", "Mar-24", "", "=B2+B4"],
  ],
  merge: { row: 2, col: 0, row_span: 1, col_span: 2 },
  secondSheet: "Notes",
  hiddenSheet: "Secret",
};

/** An XLSX with a frozen header row, number and date formats, a merged range, a hidden row, a
 * formula with its cached result and one without, a second visible sheet and a hidden one. */
export async function workbookXlsx(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(WORKBOOK.sheet, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.addRow(WORKBOOK.header);
  sheet.addRow(["Pens", 1234.5, new Date(Date.UTC(2024, 0, 31)), 0.125, { formula: "B2*2", result: 2469 }]);
  sheet.addRow(["Hidden row", 1, 1, 1, 1]).hidden = true;
  sheet.addRow(["Paper", -87.25, new Date(Date.UTC(2023, 11, 31)), 0.07]);
  sheet.addRow(["Both quarters", null, new Date(Date.UTC(2024, 2, 15)), null, { formula: "B2+B4" }]);
  sheet.getColumn(2).numFmt = "#,##0.00;(#,##0.00)";
  sheet.getCell("E2").numFmt = "#,##0.00";
  sheet.getCell("C2").numFmt = "yyyy-mm-dd";
  sheet.getCell("C4").numFmt = "dd/mm/yyyy";
  sheet.getCell("C5").numFmt = "mmm-yy";
  sheet.getCell("D2").numFmt = "0.0%";
  sheet.getCell("D4").numFmt = "0%";
  sheet.mergeCells("A5:B5");
  const notes = workbook.addWorksheet(WORKBOOK.secondSheet);
  notes.addRow(["Plain", "sheet"]);
  notes.addRow(["no", "header"]);
  const secret = workbook.addWorksheet(WORKBOOK.hiddenSheet);
  secret.state = "hidden";
  secret.addRow(["do not", "deliver"]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** The CSV the encoding tests read, with characters each encoding must carry. */
export const CSV_ROWS = [
  ["Stadt", "Einwohner", "Fläche km²"],
  ["München", "1512491", "310,7"],
  ["Köln", "1087863", "405,0"],
];

/** CSV_ROWS in `encoding` with `delimiter` (the German export convention: semicolons, decimal
 * commas). UTF-16 gets its byte-order mark, as Excel writes it. */
export function csvBytes(encoding: "utf-8" | "utf-16le" | "latin1", delimiter = ";"): Uint8Array {
  const text = CSV_ROWS.map((row) => row.join(delimiter)).join("\r\n") + "\r\n";
  if (encoding === "utf-16le") return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
  return Buffer.from(text, encoding === "latin1" ? "latin1" : "utf8");
}

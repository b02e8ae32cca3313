// What the uploader says about a chosen or dropped file before anything is sent: a file that is
// not a PDF is refused at once, in words a visitor understands (the server's refusal names
// formats "switched off", which means nothing to a person), and a drop of several files says
// which one is kept. The server decides the format from the bytes as well; this only spares the
// visitor a round trip and a message that arrives after pressing Extract.

/** PDF readers accept the header anywhere in the first 1024 bytes (as the server's sniffer). */
const PDF_HEADER_WINDOW = 1024;

const IMAGE = /\.(png|jpe?g|gif|tiff?|webp|bmp|heic)$/i;
const SPREADSHEET = /\.(csv|tsv|xlsx?|ods|numbers)$/i;

export function looksLikePdf(head: Uint8Array): boolean {
  return new TextDecoder("latin1").decode(head.subarray(0, PDF_HEADER_WINDOW)).includes("%PDF-");
}

/** The refusal for a file that is not a PDF, by what it looks like to the visitor (its name and
 * type): an image, a spreadsheet, or anything else. */
export function notPdfMessage(name: string, type: string): string {
  const quoted = `“${name}”`;
  const kind = kindByName(name, type);
  if (kind === "image") {
    return `${quoted} is an image. Only PDF files can be read for now: save or print it as a PDF, then drop that.`;
  }
  if (kind === "spreadsheet") {
    return `${quoted} is a spreadsheet, so its tables are already data: there is nothing to extract. Only PDF files can be read.`;
  }
  return `${quoted} is not a PDF. Only PDF files can be read.`;
}

/** What a file that is not a PDF looks like to the visitor, by its name and type: an image, a
 * spreadsheet, or neither. Where the service takes that kind (ACCEPT_FORMATS), the file is sent
 * and the server decides from its bytes. */
export function kindByName(name: string, type: string): "image" | "spreadsheet" | null {
  if (IMAGE.test(name) || type.startsWith("image/")) return "image";
  if (SPREADSHEET.test(name) || /csv|spreadsheet|excel/.test(type)) return "spreadsheet";
  return null;
}

/** Said when several files were dropped at once: one document per upload. */
export function severalFilesMessage(count: number, kept: string): string {
  return `${count} files were dropped; one document is read per upload, so only “${kept}” is kept. Drop the others one at a time.`;
}

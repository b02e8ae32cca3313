// Reads the ICDAR 2013 table-competition ground truth (the competition's -reg.xml and -str.xml files): structure
// files (-str.xml) as grids of cells per region, region files (-reg.xml) as page boxes.
import fs from "node:fs";
import { XMLParser } from "fast-xml-parser";

export interface GtCell {
  startRow: number;
  endRow: number;
  startCol: number;
  endCol: number;
  text: string;
  /** The cell's text box, x1 y1 x2 y2 in PDF points, origin bottom-left (as in the file). */
  box?: [number, number, number, number];
}

export interface GtRegion {
  page: number;
  cells: GtCell[];
}

export interface GtRegionBox {
  page: number;
  /** x1, y1, x2, y2 in PDF points, origin bottom-left. */
  box: [number, number, number, number];
}

// parseTagValue off: cell contents are text exactly as written. With fast-xml-parser's default
// they became numbers ("100.0" -> 100, "+3" -> 3, "007" -> 7), and every such cell scored as a
// mismatch against a correct extraction.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ["table", "region", "cell"].includes(name),
  textNodeName: "#text",
});

function asText(content: unknown): string {
  if (content === undefined || content === null) return "";
  if (typeof content === "object") return asText((content as Record<string, unknown>)["#text"]);
  if (typeof content === "string") return content;
  return typeof content === "number" || typeof content === "boolean" || typeof content === "bigint" ? String(content) : "";
}

export function readStructure(file: string): GtRegion[] {
  const doc = parser.parse(fs.readFileSync(file, "utf8")) as { document: { table?: Array<{ region?: Array<Record<string, unknown>> }> } };
  const regions: GtRegion[] = [];
  for (const table of doc.document.table ?? []) {
    for (const region of table.region ?? []) {
      const cells = ((region.cell as Array<Record<string, unknown>>) ?? []).map((c) => {
        const startRow = Number(c["start-row"]);
        const startCol = Number(c["start-col"]);
        const bb = c["bounding-box"] as Record<string, string> | undefined;
        const cell: GtCell = {
          startRow,
          startCol,
          endRow: c["end-row"] !== undefined ? Number(c["end-row"]) : startRow,
          endCol: c["end-col"] !== undefined ? Number(c["end-col"]) : startCol,
          text: asText(c.content),
        };
        if (bb) cell.box = [Number(bb.x1), Number(bb.y1), Number(bb.x2), Number(bb.y2)];
        return cell;
      });
      regions.push({ page: Number(region.page), cells });
    }
  }
  return regions;
}

export function readRegions(file: string): GtRegionBox[] {
  const doc = parser.parse(fs.readFileSync(file, "utf8")) as { document: { table?: Array<{ region?: Array<Record<string, unknown>> }> } };
  const out: GtRegionBox[] = [];
  for (const table of doc.document.table ?? []) {
    for (const region of table.region ?? []) {
      const bb = region["bounding-box"] as Record<string, string>;
      out.push({ page: Number(region.page), box: [Number(bb.x1), Number(bb.y1), Number(bb.x2), Number(bb.y2)] });
    }
  }
  return out;
}

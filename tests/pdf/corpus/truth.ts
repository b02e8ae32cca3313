// Ground truth of a generated document, known by construction, written in the ICDAR 2013
// table-competition format the eval reads (worker/cli/eval/ground-truth.ts): NAME-str.xml (cells per
// table region, 0-based rows and columns, end-* only when a cell spans) and NAME-reg.xml (region
// boxes). Boxes are PDF points with the origin at the bottom-left of the displayed page.
import fs from "node:fs";
import path from "node:path";
import type { Box } from "./canvas";

export interface TruthCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
  /** Displayed page, origin bottom-left. */
  box: Box;
}

export interface TruthTable {
  page: number;
  cells: TruthCell[];
  /** How many top rows are header lines (not written to the XML: the ICDAR format has no such
   * field; the golden tests compare headers and bands with it). */
  headerRows: number;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function boxXml(box: Box): string {
  return `<bounding-box x1="${box[0]}" y1="${box[1]}" x2="${box[2]}" y2="${box[3]}"/>`;
}

export function regionBox(table: TruthTable): Box {
  const boxes = table.cells.map((c) => c.box);
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

export function structureXml(name: string, tables: TruthTable[]): string {
  const lines = [`<?xml version="1.0" encoding="UTF-8"?>`, `<document filename="${escapeXml(name)}.pdf">`];
  tables.forEach((table, t) => {
    lines.push(`  <table id="${t + 1}">`, `    <region col-increment="0" id="1" page="${table.page}" row-increment="0">`);
    table.cells.forEach((cell, k) => {
      const ends = `${cell.colSpan > 1 ? ` end-col="${cell.col + cell.colSpan - 1}"` : ""}${cell.rowSpan > 1 ? ` end-row="${cell.row + cell.rowSpan - 1}"` : ""}`;
      lines.push(
        `      <cell id="${k + 1}" start-col="${cell.col}" start-row="${cell.row}"${ends}>`,
        `        ${boxXml(cell.box)}`,
        `        <content>${escapeXml(cell.text)}</content>`,
        `      </cell>`,
      );
    });
    lines.push(`    </region>`, `  </table>`);
  });
  lines.push(`</document>`, ``);
  return lines.join("\n");
}

export function regionsXml(name: string, tables: TruthTable[]): string {
  const lines = [`<?xml version="1.0" encoding="UTF-8"?>`, `<document filename="${escapeXml(name)}.pdf">`];
  tables.forEach((table, t) => {
    lines.push(
      `  <table id="${t + 1}">`,
      `    <region id="1" page="${table.page}">`,
      `      ${boxXml(regionBox(table))}`,
      `    </region>`,
      `  </table>`,
    );
  });
  lines.push(`</document>`, ``);
  return lines.join("\n");
}

export async function writeDocument(dir: string, name: string, pdf: Uint8Array, tables: TruthTable[]): Promise<void> {
  await fs.promises.writeFile(path.join(dir, `${name}.pdf`), pdf);
  await fs.promises.writeFile(path.join(dir, `${name}-str.xml`), structureXml(name, tables));
  await fs.promises.writeFile(path.join(dir, `${name}-reg.xml`), regionsXml(name, tables));
}

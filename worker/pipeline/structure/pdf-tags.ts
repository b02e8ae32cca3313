// Structure reader pdf-tags: the PDF's own tagged structure tree, where the producer wrote one
// (Tagged PDF, ISO 32000 §14.8: Table > TR > TH/TD, possibly inside THead/TBody/TFoot). pdf.js gives
// the tree (page.getStructTree) with marked-content ids at its leaves, and the text runs inside
// each marked-content section (getTextContent with includeMarkedContent), so each TH/TD becomes the
// box of the text drawn in its sections. An untagged page, or a tree without tables, has no
// opinion. The tree says nothing about spans (pdf.js does not expose ColSpan attributes), so a
// cell is placed at its position in its row; header rows are the leading rows made of TH only.
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import type { Box, ModelCell, TableModel } from "../types";
import { boxUnion } from "../geometry/box";
import { itemToWords } from "../readers/pdf-text";
import { takePageTextContent } from "../readers/page-text-content";
import type { StructureReader } from "./types";
import { isSegmentation } from "./is-segmentation";

interface TreeNode {
  role?: string;
  type?: string;
  id?: string;
  children?: TreeNode[];
}

export const pdfTagsReader: StructureReader = {
  name: "pdf-tags",
  inputs: ["tag-tree"],
  async read({ page }) {
    if (!page) return null;
    const tables = await readTaggedTables(page);
    return tables.length > 0 ? { source: "pdf-tags", kind: "tables", tables } : null;
  },
};

export async function readTaggedTables(page: PDFPageProxy): Promise<TableModel[]> {
  let tree: TreeNode | null;
  try {
    tree = await page.getStructTree();
  } catch {
    return []; // a broken tree is no opinion, never a failed page
  }
  if (!tree) return [];
  const tagged: TreeNode[] = [];
  collect(tree, (n) => n.role === "Table", tagged);
  if (tagged.length === 0) return [];
  const sections = await markedContentBoxes(page);
  const tables: TableModel[] = [];
  for (const table of tagged) {
    const rows: TreeNode[] = [];
    collect(table, (n) => n.role === "TR", rows);
    const cells: ModelCell[] = [];
    let headerRows = 0;
    let stillHeader = true;
    let nCols = 0;
    rows.forEach((row, r) => {
      const rowCells = (row.children ?? []).filter((c) => c.role === "TH" || c.role === "TD");
      if (stillHeader && rowCells.length > 0 && rowCells.every((c) => c.role === "TH")) headerRows = r + 1;
      else stillHeader = false;
      nCols = Math.max(nCols, rowCells.length);
      rowCells.forEach((cell, col) => {
        const ids: string[] = [];
        collectIds(cell, ids);
        const parts = ids.flatMap((id) => sections.get(id) ?? []);
        const box = boxUnion(parts.map((p) => p.box));
        cells.push({ row: r, col, rowSpan: 1, colSpan: 1, text: parts.map((p) => p.text).join(" "), box });
      });
    });
    const box = boxUnion(cells.map((c) => c.box).filter((b): b is Box => b !== null));
    if (!box || rows.length < 2 || nCols < 2) continue;
    const model: TableModel = { box, nRows: rows.length, nCols, cells, headerRows, rowGroups: [], source: "pdf-layout", disputed: false };
    if (isSegmentation(model)) tables.push(model);
  }
  return tables;
}

function collect(node: TreeNode, match: (n: TreeNode) => boolean, out: TreeNode[]): void {
  for (const child of node.children ?? []) {
    if (match(child)) out.push(child);
    else collect(child, match, out);
  }
}

function collectIds(node: TreeNode, out: string[]): void {
  for (const child of node.children ?? []) {
    if (child.type === "content" && child.id) out.push(child.id);
    else collectIds(child, out);
  }
}

/** Text drawn inside each marked-content section of the page, as word boxes in page space. */
async function markedContentBoxes(page: PDFPageProxy): Promise<Map<string, Array<{ box: Box; text: string }>>> {
  const viewport = page.getViewport({ scale: 1 });
  // The text reader's pass over the page, when it kept one (readers/page-text-content.ts).
  const content = await takePageTextContent(page);
  const out = new Map<string, Array<{ box: Box; text: string }>>();
  const stack: Array<string | null> = [];
  for (const raw of content.items) {
    if ("type" in raw) {
      if (raw.type === "beginMarkedContentProps") stack.push(raw.id ?? null);
      else if (raw.type === "beginMarkedContent") stack.push(null);
      else if (raw.type === "endMarkedContent") stack.pop();
      continue;
    }
    if (raw.str.trim() === "") continue;
    const id = [...stack].reverse().find((x): x is string => x !== null);
    if (!id) continue;
    const vertical = Boolean(content.styles[raw.fontName]?.vertical);
    const words = itemToWords(raw, viewport.transform, vertical, { name: raw.fontName, bold: false });
    const list = out.get(id) ?? [];
    for (const w of words) list.push({ box: w.box, text: w.text });
    out.set(id, list);
  }
  return out;
}

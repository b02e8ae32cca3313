// First prose reading: text-layer lines grouped into paragraphs by vertical gaps, headings by
// font size. (Replaced by the full pdf-text + layout readers of issue 3.)
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import type { Prose } from "../../../lib/result/schema";
import type { Settings } from "../settings";

interface Line {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  size: number;
}

export async function readPageProse(page: PDFPageProxy, pageNumber: number, settings: Settings): Promise<Prose[]> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const lines: Line[] = [];
  for (const item of content.items) {
    if (!("str" in item) || item.str.trim() === "") continue;
    const [a, b, , , e, f] = item.transform as number[];
    const size = Math.hypot(a ?? 0, b ?? 0) || item.height || 10;
    // pdf.js gives the baseline in PDF space (origin bottom-left); flip to top-left.
    const [x, yTop] = viewport.convertToViewportPoint(e ?? 0, (f ?? 0) + size);
    const [x1, yBottom] = viewport.convertToViewportPoint((e ?? 0) + item.width, f ?? 0);
    const box = { x0: Math.min(x!, x1!), y0: Math.min(yTop!, yBottom!), x1: Math.max(x!, x1!), y1: Math.max(yTop!, yBottom!) };
    const last = lines[lines.length - 1];
    if (last && Math.abs(last.y0 - box.y0) < size * 0.5 && box.x0 >= last.x0) {
      last.text += (box.x0 - last.x1 > size * 0.15 && !last.text.endsWith(" ") ? " " : "") + item.str;
      last.x1 = Math.max(last.x1, box.x1);
      last.y1 = Math.max(last.y1, box.y1);
      continue;
    }
    lines.push({ text: item.str, ...box, size });
  }
  if (lines.length === 0) return [];
  const bodySize = median(lines.map((line) => line.size));
  const blocks: Line[][] = [];
  for (const line of lines) {
    const block = blocks[blocks.length - 1];
    const previous = block?.[block.length - 1];
    const sameStyle = previous && Math.abs(previous.size - line.size) < 0.5;
    const gap = previous ? line.y0 - previous.y1 : Infinity;
    if (block && previous && sameStyle && gap >= -previous.size && gap < previous.size * settings.paragraphGapLineHeights) {
      block.push(line);
    } else {
      blocks.push([line]);
    }
  }
  return blocks.map((block, index) => {
    const size = block[0]!.size;
    const isHeading = size >= bodySize * settings.headingSizeRatio && block.length <= 3;
    return {
      page: pageNumber,
      index,
      text: block.map((line) => line.text.trim()).join(" "),
      confidence: "unverified",
      sources: [],
      bbox: [
        round2(Math.min(...block.map((l) => l.x0))),
        round2(Math.min(...block.map((l) => l.y0))),
        round2(Math.max(...block.map((l) => l.x1))),
        round2(Math.max(...block.map((l) => l.y1))),
      ],
      role: isHeading ? "heading" : "paragraph",
      level: isHeading ? 1 : 0,
      order: index,
    } satisfies Prose;
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 10;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

"use client";
// The left half of the review page: the original page drawn by react-pdf (pdf.js, worker served
// from node_modules) with every cell box of the page over it in its confidence colour. Clicking a
// box selects the cell; the selected cell's piece of the page is cut out for the reading panel.
// Loaded with next/dynamic and ssr: false: pdf.js needs the browser.
//
// Rotated pages (/Rotate 90, 180, 270): cell boxes are in the displayed page's space (the worker
// reads pdf.js's getViewport({ scale: 1 }), which applies the page's /Rotate: top-left origin,
// PDF points), and the result's page entry gives that displayed size (842 x 595 for a portrait
// sheet turned by /Rotate 90). react-pdf's <Page> draws with the page's own /Rotate when no `rotate` prop is given,
// and turns `width` into a scale against the rotated viewport's width, so the canvas has the
// displayed page's shape at `scale` CSS pixels per point: the same frame the overlay is laid out
// in (pageSize from the page entry). Hence no `rotate` prop here, and no swapping of width and
// height. Checked by the "/Rotate 90" journey in e2e/browser/web-app.spec.ts.
import { useEffect, useRef, useState } from "react";
import { Document, Page, pdfjs } from "react-pdf";
import type { BBox, Confidence } from "@/lib/result/schema";
import { CONFIDENCE_STYLES } from "../result/confidence";
import { PDF_WORKER_URL } from "../pdf/load-pdfjs";

pdfjs.GlobalWorkerOptions.workerSrc = PDF_WORKER_URL;

export interface Box {
  ref: string;
  bbox: BBox;
  confidence: Confidence;
}

export interface PageViewerProps {
  fileUrl: string;
  pageNumber: number;
  /** The displayed page's size in PDF points (the result's page entry, /Rotate applied): cell
   * boxes are in this space. */
  pageSize: { width: number; height: number };
  boxes: Box[];
  tableBox: BBox | null;
  selected: string | null;
  zoom: number;
  onSelect: (ref: string) => void;
  /** A picture of the page under the selected cell (null when there is none). */
  onCrop: (dataUrl: string | null) => void;
}

const CROP_MARGIN_PT = 4;

export default function PageViewer({ fileUrl, pageNumber, pageSize, boxes, tableBox, selected, zoom, onSelect, onCrop }: PageViewerProps) {
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [frameWidth, setFrameWidth] = useState(600);
  const [rendered, setRendered] = useState(0);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setFrameWidth(Math.max(240, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const width = Math.round(frameWidth * zoom);
  const scale = width / pageSize.width;
  const current = boxes.find((box) => box.ref === selected) ?? null;

  // Bring the selected cell to the middle of the viewer. Only the viewer scrolls: scrollIntoView
  // would also move the whole window, yanking a phone user away from the reading panel.
  useEffect(() => {
    const element = scroller.current;
    if (!element || !current) return;
    const [x0, y0, x1, y1] = current.bbox;
    element.scrollTo({
      left: Math.max(0, ((x0 + x1) / 2) * scale - element.clientWidth / 2),
      top: Math.max(0, ((y0 + y1) / 2) * scale - element.clientHeight / 2),
    });
  }, [current, scale]);

  // The crop: copied from the rendered page canvas (already in the browser; no extra request).
  useEffect(() => {
    const source = canvas.current;
    if (!current || !source || rendered === 0) return onCrop(null);
    const pixelsPerPoint = source.width / pageSize.width;
    const [x0, y0, x1, y1] = current.bbox;
    const sx = Math.max(0, (x0 - CROP_MARGIN_PT) * pixelsPerPoint);
    const sy = Math.max(0, (y0 - CROP_MARGIN_PT) * pixelsPerPoint);
    const sw = Math.min(source.width - sx, (x1 - x0 + 2 * CROP_MARGIN_PT) * pixelsPerPoint);
    const sh = Math.min(source.height - sy, (y1 - y0 + 2 * CROP_MARGIN_PT) * pixelsPerPoint);
    if (sw <= 0 || sh <= 0) return onCrop(null);
    const crop = document.createElement("canvas");
    crop.width = Math.round(sw);
    crop.height = Math.round(sh);
    crop.getContext("2d")?.drawImage(source, sx, sy, sw, sh, 0, 0, crop.width, crop.height);
    onCrop(crop.toDataURL("image/png"));
  }, [current, rendered, pageSize.width, onCrop]);

  const place = (bbox: BBox) => ({ left: bbox[0] * scale, top: bbox[1] * scale, width: (bbox[2] - bbox[0]) * scale, height: (bbox[3] - bbox[1]) * scale });

  return (
    <div ref={frame} className="w-full">
      <div ref={scroller} className="max-h-[50vh] overflow-auto rounded border border-line bg-[#e8eaed] lg:max-h-[78vh]" data-testid="page-viewer">
        <div className="relative mx-auto" style={{ width, height: pageSize.height * scale }}>
          <Document
            file={fileUrl}
            loading={<p className="p-4">Loading the original page…</p>}
            error={<p className="notice notice-error m-4">The original PDF could not be shown. The grid on the right still works.</p>}
          >
            <Page
              pageNumber={pageNumber}
              width={width}
              renderTextLayer={false}
              renderAnnotationLayer={false}
              canvasRef={canvas}
              // At least twice the CSS pixels: small print stays sharp, and so does the cell crop.
              devicePixelRatio={Math.max(2, typeof window === "undefined" ? 1 : window.devicePixelRatio)}
              onRenderSuccess={() => setRendered((count) => count + 1)}
              loading={<p className="p-4">Drawing page {pageNumber}…</p>}
            />
          </Document>
          <div className="absolute inset-0" aria-hidden="true">
            {tableBox ? <div className="absolute border-2 border-dashed border-ink/60" style={place(tableBox)} /> : null}
            {boxes.map((box) => {
              const isSelected = box.ref === selected;
              const stroke = CONFIDENCE_STYLES[box.confidence].stroke;
              return (
                <button
                  key={box.ref}
                  type="button"
                  tabIndex={-1}
                  data-ref={box.ref}
                  className="absolute cursor-pointer p-0"
                  style={{
                    ...place(box.bbox),
                    // The selected cell is ringed outside its box, so the text under it stays readable.
                    border: `1.5px solid ${stroke}`,
                    background: isSelected ? "transparent" : `${stroke}14`,
                    outline: isSelected ? `3px solid ${stroke}` : undefined,
                    outlineOffset: isSelected ? 3 : undefined,
                    boxShadow: isSelected ? `0 0 0 9px #ffffffb0` : undefined,
                    zIndex: isSelected ? 2 : 1,
                  }}
                  onClick={() => onSelect(box.ref)}
                />
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}

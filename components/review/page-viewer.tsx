"use client";
// The left half of the review page: the original page drawn by react-pdf (pdf.js, worker served
// from node_modules) with every cell box of the page over it in its confidence colour. Clicking a
// box selects the cell. The view follows the selection: zoomed so the table fills the viewer's
// width, scrolled to the cell, its row and column banded; and the cell with its neighbours is drawn
// again at 4x (pdf.js rendering only that piece of the page, not a blurry copy of the canvas) for
// the reading panel.
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
import type { CellGeometry } from "@/lib/review/cell-geometry";
import { CONFIDENCE_STYLES } from "../result/confidence";
import { PDF_WORKER_URL } from "../pdf/load-pdfjs";

pdfjs.GlobalWorkerOptions.workerSrc = PDF_WORKER_URL;

export interface Box {
  ref: string;
  bbox: BBox;
  confidence: Confidence;
}

/** The piece of the page around the selected cell, drawn large. */
export interface Crop {
  url: string;
  /** The piece's size in PDF points (the panel shows it at crop-scale.ts's CROP_DISPLAY_SCALE CSS pixels a point). */
  width: number;
  height: number;
  /** The cell's box inside the piece, in points from the piece's top-left corner. */
  cell: [number, number, number, number];
}

export interface PageViewerProps {
  fileUrl: string;
  pageNumber: number;
  /** The displayed page's size in PDF points (the result's page entry, /Rotate applied): cell
   * boxes are in this space. */
  pageSize: { width: number; height: number };
  boxes: Box[];
  tableBox: BBox | null;
  geometry: CellGeometry | null;
  selected: string | null;
  /** The reviewer's zoom on top of the fit to the table (1 = the table fills the width). */
  zoom: number;
  onSelect: (ref: string) => void;
  onCrop: (crop: Crop | null) => void;
  /** The document once pdf.js has it open (a figure crop is cut from it, crop-figure.ts). */
  onDocument?: (pdf: PdfDocument) => void;
}

/** Device pixels per point the crop is drawn at: the display scale at a 2x screen, so it stays sharp;
 * less for a very large cell, so the canvas stays under MAX_CANVAS_PX a side. */
const CROP_RENDER_SCALE = 8;
/** Largest canvas side drawn for the page, in device pixels (memory: a 4x page at 2x density is huge). */
const MAX_CANVAS_PX = 4096;
/** Paper kept either side of a table when the view is fitted to it (points). */
const FIT_MARGIN_PT = 12;
const MAX_FIT = 4;

type PdfDocument = Parameters<NonNullable<React.ComponentProps<typeof Document>["onLoadSuccess"]>>[0];

export default function PageViewer({
  fileUrl,
  pageNumber,
  pageSize,
  boxes,
  tableBox,
  geometry,
  selected,
  zoom,
  onSelect,
  onCrop,
  onDocument,
}: PageViewerProps) {
  const frame = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [frameWidth, setFrameWidth] = useState(600);
  const [pdf, setPdf] = useState<PdfDocument | null>(null);

  // The width the page is laid out in: the scroller's inside, without its border and scroll bar
  // (fitted to the outer width, a table would be a scroll bar too wide to fit).
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setFrameWidth(Math.max(240, element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Fitted to the table: a table that fills a third of the page is shown three times larger.
  const fit = tableBox ? Math.min(MAX_FIT, Math.max(1, pageSize.width / (tableBox[2] - tableBox[0] + 2 * FIT_MARGIN_PT))) : 1;
  const width = Math.round(frameWidth * zoom * fit);
  const scale = width / pageSize.width;
  const density = Math.min(Math.max(2, typeof window === "undefined" ? 1 : window.devicePixelRatio), MAX_CANVAS_PX / width);
  const current = boxes.find((box) => box.ref === selected) ?? null;
  const cellBox = geometry?.cell ?? current?.bbox ?? null;

  // Bring the selected cell to the middle of the viewer. Only the viewer scrolls: scrollIntoView
  // would also move the whole window, yanking a phone user away from the reading panel.
  useEffect(() => {
    const element = scroller.current;
    if (!element || !cellBox) return;
    const [x0, y0, x1, y1] = cellBox;
    // A table that fits the viewer's width is shown whole, from its left edge; a wider one is
    // centred on the cell.
    const fits = tableBox !== null && (tableBox[2] - tableBox[0] + 2 * FIT_MARGIN_PT) * scale <= element.clientWidth + 2;
    element.scrollTo({
      left: Math.max(0, fits ? (tableBox[0] - FIT_MARGIN_PT) * scale : ((x0 + x1) / 2) * scale - element.clientWidth / 2),
      top: Math.max(0, ((y0 + y1) / 2) * scale - element.clientHeight / 2),
    });
  }, [cellBox?.[0], cellBox?.[1], cellBox?.[2], cellBox?.[3], tableBox?.[0], tableBox?.[2], scale]); // eslint-disable-line react-hooks/exhaustive-deps -- the boxes by value: a new array for the same cell must not scroll again

  // The crop: the cell and its neighbours rendered by pdf.js on their own at CROP_RENDER_SCALE.
  const crop = geometry?.crop ?? null;
  useEffect(() => {
    if (!pdf || !crop || !cellBox) return onCrop(null);
    let cancelled = false;
    let task: { cancel: () => void; promise: Promise<unknown> } | null = null;
    void (async () => {
      try {
        const page = await pdf.getPage(pageNumber);
        if (cancelled) return;
        const [x0, y0, x1, y1] = crop;
        const renderScale = Math.min(CROP_RENDER_SCALE, MAX_CANVAS_PX / Math.max(x1 - x0, y1 - y0));
        const viewport = page.getViewport({ scale: renderScale, offsetX: -x0 * renderScale, offsetY: -y0 * renderScale });
        const canvas = document.createElement("canvas");
        canvas.width = Math.max(1, Math.round((x1 - x0) * renderScale));
        canvas.height = Math.max(1, Math.round((y1 - y0) * renderScale));
        const context = canvas.getContext("2d");
        if (!context) return onCrop(null);
        task = page.render({ canvasContext: context, viewport, canvas });
        await task.promise;
        if (cancelled) return;
        // The cell itself outlined, so it stands out from its neighbours.
        context.strokeStyle = "#0b57d0";
        context.lineWidth = 4;
        const [cx0, cy0, cx1, cy1] = cellBox;
        context.strokeRect((cx0 - x0) * renderScale, (cy0 - y0) * renderScale, (cx1 - cx0) * renderScale, (cy1 - cy0) * renderScale);
        onCrop({ url: canvas.toDataURL("image/png"), width: x1 - x0, height: y1 - y0, cell: [cx0 - x0, cy0 - y0, cx1 - x0, cy1 - y0] });
      } catch {
        if (!cancelled) onCrop(null);
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber, crop?.[0], crop?.[1], crop?.[2], crop?.[3], onCrop]); // eslint-disable-line react-hooks/exhaustive-deps -- the crop by value: a new array for the same box must not render it again

  const place = (bbox: BBox) => ({
    left: bbox[0] * scale,
    top: bbox[1] * scale,
    width: (bbox[2] - bbox[0]) * scale,
    height: (bbox[3] - bbox[1]) * scale,
  });

  return (
    <div ref={frame} className="flex min-h-0 w-full flex-1 flex-col">
      <div
        ref={scroller}
        className="max-h-[50vh] min-h-0 flex-1 overflow-auto rounded border border-line bg-[#e8eaed] lg:max-h-none"
        data-testid="page-viewer"
        data-scale={scale.toFixed(3)}
      >
        <div className="relative mx-auto" style={{ width, height: pageSize.height * scale }}>
          <Document
            file={fileUrl}
            onLoadSuccess={(loaded) => {
              setPdf(loaded);
              onDocument?.(loaded);
            }}
            loading={<p className="p-4">Loading the original page…</p>}
            error={<p className="notice notice-error m-4">The original PDF could not be shown. The grid on the right still works.</p>}
          >
            <Page
              pageNumber={pageNumber}
              width={width}
              renderTextLayer={false}
              renderAnnotationLayer={false}
              devicePixelRatio={density}
              loading={<p className="p-4">Drawing page {pageNumber}…</p>}
            />
          </Document>
          <div className="absolute inset-0" aria-hidden="true">
            {tableBox ? <div className="absolute border-2 border-dashed border-ink/60" style={place(tableBox)} /> : null}
            {geometry?.row ? (
              <div
                className="absolute bg-[#0b57d0]/10 outline outline-1 outline-[#0b57d0]/50"
                style={place(geometry.row)}
                data-testid="row-band"
              />
            ) : null}
            {geometry?.column ? (
              <div
                className="absolute bg-[#0b57d0]/10 outline outline-1 outline-[#0b57d0]/50"
                style={place(geometry.column)}
                data-testid="column-band"
              />
            ) : null}
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

"use client";
// The page viewer's zoom: steps from 50% to 300%, 100% on a wide screen and 150% on a phone (where
// the page is shown larger, scrolled to the cell, or its text is unreadable), with − and + buttons.
import { useEffect, useState } from "react";

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
const DEFAULT_ZOOM = ZOOMS.indexOf(1);

export function useZoom(): { zoom: number; zoomBy: (delta: number) => void; reset: () => void } {
  const [index, setIndex] = useState(DEFAULT_ZOOM);
  useEffect(() => {
    const phone = window.matchMedia("(max-width: 699px)");
    const apply = () => setIndex(phone.matches ? ZOOMS.indexOf(1.5) : DEFAULT_ZOOM);
    apply();
    phone.addEventListener("change", apply);
    return () => phone.removeEventListener("change", apply);
  }, []);
  return {
    zoom: ZOOMS[index]!,
    zoomBy: (delta) => setIndex((old) => Math.min(ZOOMS.length - 1, Math.max(0, old + delta))),
    reset: () => setIndex(DEFAULT_ZOOM),
  };
}

export function ZoomControls({ zoom, zoomBy }: { zoom: number; zoomBy: (delta: number) => void }) {
  return (
    <div className="flex items-center gap-1" role="group" aria-label="Zoom">
      <button type="button" className="button button-secondary px-3" onClick={() => zoomBy(-1)} aria-label="Zoom out">
        −
      </button>
      <span className="w-14 text-center text-sm" aria-live="polite">
        {Math.round(zoom * 100)}%
      </span>
      <button type="button" className="button button-secondary px-3" onClick={() => zoomBy(1)} aria-label="Zoom in">
        +
      </button>
    </div>
  );
}

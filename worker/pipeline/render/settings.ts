// Tuning values of the shared page render (STYLE.md habit 8). A change here changes what OCR
// sees, so it bumps OCR_SETTINGS_VERSION (worker/pipeline/ocr/settings.ts), which keys the cache.
export const RENDER_SETTINGS = {
  /** Body text is rendered so that its font size spans this many pixels. Tesseract's LSTM
   * reads best with capitals of ~20-30 px (tesseract docs, "Improving the quality of the output");
   * a 32 px font gives ~22 px capitals. 10 pt text -> 230 dpi. */
  targetTextHeightPx: 32,
  /** Below 150 dpi small punctuation (decimal points, minus signs) starts to vanish. */
  minDpi: 150,
  /** 6 pt footnotes ask for 384 dpi; above 400 the render alone costs more than both OCRs. */
  maxDpi: 400,
  /** Scans have no text layer to measure; 300 dpi is the usual scan resolution, so nothing is lost. */
  dpiWithoutTextLayer: 300,
} as const;

export type RenderSettings = typeof RENDER_SETTINGS;

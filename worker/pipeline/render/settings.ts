// Tuning values of the shared page render. A change here changes what OCR
// sees, so it bumps OCR_SETTINGS_VERSION (worker/pipeline/ocr/settings.ts), which keys the cache.
export const RENDER_SETTINGS = {
  /** Body text is rendered so that its font size spans this many pixels. On the dense bench page
   * (8 pt numbers) both engines read every cell at 24 px (216 dpi) as at 32 px, Tesseract dropped
   * decimal points at 20 px (180 dpi); 24 px cost 20-28% less Tesseract time and 10-14% less
   * PaddleOCR time than 32 px. 26 px keeps a margin: 10 pt text -> 187 dpi. */
  targetTextHeightPx: 26,
  /** Below 150 dpi small punctuation (decimal points, minus signs) starts to vanish. */
  minDpi: 150,
  /** 6 pt footnotes ask for 384 dpi; above 400 the render alone costs more than both OCRs. */
  maxDpi: 400,
  /** Scans have no text layer to measure; 300 dpi is the usual scan resolution, so nothing is lost. */
  dpiWithoutTextLayer: 300,
  /** Most pixels one page render may have. The largest renders real documents ask for: A3 at the
   * 400 dpi cap is 31 M pixels, A0 at 150 dpi 35 M; 40 M pixels are a 160 MB RGBA canvas, well
   * inside PAGE_MEMORY_MB's default with both engines' working copies. A larger page is rendered
   * at the dpi that fits; one that does not fit even at minDpi (a hostile or poster-sized MediaBox)
   * is not rendered at all, so OCR gives no reading of it (run-pipeline: `unchecked`). Added without
   * bumping OCR_SETTINGS_VERSION: a cached reading of a large page made at a higher dpi is still a
   * valid reading of it. */
  maxRenderPixels: 40_000_000,
} as const;

export type RenderSettings = { readonly [K in keyof typeof RENDER_SETTINGS]: number };

// The OCR readings ocr-1 (Tesseract LSTM, tesseract.js) and ocr-2 (PaddleOCR PP-OCRv4 via ONNX
// Runtime): two models reading the same page render independently.
//
// How the pipeline calls it, once per job:
//
//   const readers = new OcrEngines();            // engines load lazily, on the first cache miss
//   try {
//     for each page:
//       const { readings, render } = await readers.readPage({
//         page,                                  // pdf.js PDFPageProxy, or a PageRender you made
//         pageNumber, fileSha256, cacheDir,      // cacheDir null = no cache
//       });
//       readings["ocr-1"]  // OcrPageReading {words, nonTextRegions, dpi, seconds, fromCache}
//       readings["ocr-2"]  //   or OcrFailure {error}: record it, keep going with the other reading
//       render             // the shared PageRender (null when both readings came from the cache)
//   } finally {
//     await readers.release();
//   }
//
// Word = {text, bbox: [x0, y0, x1, y1] in PDF points with top-left origin (pdf.js viewport at
// scale 1, so it lines up with the text layer), confidence 0..1}. ocr-1 words are Tesseract words;
// ocr-2 words are cut from PaddleOCR text lines at spaces, placed from the CTC time steps.
// nonTextRegions (ocr-2 only) are inked areas its text detector did not claim, minus ruling lines:
// the OCR layout's view of figures, for verifyFigure.
//
// Both fail independently: if both readings of a page are OcrFailure and the page has no text
// layer, the page is `unreadable`. The cache lives in <cacheDir>/<sha256>/ and is
// keyed by OCR_SETTINGS_VERSION; JobFiles.deleteCache (lib/storage) removes it with the last job.
export { OcrEngines, DEFAULT_ENGINES, type PageOcr, type ReadPageOcrInput, type PageOcrEngine, type EngineFactory } from "./read-page-ocr";
export { ocrCachePath } from "./ocr-cache";
export { OCR_SETTINGS, OCR_SETTINGS_VERSION } from "./settings";
export { isOcrFailure, type Word, type OcrEngineName, type OcrPageReading, type OcrFailure, type OcrOutcome } from "./types";
// The engine classes are not re-exported: importing them loads tesseract.js and ONNX Runtime.
// Import ./tesseract-engine or ./paddle/paddle-engine directly when you need one.

// The crop's display scale, in a module of its own: page-viewer.tsx imports react-pdf, which needs
// the browser, so a server-rendered component that imported the constant from there would pull
// pdf.js into server rendering (the review page answered 500: "document is not defined").

/** CSS pixels per point the crop is shown at (3-4x). */
export const CROP_DISPLAY_SCALE = 3.5;

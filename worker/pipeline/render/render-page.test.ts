import { test } from "node:test";
import assert from "node:assert/strict";
import { renderToGrey, sharedGrey, withSharedGrey, type PageRender } from "./render-page";
import { prepareScan } from "../scan/prepare-scan";

function render(width: number, height: number, seed: number): PageRender {
  const rgba = new Uint8Array(width * height * 4);
  let x = seed;
  for (let i = 0; i < rgba.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    rgba[i] = i % 4 === 3 ? 255 : x % 256;
  }
  return {
    pageNumber: 1,
    widthPt: (width * 72) / 150,
    heightPt: (height * 72) / 150,
    dpi: 150,
    scale: 150 / 72,
    width,
    height,
    rgba,
    textSizePt: null,
  };
}

test("sharedGrey is renderToGrey, made once per render; renderToGrey still makes a new array", () => {
  const page = render(40, 30, 7);
  const once = sharedGrey(page);
  assert.deepEqual(once, renderToGrey(page));
  assert.equal(sharedGrey(page), once);
  assert.notEqual(renderToGrey(page), renderToGrey(page));
  // Another render (a copy) has a grey of its own.
  assert.notEqual(sharedGrey({ ...page }), once);
});

test("a render made from a grey image shares that image as its grey, exactly what renderToGrey computes", () => {
  const grey = new Uint8Array(30 * 20).map((_, i) => (i * 37) % 256);
  const rgba = new Uint8Array(grey.length * 4);
  grey.forEach((v, i) => rgba.set([v, v, v, 255], i * 4));
  const page = withSharedGrey({ ...render(30, 20, 1), rgba }, grey);
  assert.equal(sharedGrey(page), grey);
  assert.deepEqual(renderToGrey(page), grey);
  // The prepared page of a scan: its shared grey is its pixels' grey.
  const prepared = prepareScan(render(120, 90, 3)).render;
  assert.deepEqual(sharedGrey(prepared), renderToGrey(prepared));
});

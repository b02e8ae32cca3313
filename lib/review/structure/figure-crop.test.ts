import assert from "node:assert/strict";
import { test } from "node:test";
import { createCanvas } from "@napi-rs/canvas";
import { AppError } from "../../errors";
import { CROP_IMAGE_PATH } from "./crop-path";
import { checkCropPng, cropImagePath, MAX_CROP_PIXELS_PER_SIDE } from "./figure-crop";

function png(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#336699";
  context.fillRect(0, 0, width, height);
  return canvas.toBuffer("image/png");
}

/** A PNG header claiming `width` x `height`, followed by nothing worth decoding. */
function pngHeader(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(64);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write("IHDR", 12, "ascii");
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

function refusal(base64: string): string {
  try {
    checkCropPng(base64);
  } catch (error) {
    assert.ok(error instanceof AppError);
    assert.equal(error.status, 400);
    return error.detail;
  }
  assert.fail("accepted");
}

test("a real PNG is taken as it is, and stored under a name of its content", () => {
  const image = png(120, 40);
  const bytes = checkCropPng(image.toString("base64"));
  assert.deepEqual(Buffer.from(bytes), image);
  const stored = cropImagePath(bytes);
  assert.match(stored, CROP_IMAGE_PATH);
  assert.equal(cropImagePath(checkCropPng(image.toString("base64"))), stored, "the same crop, the same name");
  assert.notEqual(cropImagePath(checkCropPng(png(121, 40).toString("base64"))), stored);
});

test("what is not a PNG of sane size is refused with a reason", () => {
  assert.match(refusal("not base64!"), /base64 PNG/);
  assert.match(refusal(Buffer.from("GIF89a................................").toString("base64")), /must be a PNG/);
  assert.match(refusal(pngHeader(MAX_CROP_PIXELS_PER_SIDE + 1, 10).toString("base64")), /pixels on each side/);
  assert.match(refusal(pngHeader(10, 0).toString("base64")), /pixels on each side/);
  assert.match(refusal(Buffer.alloc(9 * 1024 * 1024, 1).toString("base64")), /larger than 8 MB/);
  assert.equal(checkCropPng(pngHeader(MAX_CROP_PIXELS_PER_SIDE, 1).toString("base64")).length, 64);
});

test("only the server's own crop names pass the op's pattern", () => {
  assert.match("images/review-0123456789abcdef.png", CROP_IMAGE_PATH);
  for (const name of ["images/p1-0.png", "images/review-0123456789abcdef.png/../x", "../images/review-0123456789abcdef.png"])
    assert.doesNotMatch(name, CROP_IMAGE_PATH);
});

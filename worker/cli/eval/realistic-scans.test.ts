// The realistic-scan maker: fixed seeds give the same scan, angles stay within the recipe, and a
// rotation turns the page the way the angle says.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  addSpecks,
  degradePage,
  pageAngle,
  parseScanVariants,
  prepareScanVariant,
  REALISTIC_SCAN,
  realisticPageTurn,
  rotateGrey,
  SCAN_VERSION,
  scanVariantDir,
  seedOf,
} from "./realistic-scans";
import { seededRng as seededRandom } from "../../../tests/pdf/corpus/content";

test("the same file and page give the same degraded page; another page another one", () => {
  const width = 64;
  const height = 48;
  const clean = new Uint8Array(width * height).fill(255);
  for (let x = 8; x < 56; x++) clean[20 * width + x] = 0;
  const a = degradePage(clean, width, height, seededRandom(seedOf("eu-001.pdf", 1)), 0.5);
  const b = degradePage(clean, width, height, seededRandom(seedOf("eu-001.pdf", 1)), 0.5);
  const c = degradePage(clean, width, height, seededRandom(seedOf("eu-001.pdf", 2)), 0.5);
  assert.deepEqual(a, b);
  assert.notDeepEqual(a, c);
  // Paper is toned and noisy, not white; ink is not black.
  const paper = a.filter((_, i) => i < width * 5);
  const mean = paper.reduce((s, v) => s + v, 0) / paper.length;
  assert.ok(Math.abs(mean - REALISTIC_SCAN.white) < 6, `paper mean ${mean}`);
  assert.ok(new Set(paper).size > 5, "sensor noise");
});

test("page angles stay within the recipe, every fifth page steeper", () => {
  for (let n = 1; n <= 50; n++) {
    const angle = pageAngle(seededRandom(seedOf("x.pdf", n)), n);
    const limit = n % REALISTIC_SCAN.steepEvery === 0 ? REALISTIC_SCAN.steepAngleDeg : REALISTIC_SCAN.maxAngleDeg;
    assert.ok(Math.abs(angle) <= limit, `page ${n}: ${angle}`);
  }
});

test("rotateGrey turns a horizontal line by the angle (positive: clockwise, its right end lower)", () => {
  const width = 200;
  const height = 200;
  const grey = new Uint8Array(width * height).fill(255);
  for (let x = 20; x < 180; x++) grey[100 * width + x] = 0;
  const turned = rotateGrey(grey, width, height, 5);
  const inkRow = (x: number) => {
    let best = -1;
    for (let y = 0; y < height; y++) if (turned[y * width + x]! < 128) best = y;
    return best;
  };
  const slope = (inkRow(160) - inkRow(40)) / 120;
  assert.ok(Math.abs(slope - Math.tan((5 * Math.PI) / 180)) < 0.02, `slope ${slope}`);
});

test("--scans takes clean, realistic, speckled or both", () => {
  assert.deepEqual(parseScanVariants("both"), ["clean", "realistic"]);
  assert.deepEqual(parseScanVariants("realistic"), ["realistic"]);
  assert.deepEqual(parseScanVariants("speckled"), ["speckled"]);
  assert.throws(() => parseScanVariants("noisy"), /clean, realistic, speckled or both/);
});

test("specks darken their share of the pixels to toner, at seeded places", () => {
  const page = () => new Uint8Array(200_000).fill(230);
  const [a, b, c] = [page(), page(), page()];
  addSpecks(a, seededRandom(7), REALISTIC_SCAN.speckShare);
  addSpecks(b, seededRandom(7), REALISTIC_SCAN.speckShare);
  addSpecks(c, seededRandom(8), REALISTIC_SCAN.speckShare);
  const dark = a.filter((v) => v === REALISTIC_SCAN.black).length;
  assert.ok(Math.abs(dark - 200) < 50, `${dark} specks`);
  assert.deepEqual(a, b);
  assert.notDeepEqual(a, c);
  assert.equal(a.filter((v) => v !== 230 && v !== REALISTIC_SCAN.black).length, 0);
});

test("realisticPageTurn gives the angles the scans were made with, only for a realistic-scan folder", () => {
  const turn = realisticPageTurn(`/tmp/out/scans/icdar2013-eu-${SCAN_VERSION}`, "eu-004.pdf");
  assert.ok(turn);
  // A speckled folder's pages are the realistic ones, turned alike.
  assert.ok(realisticPageTurn(scanVariantDir("/work/data/icdar2013-eu", "speckled", "/tmp/out"), "eu-004.pdf"));
  for (const n of [1, 5, 10]) assert.equal(turn(n), pageAngle(seededRandom(seedOf("eu-004.pdf", n)), n));
  assert.equal(realisticPageTurn("/tmp/out/scans/icdar2013-eu-clean-200dpi", "eu-004.pdf"), null);
  assert.equal(realisticPageTurn("/work/data/icdar2013-eu", "eu-004.pdf"), null);
});

test("a generated corpus document scanned twice gives the same bytes, in the folder the eval's calibration recognises", async () => {
  const fs = await import("node:fs");
  const os = await import("node:os");
  const path = await import("node:path");
  const { createHash } = await import("node:crypto");
  const { generateCorpus, FAMILIES } = await import("../../../tests/pdf/corpus/generate");
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "realistic-scans-"));
  try {
    const corpus = path.join(root, "generated-corpus");
    const family = FAMILIES.find((f) => f.name === "footnote-rows") ?? FAMILIES[0]!;
    const [doc] = await generateCorpus({ outDir: corpus, seed: 13, variants: 1, families: [family] });
    const hashes: string[] = [];
    for (const out of ["a", "b"]) {
      const dir = await prepareScanVariant(corpus, "realistic", path.join(root, out));
      assert.equal(dir, scanVariantDir(corpus, "realistic", path.join(root, out)));
      assert.ok(realisticPageTurn(dir, `${doc!.name}.pdf`), "the calibration turns this folder's ground truth");
      hashes.push(
        createHash("sha256")
          .update(fs.readFileSync(path.join(dir, `${doc!.name}.pdf`)))
          .digest("hex"),
      );
    }
    // Same bytes: an OCR cache keyed by the file's hash serves the scans made again.
    assert.equal(hashes[0], hashes[1]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

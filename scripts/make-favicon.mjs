// Writes app/favicon.ico (16, 32 and 48 px PNGs in an ICO container) and app/icon.svg from one
// drawing: a small table with its header row and one verified (green) cell.
// Run: node scripts/make-favicon.mjs app/favicon.ico app/icon.svg
import sharp from "sharp";
import fs from "node:fs";
// A small table: a dark-blue header row over a 3x2 grid, one cell green (verified).
const svg = (size) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
<rect x="1" y="3" width="30" height="26" rx="3" fill="#ffffff" stroke="#1f3a5f" stroke-width="2"/>
<rect x="1" y="3" width="30" height="8" rx="3" fill="#1f3a5f"/>
<rect x="1" y="8" width="30" height="3" fill="#1f3a5f"/>
<line x1="11" y1="11" x2="11" y2="29" stroke="#1f3a5f" stroke-width="2"/>
<line x1="21" y1="11" x2="21" y2="29" stroke="#1f3a5f" stroke-width="2"/>
<line x1="1" y1="20" x2="31" y2="20" stroke="#1f3a5f" stroke-width="2"/>
<rect x="12" y="12" width="8" height="7" fill="#2e7d32"/>
</svg>`;
const pngs = [];
for (const size of [16, 32, 48])
  pngs.push({
    size,
    data: await sharp(Buffer.from(svg(size)))
      .resize(size, size)
      .png()
      .toBuffer(),
  });
// ICO container with PNG entries (supported by every current browser).
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(pngs.length, 4);
let offset = 6 + 16 * pngs.length;
const entries = pngs.map(({ size, data }) => {
  const e = Buffer.alloc(16);
  e.writeUInt8(size % 256, 0);
  e.writeUInt8(size % 256, 1);
  e.writeUInt8(0, 2);
  e.writeUInt8(0, 3);
  e.writeUInt16LE(1, 4);
  e.writeUInt16LE(32, 6);
  e.writeUInt32LE(data.length, 8);
  e.writeUInt32LE(offset, 12);
  offset += data.length;
  return e;
});
fs.writeFileSync(process.argv[2], Buffer.concat([header, ...entries, ...pngs.map((p) => p.data)]));
fs.writeFileSync(process.argv[3], svg(32));

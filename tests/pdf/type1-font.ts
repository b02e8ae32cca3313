// A small Type 1 font program written from scratch (no font file in the repository or on npm is
// one): each glyph a box of its own width, encrypted as the format requires (eexec over the
// private part, the charstring cipher over each glyph), so that a PDF can embed a Type 1 program
// as FontFile and pdf.js reads it through its Type 1 path.

/** The format's cipher (Adobe Type 1 Font Format, section 7.1): eexec with key 55665, charstrings
 * with key 4330, each after `skip` bytes that carry nothing. */
function encrypt(plain: Uint8Array, key: number, skip: number): Uint8Array {
  const input = new Uint8Array(skip + plain.length);
  input.set(plain, skip);
  const out = new Uint8Array(input.length);
  let r = key;
  for (let i = 0; i < input.length; i++) {
    const c = input[i]! ^ (r >> 8);
    out[i] = c;
    r = ((c + r) * 52845 + 22719) & 0xffff;
  }
  return out;
}

/** A charstring number (section 6.2). */
function number(v: number): number[] {
  if (v >= -107 && v <= 107) return [v + 139];
  if (v >= 108 && v <= 1131) return [((v - 108) >> 8) + 247, (v - 108) & 0xff];
  if (v >= -1131 && v <= -108) return [((-v - 108) >> 8) + 251, (-v - 108) & 0xff];
  return [255, (v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
}

const HSBW = 13;
const RMOVETO = 21;
const RLINETO = 5;
const CLOSEPATH = 9;
const ENDCHAR = 14;

/** A glyph `width` wide: a box inside it, or nothing (a space). */
function charstring(width: number, ink: boolean): Uint8Array {
  const ops = [...number(0), ...number(width), HSBW];
  if (ink) {
    const w = width - 100;
    ops.push(...number(50), ...number(0), RMOVETO);
    ops.push(...number(w), ...number(0), RLINETO, ...number(0), ...number(650), RLINETO);
    ops.push(...number(-w), ...number(0), RLINETO, CLOSEPATH);
  }
  ops.push(ENDCHAR);
  return encrypt(Uint8Array.from(ops), 4330, 4);
}

export interface Type1Program {
  /** The cleartext, encrypted and trailer parts, joined as a PDF's FontFile stream holds them. */
  bytes: Uint8Array;
  /** Length1, Length2 and Length3 of that stream. */
  lengths: [number, number, number];
  /** The advance of each glyph in thousandths of the size, by standard-encoding glyph name. */
  widths: Record<string, number>;
}

/** `glyphs`: standard-encoding glyph names ("A", "one", "space") and their advances. */
export function type1Program(fontName: string, glyphs: Record<string, number>): Type1Program {
  const ascii = (text: string) => Buffer.from(text, "latin1");
  const clear = ascii(
    [
      "%!PS-AdobeFont-1.0: " + fontName + " 001.000",
      "11 dict begin",
      "/FontInfo 1 dict dup begin /FullName (" + fontName + ") readonly def end readonly def",
      "/FontName /" + fontName + " def",
      "/PaintType 0 def",
      "/FontType 1 def",
      "/FontMatrix [0.001 0 0 0.001 0 0] readonly def",
      "/Encoding StandardEncoding def",
      "/FontBBox {0 0 1000 700} readonly def",
      "currentdict end",
      "currentfile eexec",
      "",
    ].join("\n"),
  );
  const names = [".notdef", ...Object.keys(glyphs)];
  const parts: Buffer[] = [
    ascii(
      "dup /Private 8 dict dup begin\n/RD {string currentfile exch readstring pop} executeonly def\n" +
        "/ND {noaccess def} executeonly def\n/NP {noaccess put} executeonly def\n/MinFeature {16 16} ND\n" +
        "/password 5839 def\n/lenIV 4 def\n/Subrs 0 array\nND\n" +
        `2 index /CharStrings ${names.length} dict dup begin\n`,
    ),
  ];
  for (const name of names) {
    const width = name === ".notdef" ? 500 : glyphs[name]!;
    const data = charstring(width, name !== ".notdef" && name !== "space");
    parts.push(ascii(`/${name} ${data.length} RD `), Buffer.from(data), ascii(" ND\n"));
  }
  parts.push(ascii("end\nend\nreadonly put\nnoaccess put\ndup /FontName get exch definefont pop\nmark currentfile closefile\n"));
  const secret = encrypt(Buffer.concat(parts), 55665, 4);
  const trailer = ascii("0".repeat(64).concat("\n").repeat(8) + "cleartomark\n");
  return {
    bytes: Buffer.concat([clear, Buffer.from(secret), trailer]),
    lengths: [clear.length, secret.length, trailer.length],
    widths: { ...glyphs },
  };
}

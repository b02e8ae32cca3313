// normalizeText keeps ASCII text apart from its white space and gives, for any text, what the whole
// chain (NFKD, drop marks, NFKC, drop non-ASCII, drop white space) gives: drawn texts mixing
// ASCII, white space of both kinds, accented and precomposed letters, combining marks, full-width
// forms, ligatures and Hebrew.
import { test } from "node:test";
import assert from "node:assert/strict";
import { normalizeText } from "./adjacency-relations";

function fullChain(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .normalize("NFKC")
      // eslint-disable-next-line no-control-regex -- the range starts at NUL: everything outside ASCII goes
      .replace(/[^\x00-\x7F]/g, "")
      .replace(/\s+/g, "")
  );
}

const PIECES = [
  "a",
  "Z",
  "7",
  ",",
  ".",
  "-",
  "(",
  " ",
  "\t",
  "\n",
  "\u00a0",
  "\u2003",
  "é",
  "e\u0301",
  "Å",
  "ﬁ",
  "１",
  "Ａ",
  "½",
  "ש",
  "\u05b8",
  "€",
  "\u0000",
  "\u007f",
];

test("normalizeText equals the whole normalisation chain on drawn texts, and only drops white space from ASCII", () => {
  let state = 11;
  const next = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let k = 0; k < 2000; k++) {
    const length = Math.floor(next() * 12);
    const text = Array.from({ length }, () => PIECES[Math.floor(next() * PIECES.length)]!).join("");
    assert.equal(normalizeText(text), fullChain(text), JSON.stringify(text));
  }
  assert.equal(normalizeText(" 1,204\t(3.5) \n"), "1,204(3.5)");
  assert.equal(normalizeText("Caf\u00e9 ﬁnal １2"), "Cafefinal12");
});

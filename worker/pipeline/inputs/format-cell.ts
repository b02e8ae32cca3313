// A spreadsheet value as the sheet shows it: its number format applied (Excel's format codes,
// ECMA-376 Part 1 §18.8.31), so "1234.5" formatted "#,##0.00" reads "1,234.50", a date serial
// reads as that day written year-month-day under "yyyy-mm-dd", 0.125 under "0.0%" reads "12.5%". The file stores the
// value and the code separately and every spreadsheet renders them this way; a reader handing out
// the raw value would deliver something nobody saw. Shown in the notation the codes are written
// in (decimal point, comma thousands), as a spreadsheet in English shows them. Not drawn: colours
// (dropped), fill characters ("*-": dropped), padding ("_)": one space), fractions ("# ?/?": shown
// as decimals), elapsed-time brackets ("[h]": shown as the hour of the day).

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Splits a format code into its sections (positive; negative; zero; text) on semicolons outside
 * quotes and brackets. */
function sections(code: string): string[] {
  const out: string[] = [];
  let current = "";
  let quoted = false;
  let bracket = false;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i]!;
    if (ch === "\\" && !quoted) {
      current += ch + (code[i + 1] ?? "");
      i += 1;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === "[") bracket = true;
    else if (!quoted && ch === "]") bracket = false;
    if (ch === ";" && !quoted && !bracket) {
      out.push(current);
      current = "";
    } else current += ch;
  }
  out.push(current);
  return out;
}

/** A section's pieces: literal text, or format characters to interpret. Brackets become their
 * currency symbol ("[$€-407]" -> "€") or nothing (colours, conditions, locales). */
type Piece = { literal: string } | { code: string };
function pieces(section: string): Piece[] {
  const out: Piece[] = [];
  const push = (piece: Piece) => {
    const last = out[out.length - 1];
    if (last && "code" in piece && "code" in last) last.code += piece.code;
    else if (last && "literal" in piece && "literal" in last) last.literal += piece.literal;
    else out.push(piece);
  };
  for (let i = 0; i < section.length; i++) {
    const ch = section[i]!;
    if (ch === '"') {
      const end = section.indexOf('"', i + 1);
      push({ literal: section.slice(i + 1, end < 0 ? undefined : end) });
      i = end < 0 ? section.length : end;
    } else if (ch === "\\") {
      push({ literal: section[i + 1] ?? "" });
      i += 1;
    } else if (ch === "_") {
      push({ literal: " " });
      i += 1;
    } else if (ch === "*") {
      i += 1;
    } else if (ch === "[") {
      const end = section.indexOf("]", i + 1);
      const inner = section.slice(i + 1, end < 0 ? undefined : end);
      if (inner.startsWith("$")) push({ literal: inner.slice(1).split("-")[0]! });
      else if (/^h+$|^m+$|^s+$/i.test(inner)) push({ code: inner });
      i = end < 0 ? section.length : end;
    } else if (/^(AM\/PM|A\/P)/i.test(section.slice(i))) {
      const marker = /^(AM\/PM|A\/P)/i.exec(section.slice(i))![0];
      push({ code: marker });
      i += marker.length - 1;
    } else if (/[eE]/.test(ch) && /[+-]/.test(section[i + 1] ?? "")) {
      push({ code: ch + section[i + 1] });
      i += 1;
    } else if (/[$\-+/():!^&'~{}<>=\s]/.test(ch)) push({ literal: ch });
    else push({ code: ch });
  }
  return out;
}

const codeText = (ps: Piece[]) => ps.map((p) => ("code" in p ? p.code : "")).join("");

export function isDateFormat(code: string): boolean {
  const first = codeText(pieces(sections(code)[0] ?? ""));
  return /[ydhs]/i.test(first) || (/m/i.test(first) && !/[0#?]/.test(first));
}

/** Excel's General: up to 10 significant digits, exponent notation for very large or small. */
export function formatGeneral(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value) && Math.abs(value) < 1e11) return String(value);
  const abs = Math.abs(value);
  if (abs !== 0 && (abs >= 1e11 || abs < 1e-9)) {
    const [mantissa, exponent] = value.toExponential(5).split("e");
    const exp = Number(exponent);
    return `${mantissa!.replace(/\.?0+$/, "")}E${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  return String(Number(value.toPrecision(10)));
}

/** A number or date (exceljs gives date-formatted cells as Date, the serial's wall-clock in UTC)
 * under `code` (absent: General). */
export function formatCellValue(value: number | Date, code: string | undefined): string {
  const format = code && code.trim() !== "" && code !== "General" ? code : null;
  if (value instanceof Date) return formatDate(value, format ?? "yyyy-mm-dd");
  if (!format) return formatGeneral(value);
  const all = sections(format);
  let section = all[0]!;
  let number = value;
  let signed = true;
  if (value < 0 && all.length >= 2 && all[1] !== "") {
    section = all[1]!;
    number = -value;
    signed = false;
  } else if (value === 0 && all.length >= 3 && all[2] !== "") section = all[2]!;
  if (/^\s*General\s*$/i.test(section.replace(/\[[^\]]*\]/g, ""))) return formatGeneral(signed ? value : number);
  if (isDateFormat(section)) return formatDate(serialToDate(value), section);
  // One section for every sign: the minus goes in front of everything, currency symbols included.
  const text = formatNumber(Math.abs(number), pieces(section));
  return signed && number < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/** A date serial (days since 1899-12-30, the 1900 system as stored) as UTC wall-clock time. */
function serialToDate(serial: number): Date {
  return new Date(Math.round((serial - 25569) * 86_400_000));
}

function formatNumber(value: number, ps: Piece[]): string {
  const all = codeText(ps);
  if (!/[0#?]/.test(all))
    return ps.map((p) => ("literal" in p ? p.literal : p.code.replace(/[@,.]/g, ""))).join("") || formatGeneral(value);
  let scaled = value;
  const percents = (all.match(/%/g) ?? []).length;
  scaled *= 100 ** percents;
  const sci = /E[+-]/i.exec(all);
  // The number pattern: the run from the first digit placeholder to the last.
  const start = all.search(/[0#?.]/);
  let end = all.length;
  for (let i = all.length - 1; i >= 0; i--) {
    if (/[0#?]/.test(all[i]!)) {
      end = i + 1;
      break;
    }
  }
  let pattern = all.slice(start, end);
  // Commas after the last placeholder scale by 1000 each ("#,##0," shows thousands).
  const trailingCommas = /,+$/.exec(all.slice(end).split(/[^,]/)[0] ?? "")?.[0].length ?? 0;
  scaled /= 1000 ** trailingCommas;
  let exponentText = "";
  if (sci) {
    const [mantissaPattern, expPattern] = pattern.split(/E[+-]/i);
    pattern = mantissaPattern!;
    const intDigits = Math.max(1, (mantissaPattern!.split(".")[0]!.match(/[0#?]/g) ?? []).length);
    const exponent = scaled === 0 ? 0 : Math.floor(Math.log10(Math.abs(scaled))) - (intDigits - 1);
    scaled /= 10 ** exponent;
    const expDigits = (expPattern!.match(/0/g) ?? []).length || 1;
    exponentText = `E${exponent < 0 ? "-" : sci[0].endsWith("+") ? "+" : ""}${String(Math.abs(exponent)).padStart(expDigits, "0")}`;
  }
  const [intPattern, fracPattern = ""] = pattern.split(".");
  const decimals = (fracPattern.match(/[0#?]/g) ?? []).length;
  const minDecimals = (fracPattern.match(/0/g) ?? []).length;
  const minInt = (intPattern!.match(/0/g) ?? []).length;
  const grouped = intPattern!.includes(",");
  const negative = scaled < 0;
  let [intText, fracText = ""] = Math.abs(scaled).toFixed(decimals).split(".");
  fracText = fracText.replace(/0+$/, "");
  if (fracText.length < minDecimals) fracText = fracText.padEnd(minDecimals, "0");
  if (intText === "0" && minInt === 0) intText = "";
  intText = intText!.padStart(minInt, "0");
  if (grouped) intText = intText.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const numberText = `${negative ? "-" : ""}${intText}${fracPattern !== "" || pattern.includes(".") ? (decimals > 0 || fracText !== "" ? "." + fracText : minDecimals === 0 && decimals > 0 ? "." : "") : ""}${exponentText}`;
  // Literals before and after the pattern, and the codes outside it (%, text) as themselves.
  let out = "";
  let placed = false;
  let offset = 0;
  for (const piece of ps) {
    if ("literal" in piece) {
      out += piece.literal;
      continue;
    }
    for (const ch of piece.code) {
      const at = offset++;
      if (at >= start && at < end) {
        if (!placed) out += numberText;
        placed = true;
      } else if (ch === "%") out += "%";
      else if (ch === "," || ch === "." || ch === "@" || /[E+-]/i.test(ch)) continue;
      else out += ch;
    }
  }
  return out;
}

/** A date under a date code: y, m, d, h, m (minutes: after an hour or before seconds), s, AM/PM. */
export function formatDate(date: Date, code: string): string {
  const ps = pieces(code);
  const hour12 = /AM\/PM|A\/P/i.test(code);
  const tokens: Array<{ literal: string } | { token: string }> = [];
  for (const piece of ps) {
    if ("literal" in piece) {
      tokens.push({ literal: piece.literal });
      continue;
    }
    const re = /AM\/PM|A\/P|y+|m+|d+|h+|s+|0+|\.|./gi;
    for (const match of piece.code.matchAll(re)) tokens.push({ token: match[0] });
  }
  // "AM/PM" was split by pieces() at "/": join it back.
  let out = "";
  const isMinute = (i: number) => {
    for (let k = i - 1; k >= 0; k--) {
      const t = tokens[k]!;
      if ("token" in t && /^[hsdy]/i.test(t.token)) return /^h/i.test(t.token);
    }
    for (let k = i + 1; k < tokens.length; k++) {
      const t = tokens[k]!;
      if ("token" in t && /^[hmdy]/i.test(t.token)) return false;
      if ("token" in t && /^s/i.test(t.token)) return true;
    }
    return false;
  };
  const h = date.getUTCHours();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if ("literal" in t) {
      // "AM/PM" reaches here as "AM" code, "/" literal, "PM" code: handled with its code pieces.
      out += t.literal;
      continue;
    }
    const token = t.token;
    const lower = token.toLowerCase();
    if (lower === "am/pm") out += h < 12 ? "AM" : "PM";
    else if (lower === "a/p") out += h < 12 ? "A" : "P";
    else if (lower[0] === "y")
      out += lower.length <= 2 ? String(date.getUTCFullYear() % 100).padStart(2, "0") : String(date.getUTCFullYear());
    else if (lower[0] === "m" && lower.length <= 2 && isMinute(i)) out += String(date.getUTCMinutes()).padStart(lower.length, "0");
    else if (lower[0] === "m") {
      const month = date.getUTCMonth();
      out +=
        lower.length === 1
          ? String(month + 1)
          : lower.length === 2
            ? String(month + 1).padStart(2, "0")
            : lower.length === 3
              ? MONTHS[month]!.slice(0, 3)
              : lower.length === 5
                ? MONTHS[month]![0]!
                : MONTHS[month]!;
    } else if (lower[0] === "d") {
      out +=
        lower.length === 1
          ? String(date.getUTCDate())
          : lower.length === 2
            ? String(date.getUTCDate()).padStart(2, "0")
            : lower.length === 3
              ? DAYS[date.getUTCDay()]!.slice(0, 3)
              : DAYS[date.getUTCDay()]!;
    } else if (lower[0] === "h") {
      const hours = hour12 ? ((h + 11) % 12) + 1 : h;
      out += String(hours).padStart(lower.length >= 2 ? 2 : 1, "0");
    } else if (lower[0] === "s") out += String(date.getUTCSeconds()).padStart(lower.length >= 2 ? 2 : 1, "0");
    else if (lower === "." || /^0+$/.test(lower)) {
      if (lower === ".") {
        const next = tokens[i + 1];
        if (next && "token" in next && /^0+$/.test(next.token)) {
          out += "." + String(date.getUTCMilliseconds()).padStart(3, "0").slice(0, next.token.length);
          i += 1;
        } else out += ".";
      }
    } else if (lower === "e") out += String(date.getUTCFullYear());
    else if (lower !== "g" && lower !== "b") out += token;
  }
  return out;
}

// Which extracted values the xlsx export may write as numbers ("every value is text, so
// SUM does not work"). A value becomes a number only when a number format can show exactly the
// text that was extracted, character for character, so a person opening the sheet sees what the
// document says and Excel can still add it up. Everything else stays text, because guessing is
// worse than a "number stored as text" flag:
//   "1,250" -> 1250 shown with #,##0      "12.50" -> 12.5 shown with 0.00     "-3" -> -3
//   "007" (leading zero: a code)          "1 250" (space grouping)            "(3.4)", "-5%", "$3"
//   "1.250" (a thousands dot or three decimals? both are common: ambiguous)   "1,25" (decimal comma)
//   "12/05/2020", an ISO date (dates)       "+5", " 5" (the sign or space would be lost)
//   more than 15 significant digits (Excel keeps 15: the digits would change)
// The comma is read as a thousands separator and the dot as the decimal point (the convention of
// the documents we serve; a European "1.250,5" never matches and stays text).

export interface ExcelNumber {
  value: number;
  /** An Excel number format that renders `value` as the original text. */
  numFmt: string;
}

/** Excel stores IEEE doubles but shows at most 15 significant digits. */
const EXCEL_SIGNIFICANT_DIGITS = 15;

const NUMBER_TEXT = /^(-?)((?:[1-9]\d{0,2}(?:,\d{3})+)|\d+)(?:\.(\d+))?$/;

/** `text` as a number with a format that shows it unchanged, or null when it must stay text. */
export function excelNumber(text: string): ExcelNumber | null {
  const match = NUMBER_TEXT.exec(text);
  if (!match) return null;
  const [, sign = "", integerPart = "", decimals = ""] = match;
  const grouped = integerPart.includes(",");
  const integerDigits = integerPart.replace(/,/g, "");
  // "007", "00.5": a leading zero is a code (or a typo); only "0" itself and "0.xx" are numbers.
  if (integerDigits.length > 1 && integerDigits.startsWith("0")) return null;
  // "1.250" could be 1.25 or (with a thousands dot) 1250; "0.125" cannot be a thousands dot.
  if (!grouped && decimals.length === 3 && integerDigits !== "0" && integerDigits.length <= 3) return null;
  const significant = (integerDigits + decimals).replace(/^0+/, "");
  if (significant.length > EXCEL_SIGNIFICANT_DIGITS) return null;
  const value = Number(`${sign}${integerDigits}${decimals ? `.${decimals}` : ""}`);
  // "-0" would show as "0": the sign would be lost.
  if (!Number.isFinite(value) || (sign && value === 0)) return null;
  const numFmt = `${grouped ? "#,##0" : "0"}${decimals ? `.${"0".repeat(decimals.length)}` : ""}`;
  // The promise is "shows exactly the text": check it by rendering as Excel would.
  if (renderWithFormat(value, grouped, decimals.length) !== text) return null;
  return { value, numFmt };
}

/** What Excel shows for `value` under "0", "0.00", "#,##0", "#,##0.00" ... formats. */
export function renderWithFormat(value: number, grouped: boolean, decimals: number): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const [integer = "", fraction] = fixed.split(".");
  const integerText = grouped ? integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",") : integer;
  return `${value < 0 ? "-" : ""}${integerText}${fraction !== undefined ? `.${fraction}` : ""}`;
}

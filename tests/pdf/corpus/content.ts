// Deterministic table contents for the generated corpus: the seeded generator (mulberry32) and
// vocabularies of row labels, column names and number formats, so every variant differs in texts,
// column counts and sizes while staying reproducible from its seed.

import type { Rng } from "../../../lib/seeded-rng";

export { seededRng, type Rng } from "../../../lib/seeded-rng";

export function int(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

/** n distinct items in a random order. */
export function sample<T>(rng: Rng, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(rng() * pool.length), 1)[0]!);
  return out;
}

export const COUNTRIES = [
  "Austria",
  "Belgium",
  "Bulgaria",
  "Croatia",
  "Cyprus",
  "Czechia",
  "Denmark",
  "Estonia",
  "Finland",
  "France",
  "Germany",
  "Greece",
  "Hungary",
  "Ireland",
  "Italy",
  "Latvia",
  "Lithuania",
  "Luxembourg",
  "Malta",
  "Netherlands",
  "Poland",
  "Portugal",
  "Romania",
  "Slovakia",
  "Slovenia",
  "Spain",
  "Sweden",
  "Norway",
];
export const PRODUCTS = [
  "Wheat",
  "Barley",
  "Maize",
  "Rice",
  "Potatoes",
  "Sugar beet",
  "Rapeseed",
  "Sunflower",
  "Soya beans",
  "Olive oil",
  "Apples",
  "Pears",
  "Oranges",
  "Tomatoes",
  "Milk",
  "Butter",
  "Cheese",
  "Eggs",
  "Poultry",
  "Pig meat",
];
export const SECTORS = [
  "Agriculture",
  "Mining",
  "Manufacturing",
  "Energy",
  "Water supply",
  "Construction",
  "Retail trade",
  "Transport",
  "Hotels",
  "Information",
  "Finance",
  "Real estate",
  "Research",
  "Public sector",
  "Education",
  "Health care",
  "Arts",
  "Other services",
];
/** US states and DC in alphabetical order, as Census tables list them. */
export const US_STATES = [
  "Alabama",
  "Alaska",
  "Arizona",
  "Arkansas",
  "California",
  "Colorado",
  "Connecticut",
  "Delaware",
  "District of Columbia",
  "Florida",
  "Georgia",
  "Hawaii",
  "Idaho",
  "Illinois",
  "Indiana",
  "Iowa",
  "Kansas",
  "Kentucky",
  "Louisiana",
  "Maine",
  "Maryland",
  "Massachusetts",
  "Michigan",
  "Minnesota",
  "Mississippi",
  "Missouri",
  "Montana",
  "Nebraska",
  "Nevada",
  "New Hampshire",
  "New Jersey",
  "New Mexico",
  "New York",
  "North Carolina",
  "North Dakota",
  "Ohio",
  "Oklahoma",
  "Oregon",
  "Pennsylvania",
  "Rhode Island",
  "South Carolina",
  "South Dakota",
  "Tennessee",
  "Texas",
  "Utah",
  "Vermont",
  "Virginia",
  "Washington",
  "West Virginia",
  "Wisconsin",
  "Wyoming",
];
export const MEASURES = ["Imports", "Exports", "Output", "Stocks", "Prices", "Employment", "Turnover", "Investment", "Wages", "Hours"];
export const UNITS = ["EUR m", "tonnes", "%", "index", "persons", "hours"];
export const BANDS = ["Men", "Women", "Urban", "Rural", "Public", "Private", "Domestic", "Foreign", "First half", "Second half"];

/** Row labels from one vocabulary. */
export function rowLabels(rng: Rng, n: number): string[] {
  return sample(rng, pick(rng, [COUNTRIES, PRODUCTS, SECTORS]), n);
}

export type NumberStyle = "thousands" | "decimal" | "signed" | "percent";

export function numberText(rng: Rng, style: NumberStyle): string {
  switch (style) {
    case "thousands":
      return int(rng, 12, 98_765).toLocaleString("en-US");
    case "decimal":
      return (int(rng, 1, 9999) / 10).toFixed(1);
    case "signed": {
      const v = (int(rng, -999, 999) / 10).toFixed(1);
      return v.startsWith("-") ? v : `+${v}`;
    }
    case "percent":
      return `${(int(rng, 0, 1000) / 10).toFixed(1)}`;
  }
}

export function numberRow(rng: Rng, n: number, style: NumberStyle): string[] {
  return Array.from({ length: n }, () => numberText(rng, style));
}

/** Column names: consecutive years or measures. */
export function columnNames(rng: Rng, n: number): string[] {
  if (rng() < 0.5) {
    const start = int(rng, 1995, 2020);
    return Array.from({ length: n }, (_, k) => String(start + k));
  }
  return sample(rng, MEASURES, n);
}

export const STYLES: readonly NumberStyle[] = ["thousands", "decimal", "signed", "percent"];

/** `text` broken at spaces into lines no wider than `width` at `size` (a word wider than that
 * stands alone on its line). */
export function wrapWords(
  text: string,
  font: { widthOfTextAtSize(text: string, size: number): number },
  size: number,
  width: number,
): string[] {
  const lines: string[] = [];
  let line = "";
  for (const w of text.split(" ")) {
    const next = line ? `${line} ${w}` : w;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = w;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

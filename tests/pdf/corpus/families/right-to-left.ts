// Right-to-left text: a Hebrew table, drawn as such documents are (glyphs in visual order, the
// label column on the right, numbers left to right), by the builder the other scripts' tables
// share (../script-tables.ts). The ground truth holds the values in LOGICAL order; its columns are
// the page's, left to right (the metric's grid is spatial). The metric drops non-ASCII text, so
// the eval scores this family on its numbers; the golden test checks the Hebrew values themselves.
import { scriptTableFamily } from "../script-tables";

const CITIES = [
  "ירושלים",
  "תל אביב",
  "חיפה",
  "באר שבע",
  "אשדוד",
  "נתניה",
  "ראשון לציון",
  "פתח תקווה",
  "חולון",
  "רמת גן",
  "בני ברק",
  "רחובות",
];
const COLUMNS = ["אוכלוסייה", "שטח", "צפיפות", "משקי בית", "מועסקים", "הכנסה"];
const STUBS = ["עיר", "יישוב", "מחוז"];

export const rightToLeft = scriptTableFamily("right-to-left", "Hebrew table: values in logical order, label column on the right", {
  places: CITIES,
  columns: COLUMNS,
  stubs: STUBS,
  rightToLeft: true,
});

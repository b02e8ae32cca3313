// A year as a column name, also when marked preliminary, revised or estimated, or carrying a
// footnote ("2023p", "2023 p" from a raised letter, "2023 (p)", "2023*", "2023 1/"): such a line of
// years is the header over the values, not a row of data. Before, only a bare year (or "2023*")
// counted, and a header ending in "2015 p" was read as the first body row (generated family
// marker-values).
export const MARKED_YEAR = /^(19|20)\d\d(\*|\s?[a-z]|\s?\([a-z]\)|\s[1-9]\/)?$/i;

/** The same with a span of years ("2019-20", "1995–2000"). */
export const MARKED_YEAR_SPAN = /^(19|20)\d{2}([-–/](\d{2}|(19|20)\d{2}))?(\*|\s?[a-z]|\s?\([a-z]\)|\s[1-9]\/)?$/i;

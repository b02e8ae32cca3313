// How each confidence level looks: a cell tint (ink stays above 4.5:1 on every
// tint, see tailwind.config.js), a strong colour for outlines drawn over the page image, and the
// words the legend uses. Class names are written out in full so Tailwind finds them.
import type { Confidence } from "@/lib/result/schema";

export interface ConfidenceStyle {
  label: string;
  meaning: string;
  tint: string;
  /** Outline colour on the page image; dark enough to see on white paper. */
  stroke: string;
  /** The level's shape (ConfidenceMark), so no level is told by colour alone. */
  glyph: string;
}

export const CONFIDENCE_STYLES: Record<Confidence, ConfidenceStyle> = {
  exact: { label: "exact", meaning: "read directly from a structured file", tint: "bg-conf-exact", stroke: "#1e7b3c", glyph: "✓" },
  verified: { label: "verified", meaning: "independent readings agree", tint: "bg-conf-verified", stroke: "#1e7b3c", glyph: "✓" },
  confirmed: {
    label: "confirmed",
    meaning: "settled by a person against the page",
    tint: "bg-conf-confirmed",
    stroke: "#0b57d0",
    glyph: "★",
  },
  reviewed: {
    label: "reviewed",
    meaning: "checked by an AI reviewer against the page image",
    tint: "bg-conf-reviewed",
    stroke: "#5b3fb5",
    glyph: "◆",
  },
  resolved: { label: "resolved", meaning: "most readings agree, one differs", tint: "bg-conf-resolved", stroke: "#5b7a00", glyph: "≈" },
  unverified: {
    label: "unverified",
    meaning: "only one reading; nothing to cross-check",
    tint: "bg-conf-unverified",
    stroke: "#a86a00",
    glyph: "?",
  },
  disputed: {
    label: "disputed",
    meaning: "readings disagree; the value is provisional",
    tint: "bg-conf-disputed",
    stroke: "#c5221f",
    glyph: "!",
  },
};

/** The levels a person should look at, most urgent first. */
export const NEEDS_REVIEW: readonly Confidence[] = ["disputed", "unverified", "resolved"];

// The key to the cell tints and marks, shown wherever tinted cells are.
import type { Confidence } from "@/lib/result/schema";
import { CONFIDENCE_STYLES } from "./confidence";
import { ConfidenceMark } from "./confidence-mark";

const SHOWN: Confidence[] = ["verified", "confirmed", "resolved", "reviewed", "unverified", "disputed"];

export function ConfidenceLegend({ compact = false }: { compact?: boolean }) {
  return (
    <ul
      className={`m-0 grid list-none gap-x-4 gap-y-1 p-0 ${compact ? "grid-cols-2 sm:grid-cols-3" : "sm:grid-cols-2"}`}
      aria-label="Confidence legend"
    >
      {SHOWN.map((level) => (
        <li key={level} className="flex items-start gap-2 text-sm">
          <span
            className={`mt-0.5 inline-flex h-5 w-6 flex-none items-center justify-center rounded-sm border border-[#8a949e] ${CONFIDENCE_STYLES[level].tint}`}
            style={
              level === "disputed"
                ? { backgroundImage: "repeating-linear-gradient(135deg, transparent 0 6px, rgba(27,31,36,0.09) 6px 8px)" }
                : undefined
            }
            aria-hidden="true"
          >
            <span className="text-xs font-bold">{CONFIDENCE_STYLES[level].glyph}</span>
          </span>
          <span>
            <strong>{CONFIDENCE_STYLES[level].label}</strong>
            {compact ? null : <span className="muted">: {CONFIDENCE_STYLES[level].meaning}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}

export { ConfidenceMark };

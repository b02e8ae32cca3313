// The key to the cell tints, shown wherever tinted cells are.
import type { Confidence } from "@/lib/result/schema";
import { CONFIDENCE_STYLES } from "./confidence";

const SHOWN: Confidence[] = ["verified", "confirmed", "resolved", "reviewed", "unverified", "disputed"];

export function ConfidenceLegend({ compact = false }: { compact?: boolean }) {
  return (
    <ul className={`m-0 grid list-none gap-x-4 gap-y-1 p-0 ${compact ? "grid-cols-2 sm:grid-cols-3" : "sm:grid-cols-2"}`} aria-label="Confidence legend">
      {SHOWN.map((level) => (
        <li key={level} className="flex items-start gap-2 text-sm">
          <span className={`mt-0.5 inline-block h-4 w-4 flex-none rounded-sm border border-[#8a949e] ${CONFIDENCE_STYLES[level].tint}`} aria-hidden="true" />
          <span>
            <strong>{CONFIDENCE_STYLES[level].label}</strong>
            {compact ? null : <span className="muted">: {CONFIDENCE_STYLES[level].meaning}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}

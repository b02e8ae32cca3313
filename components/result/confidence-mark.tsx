// A confidence level as a shape as well as a colour (tint alone fails colour-blind
// readers and print): one glyph per level in the ink colour (it sits on every tint), the word for
// screen readers.
import type { Confidence } from "@/lib/result/schema";
import { CONFIDENCE_STYLES } from "./confidence";

export function ConfidenceMark({ level, className = "" }: { level: Confidence; className?: string }) {
  const style = CONFIDENCE_STYLES[level];
  return (
    <span className={`conf-mark ${className}`} data-mark={level} title={style.label}>
      <span aria-hidden="true">{style.glyph}</span>
      <span className="visually-hidden">{style.label}</span>
    </span>
  );
}

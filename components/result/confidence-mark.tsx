// A confidence level as a shape as well as a colour (issue 16: tint alone fails colour-blind
// readers and print): one glyph per level, the level's strong colour, the word for screen readers.
import type { Confidence } from "@/lib/result/schema";
import { CONFIDENCE_STYLES } from "./confidence";

export function ConfidenceMark({ level, className = "" }: { level: Confidence; className?: string }) {
  const style = CONFIDENCE_STYLES[level];
  return (
    <span className={`conf-mark ${className}`} style={{ color: style.stroke }} data-mark={level} title={style.label}>
      <span aria-hidden="true">{style.glyph}</span>
      <span className="visually-hidden">{style.label}</span>
    </span>
  );
}

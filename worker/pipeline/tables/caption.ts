// Table captions (the table's `caption`): a short qualifier line directly above or below a table
// that belongs to the whole table ("in thousands of euro", "(percent)", "Source: ..." is not one).
import type { TableModel } from "../types";
import type { ProseBlock } from "../prose/lines-to-blocks";
import type { Settings } from "../settings";

const QUALIFIER =
  /^\(?\s*(in |unit|units|amounts? in|figures in|values in|all figures|percent|per cent|%|thousands?|millions?|billions?|eur|usd|\$|€)/i;

/** Moves qualifier blocks that sit right above a table into its caption; returns the other blocks. */
export function attachCaptions(models: TableModel[], blocks: ProseBlock[], settings: Settings): ProseBlock[] {
  const used = new Set<ProseBlock>();
  for (const model of models) {
    const near = blocks.filter((b) => {
      if (used.has(b) || b.role === "heading") return false;
      const gap = model.box[1] - b.box[3];
      const overlapX = Math.min(b.box[2], model.box[2]) - Math.max(b.box[0], model.box[0]);
      return (
        gap >= -1 &&
        gap < b.size * settings.captionGapEm &&
        overlapX > 0 &&
        b.text.length <= settings.maxCaptionChars &&
        QUALIFIER.test(b.text)
      );
    });
    const caption = near.sort((a, b) => b.box[3] - a.box[3])[0];
    if (caption) {
      model.caption = caption.text;
      used.add(caption);
    }
  }
  return blocks.filter((b) => !used.has(b));
}

// Two tables stacked on one page, typed the way an old report is: each with its own header line, a
// rule of typed dashes under it (text, not drawing), labels running into dot leaders, and a blank
// gap of varied height between the two. They are two tables: a reader that joins text-aligned
// blocks across the gap delivers them as one.
import { Canvas } from "../canvas";
import { columnNames, int, pick } from "../content";
import type { Family } from "../family";
import type { TruthTable } from "../truth";
import { drawLook, drawVaried, fitLook, headerLine, variedLabel, variedNumber, type VariedLook } from "../varied";

export const stackedTypedTables: Family = {
  name: "stacked-typed-tables",
  about: "two stacked tables, each with a header, typed dash rules and dot leaders, a varied blank gap between",
  async build({ doc, fonts, rng }) {
    const base = await drawLook(rng, fonts, { rulings: ["none"] });
    // Mostly typewriter faces; sometimes a proportional face with the same typed rules.
    const mono = rng() < 0.75;
    const look: VariedLook = mono ? { ...base, mono, font: await fonts.mono(int(rng, 0, 1)), size: int(rng, 7, 9) } : base;
    const canvas = Canvas.add(doc);
    const used = new Set<string>();
    const tables: TruthTable[] = [];
    let y = look.y;
    // Same column count in both (the hard case) or not.
    const cols = int(rng, 2, 5);
    for (let t = 0; t < 2; t++) {
      const n = rng() < 0.6 ? cols : int(rng, 2, 5);
      const leaders = rng() < 0.7;
      const rows = Array.from({ length: int(rng, 3, 8) }, () => ({
        cells: [variedLabel(rng, used), ...Array.from({ length: n }, () => variedNumber(rng, look.format))],
        leaders,
      }));
      const plan = { headerLines: [headerLine([pick(rng, ["Item", "Sector", "Area", ""]), ...columnNames(rng, n)])], rows };
      const fitted = fitLook(plan, look, canvas.width);
      const drawn = drawVaried(canvas, plan, fitted, { y, typedRule: true });
      tables.push({ page: 1, cells: drawn.cells, headerRows: 1 });
      const step = fitted.size * fitted.pitch;
      y = drawn.box[3] + step * (1.5 + rng() * 2.5);
    }
    canvas.finish();
    return tables;
  },
};

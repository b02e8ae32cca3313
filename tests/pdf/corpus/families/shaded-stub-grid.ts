// A full grid (a rule under every row, between every column) with the stub column on a tint,
// and often the header too: a printed form of thresholds or rates, rows as tight as their text,
// short values ("1", "-", "0,1"). On a realistic scan the tint hides the labels' letters from the
// orientation guess (some pages were read upside down) and, while ink was told from paper by a
// fixed level, the rules across it from the raster rulings (the stub fell out of the table).
import { Canvas } from "../canvas";
import { columnNames, int, pick } from "../content";
import type { Family } from "../family";
import { drawLook, drawVaried, fitLook, headerLine, variedLabel, variedNumber, variedWidths, type VariedRow } from "../varied";

const SHORT_VALUES = ["1", "10", "-", "0,1", "100", "1 000", "5", "20"];

export const shadedStubGrid: Family = {
  name: "shaded-stub-grid",
  about: "a full grid of thin rules, the stub column tinted, tight rows of short values",
  async build({ doc, fonts, rng }) {
    const drawn = await drawLook(rng, fonts, { rulings: ["every-row"] });
    const look = { ...drawn, pitch: 1.25 + rng() * 0.35 };
    const canvas = Canvas.add(doc);
    const used = new Set<string>();
    const cols = int(rng, 2, 5);
    const short = rng() < 0.6;
    const rows: VariedRow[] = Array.from({ length: int(rng, 8, 18) }, () => ({
      cells: [
        variedLabel(rng, used),
        ...Array.from({ length: cols }, () => (short ? pick(rng, SHORT_VALUES) : variedNumber(rng, look.format))),
      ],
    }));
    const plan = { headerLines: [headerLine([pick(rng, ["", "Substance", "Item"]), ...columnNames(rng, cols)])], rows };
    const fitted = fitLook(plan, look, canvas.width);
    const widths = variedWidths(plan, fitted);
    const step = fitted.size * fitted.pitch;
    const pad = (step - fitted.size) / 2;
    const left = fitted.x - 2;
    const right = fitted.x + widths.reduce((a, b) => a + b, 0) + fitted.colGap * (widths.length - 1) + 2;
    const top = fitted.y - pad - 1;
    const bottom = top + step * (rows.length + 1);
    // The tint first (it lies under the rules and the text): the stub column, and the header row in
    // some draws; a light or a mid grey, as a coloured tint prints on a grey scan.
    const tint = 0.66 + rng() * 0.2;
    const stubRight = fitted.x + widths[0]! + fitted.colGap / 2;
    const tintTop = top + (rng() < 0.5 ? step : 0);
    canvas.fillRect(left, tintTop, stubRight - left, bottom - tintTop, tint);
    if (rng() < 0.5) canvas.fillRect(stubRight, top, right - stubRight, step, tint);
    const thickness = 0.3 + rng() * 0.5;
    let at = fitted.x;
    canvas.vline(left, top, bottom, thickness);
    for (let c = 0; c < widths.length - 1; c++) {
      at += widths[c]! + fitted.colGap;
      canvas.vline(at - fitted.colGap / 2, top, bottom, thickness);
    }
    canvas.vline(right, top, bottom, thickness);
    const table = drawVaried(canvas, plan, fitted);
    canvas.finish();
    return [{ page: 1, cells: table.cells, headerRows: 1 }];
  },
};

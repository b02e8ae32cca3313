// The golden PDFs: one generator per case, each returning the file path. Expected results live
// in worker/pipeline/golden.test.ts.
import sharp from "sharp";
import { TestPdf } from "./make-pdf";

const W = [120, 80, 80];

export async function ruledPdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const page = pdf.addPage();
  pdf.text(page, "Ruled table", 60, 60, 16, true);
  pdf.table(page, {
    x: 60,
    y: 100,
    colWidths: W,
    rowHeight: 20,
    style: "grid",
    rows: [
      ["Item", "Qty", "Price"],
      ["Apples", "3", "1.20"],
      ["Pears", "12", "0.80"],
      ["Plums", "7", "2.10"],
    ],
  });
  return pdf.save("ruled");
}

export async function unruledPdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const page = pdf.addPage();
  pdf.table(page, {
    x: 60,
    y: 100,
    colWidths: [140, 70, 70, 70],
    rowHeight: 16,
    style: "none",
    rows: [
      ["Region", "2022", "2023", "2024"],
      ["North", "1,204", "1,310", "1,452"],
      ["South", "982", "1,045", "1,101"],
      ["East", "640", "702", "733"],
      ["West", "1,530", "1,498", "1,610"],
    ],
  });
  return pdf.save("unruled");
}

export async function zebraPdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const page = pdf.addPage();
  pdf.table(page, {
    x: 60,
    y: 100,
    colWidths: [140, 80, 80],
    rowHeight: 18,
    style: "zebra",
    rows: [
      ["Country", "Imports", "Exports"],
      ["Austria", "86.2", "13.8"],
      ["Belgium", "40.1", "59.9"],
      ["Cyprus", "81.0", "3.8"],
      ["Denmark", "3.1", "10.2"],
    ],
  });
  return pdf.save("zebra");
}

export async function mergedPdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const page = pdf.addPage();
  pdf.table(page, {
    x: 60,
    y: 100,
    colWidths: [120, 80, 80],
    rowHeight: 20,
    style: "grid",
    rows: [
      ["Site", "Air", "Water"],
      ["Plant A", "12", "4"],
      ["Plant B", "not measured", ""],
      ["Plant C", "9", "5"],
    ],
    merges: [{ row: 2, col: 1, rowSpan: 1, colSpan: 2 }],
  });
  return pdf.save("merged");
}

export async function multiHeaderPdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const page = pdf.addPage();
  pdf.table(page, {
    x: 60,
    y: 100,
    colWidths: [120, 80, 80],
    rowHeight: 20,
    style: "grid",
    rows: [
      ["Product", "Sales", ""],
      ["", "2023", "2024"],
      ["Tea", "10", "12"],
      ["Coffee", "20", "25"],
    ],
    merges: [
      { row: 0, col: 1, rowSpan: 1, colSpan: 2 },
      { row: 0, col: 0, rowSpan: 2, colSpan: 1 },
    ],
  });
  return pdf.save("multi-header");
}

/** Merged cells of both kinds on one ruled table: a header band "Emissions" over Air and Water
 * (colbands; "Site" two header lines tall), and a body cell "not measured" spanning Air and Water
 * (span_grid row 1, col 1, col_span 2). For the web app's grids (e2e/browser). */
export async function mergedHeaderPdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const page = pdf.addPage();
  pdf.table(page, {
    x: 60,
    y: 100,
    colWidths: [120, 80, 80],
    rowHeight: 20,
    style: "grid",
    rows: [
      ["Site", "Emissions", ""],
      ["", "Air", "Water"],
      ["Plant A", "12", "4"],
      ["Plant B", "not measured", ""],
      ["Plant C", "9", "5"],
    ],
    merges: [
      { row: 0, col: 0, rowSpan: 2, colSpan: 1 },
      { row: 0, col: 1, rowSpan: 1, colSpan: 2 },
      { row: 3, col: 1, rowSpan: 1, colSpan: 2 },
    ],
  });
  return pdf.save("merged-header");
}

export async function wrappedPdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const page = pdf.addPage();
  pdf.table(page, {
    x: 60,
    y: 100,
    colWidths: [160, 80],
    rowHeight: 20,
    rowLines: [1, 1.6, 1],
    style: "grid",
    rows: [
      ["Description", "Value"],
      ["Long name that\nwraps to two lines", "42"],
      ["Short", "7"],
    ],
  });
  return pdf.save("wrapped");
}

export async function rotatedPagePdf(): Promise<string> {
  const pdf = await TestPdf.create();
  // Drawn on a portrait page turned, displayed landscape by /Rotate 90 and reading upright.
  const page = pdf.addTurnedPage();
  pdf.table(page, {
    x: 60,
    y: 100,
    colWidths: W,
    rowHeight: 20,
    style: "grid",
    rows: [
      ["Item", "Qty", "Price"],
      ["Apples", "3", "1.20"],
      ["Pears", "12", "0.80"],
    ],
  });
  return pdf.save("rotated-page");
}

export async function sideLabelsPdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const page = pdf.addPage();
  // Column 0 holds rotated group labels spanning body rows 1-2 and 3-4.
  pdf.table(page, {
    x: 60,
    y: 100,
    colWidths: [24, 120, 80],
    rowHeight: 24,
    style: "grid",
    rows: [
      ["", "Parameter", "Value"],
      ["", "Length", "10"],
      ["", "Width", "4"],
      ["", "Mass", "2"],
      ["", "Volume", "8"],
    ],
    merges: [
      { row: 1, col: 0, rowSpan: 2, colSpan: 1 },
      { row: 3, col: 0, rowSpan: 2, colSpan: 1 },
    ],
  });
  pdf.rotatedText(page, "Size", 66, 157, 9);
  pdf.rotatedText(page, "Other", 66, 208, 9);
  return pdf.save("side-labels");
}

export async function twoTablesPdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const page = pdf.addPage();
  pdf.text(page, "First table", 60, 70, 14, true);
  pdf.table(page, {
    x: 60,
    y: 100,
    colWidths: W,
    rowHeight: 20,
    style: "grid",
    rows: [
      ["Item", "Qty", "Price"],
      ["Apples", "3", "1.20"],
      ["Pears", "12", "0.80"],
    ],
  });
  pdf.text(page, "Second table", 60, 220, 14, true);
  pdf.table(page, {
    x: 60,
    y: 250,
    colWidths: [140, 70, 70],
    rowHeight: 16,
    style: "none",
    rows: [
      ["City", "2023", "2024"],
      ["Oslo", "10.5", "11.2"],
      ["Bergen", "8.1", "8.4"],
      ["Trondheim", "5.0", "5.3"],
    ],
  });
  return pdf.save("two-tables");
}

async function squarePng(): Promise<Buffer> {
  const size = 64;
  const raw = Buffer.alloc(size * size * 3);
  for (let i = 0; i < size * size; i++) {
    const x = i % size;
    const y = Math.floor(i / size);
    raw[i * 3] = x * 4;
    raw[i * 3 + 1] = y * 4;
    raw[i * 3 + 2] = 128;
  }
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

export async function repeatedFigurePdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const png = await pdf.doc.embedPng(await squarePng());
  for (let k = 0; k < 2; k++) {
    const page = pdf.addPage();
    pdf.text(page, `Page ${k + 1} text above the logo.`, 60, 60, 10);
    page.drawImage(png, { x: 60, y: page.getHeight() - 100 - 72, width: 72, height: 72 });
  }
  return pdf.save("repeated-figure");
}

const LEFT = ["The first column starts here with", "ordinary running text that fills", "several lines of the left column."];
const RIGHT = ["The second column continues the", "story on the right hand side of", "the page after the left column."];

export async function twoColumnProsePdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const page = pdf.addPage();
  pdf.text(page, "Annual Report", 60, 60, 20, true);
  pdf.text(page, "Left heading", 60, 100, 14, true);
  LEFT.forEach((line, k) => pdf.text(page, line, 60, 124 + k * 13, 10));
  pdf.text(page, "Right heading", 320, 100, 14, true);
  RIGHT.forEach((line, k) => pdf.text(page, line, 320, 124 + k * 13, 10));
  return pdf.save("two-column-prose");
}

export async function orderCodePdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const page = pdf.addPage();
  pdf.table(page, {
    x: 60,
    y: 100,
    colWidths: [110, 60, 180],
    rowHeight: 20,
    style: "grid",
    rows: [
      ["Feature", "Code", "Meaning"],
      ["Housing", "A", "Aluminium"],
      ["", "S", "Stainless steel"],
      ["Output", "1", "4-20 mA"],
      ["", "2", "HART"],
    ],
  });
  return pdf.save("order-code");
}

export async function continuedTablePdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const rows = (from: number, n: number) =>
    Array.from({ length: n }, (_, k) => [`Row ${from + k}`, String((from + k) * 3), String((from + k) * 7)]);
  const first = pdf.addPage();
  pdf.text(first, "Long table", 60, 60, 16, true);
  // Runs to the bottom of page 1 ...
  pdf.table(first, { x: 60, y: 560, colWidths: W, rowHeight: 20, style: "grid", rows: [["Name", "Count", "Total"], ...rows(1, 12)] });
  // ... and goes on at the top of page 2 with the header repeated.
  const second = pdf.addPage();
  pdf.table(second, { x: 60, y: 50, colWidths: W, rowHeight: 20, style: "grid", rows: [["Name", "Count", "Total"], ...rows(13, 3)] });
  return pdf.save("continued-table");
}

export async function shortRuledPdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const page = pdf.addPage();
  // Two ruled rows: the grid sees a table, the text layout (three rows at least) does not.
  pdf.table(page, {
    x: 60,
    y: 100,
    colWidths: W,
    rowHeight: 20,
    style: "grid",
    rows: [
      ["Item", "Qty", "Price"],
      ["Apples", "3", "1.20"],
    ],
  });
  return pdf.save("short-ruled");
}

/** A stacked-bar chart drawn as boxes with its values (an EU document's Figure 1 in miniature) under a
 * "Figure 1:" caption, and a real table under a "Table 1:" caption below it. */
export async function captionedChartPdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const page = pdf.addPage();
  pdf.text(page, "Figure 1:", 60, 60, 11);
  pdf.text(page, "Population by age group (in %)", 130, 60, 11);
  pdf.table(page, {
    x: 100,
    y: 90,
    colWidths: [90, 150, 60],
    rowHeight: 18,
    style: "grid",
    rows: [
      ["30.5", "49.0", "20.4"],
      ["29.7", "48.6", "21.7"],
      ["28.7", "46.3", "25.0"],
    ],
  });
  pdf.text(page, "Source: Statistics, 2006.", 60, 160, 9);
  pdf.text(page, "Table 1:", 60, 200, 11);
  pdf.text(page, "Growth rate (percentage change)", 130, 200, 11);
  pdf.table(page, {
    x: 60,
    y: 230,
    colWidths: W,
    rowHeight: 20,
    style: "grid",
    rows: [
      ["Year", "Finland", "EU-15"],
      ["1996", "3.7", "1.6"],
      ["2000", "5.0", "3.9"],
    ],
  });
  return pdf.save("captioned-chart");
}

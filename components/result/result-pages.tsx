// The pages of a result in reading order, one card per page: tables as tinted grids, headings and
// paragraphs, figures. The finished result (result-view.tsx) and a running job's finished pages
// (finished-pages.tsx) render through this one component, so a page looks the same before and
// after the job is done.
import type { Image, PageEntry, Prose, Table } from "@/lib/result/schema";
import { TableGrid } from "./table-grid";
import { headingRanks, type Block } from "./heading-ranks";

export interface PagesContent {
  tables: Table[];
  prose: Prose[];
  images: Image[];
  pages: PageEntry[];
}

function blocksOfPage(content: PagesContent, page: number): Block[] {
  const blocks: Block[] = [
    ...content.prose.filter((p) => p.page === page).map((prose): Block => ({ kind: "prose", order: prose.order, prose })),
    ...content.images.filter((i) => i.page === page).map((image): Block => ({ kind: "image", order: image.order, image })),
    // A table whose place in the reading order is unknown goes after everything else on its page.
    ...content.tables
      .filter((t) => t.page === page)
      .map((table): Block => ({ kind: "table", order: table.order ?? Number.MAX_SAFE_INTEGER, table })),
  ];
  return blocks.sort((a, b) => a.order - b.order);
}

function ProseBlock({ prose, rank }: { prose: Prose; rank: 3 | 4 | undefined }) {
  if (prose.role === "heading") {
    const Heading = rank === 4 ? "h4" : "h3";
    return <Heading className="mb-1 mt-3">{prose.text}</Heading>;
  }
  return <p className="my-2 max-w-prose whitespace-pre-line">{prose.text}</p>;
}

/** `figuresPending`: figures per page whose crops are not stored yet (a running job's pages). */
export function ResultPages({
  jobId,
  content,
  figuresPending,
}: {
  jobId: string;
  content: PagesContent;
  figuresPending?: ReadonlyMap<number, number>;
}) {
  return (
    <>
      {content.pages.map((entry) => {
        const page = entry.page;
        const blocks = blocksOfPage(content, page);
        const ranks = headingRanks(blocks);
        const pending = figuresPending?.get(page) ?? 0;
        return (
          <section key={page} className="card" aria-labelledby={`page-${page}`} data-testid={`page-${page}`}>
            <h2 id={`page-${page}`}>Page {page}</h2>
            {entry.unreadable ? (
              <p className="notice notice-warn">
                This page could not be read by any reading; nothing from it is in the result. Check the original.
              </p>
            ) : entry.unchecked ? (
              <p className="notice notice-warn">
                No OCR reading of this page succeeded, so nothing on it could be cross-checked: it is shown from its text layer alone and
                was not charged.
              </p>
            ) : null}
            {!entry.unreadable && blocks.length === 0 && pending === 0 ? <p className="muted">Nothing was found on this page.</p> : null}
            <div className="stack">
              {blocks.map((block) =>
                block.kind === "table" ? (
                  <TableGrid key={`t${block.table.index}`} table={block.table} />
                ) : block.kind === "prose" ? (
                  <ProseBlock key={`p${block.prose.index}`} prose={block.prose} rank={ranks.get(block.prose.index)} />
                ) : block.image.uncropped ? (
                  <UncroppedFigure key={`i${block.image.index}`} image={block.image} page={page} />
                ) : (
                  <figure key={`i${block.image.index}`} className="m-0">
                    {/* eslint-disable-next-line @next/next/no-img-element -- a crop served as is; no resizing service */}
                    <img
                      src={`/jobs/${jobId}/${block.image.path}`}
                      alt={`Figure ${block.image.index + 1} on page ${page}`}
                      className="h-auto max-w-full rounded border border-line"
                    />
                    <figcaption className="muted text-sm">
                      Figure {block.image.index + 1} · {block.image.confidence}
                      {block.image.also_on.length ? ` · also on page ${block.image.also_on.join(", ")}` : ""}
                    </figcaption>
                  </figure>
                ),
              )}
              {pending > 0 ? (
                <p className="muted text-sm">
                  {pending} figure{pending === 1 ? "" : "s"} on this page, shown when the whole document is done.
                </p>
              ) : null}
            </div>
          </section>
        );
      })}
    </>
  );
}

/** A figure a reviewer marked (a region read as a table that is no table): no crop was cut (the web
 * process renders no page), so it is shown as its region of the page: a frame of the region's
 * proportions and where it is, in PDF points. */
function UncroppedFigure({ image, page }: { image: Image; page: number }) {
  const [x0, y0, x1, y1] = image.bbox;
  const width = Math.max(1, x1 - x0);
  const height = Math.max(1, y1 - y0);
  return (
    <figure className="m-0" data-testid="uncropped-figure">
      <div
        className="flex w-full max-w-md items-center justify-center rounded border border-dashed border-line bg-white p-2 text-center text-sm"
        style={{ aspectRatio: `${width} / ${height}`, maxHeight: "16rem" }}
      >
        Figure marked on the review page: the region of page {page} from ({Math.round(x0)}, {Math.round(y0)}) to ({Math.round(x1)},{" "}
        {Math.round(y1)}) pt
      </div>
      <figcaption className="muted text-sm">
        Figure {image.index + 1} · {image.confidence} · no crop: see the original page
      </figcaption>
    </figure>
  );
}

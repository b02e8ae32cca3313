// The account's documents: what each delivered and cost.
import type { UsageRow } from "@/lib/account/history";
import { formatTime, formatUsd } from "@/lib/account/format";

export function UsageTable({ rows }: { rows: UsageRow[] }) {
  if (rows.length === 0) return <p className="muted">No documents yet.</p>;
  return (
    <div className="table-scroll">
      <table className="stacked" aria-label="Usage">
        <thead>
          <tr>
            <th scope="col">Submitted</th>
            <th scope="col">File</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Pages
            </th>
            <th scope="col" className="num">
              Cost
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td data-label="Submitted">{formatTime(row.createdAt)}</td>
              <td data-label="File" className="wrap">
                <span>
                  {/* The job's page: its result, downloads and (when cells need a person) review. */}
                  <a href={`/jobs/${row.id}`}>{row.fileName}</a>
                  {row.mode === "batch" ? <span className="muted"> (batch)</span> : null}
                </span>
              </td>
              <td data-label="Status">{row.status}</td>
              <td data-label="Pages" className="num">
                {row.pages ?? "–"}
              </td>
              <td data-label="Cost" className="num">
                {row.costUsd === null ? "–" : formatUsd(row.costUsd)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

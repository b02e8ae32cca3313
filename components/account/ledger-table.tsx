// Every money movement on the account: top-ups and credits, holds for running documents, their
// release, and charges for delivered pages.
import type { LedgerRow } from "@/lib/account/history";
import { formatSignedUsd, formatTime } from "@/lib/account/format";

const KIND_LABELS: Record<string, string> = {
  topup: "top-up",
  admin_credit: "credit",
  hold: "hold",
  release: "hold released",
  charge: "charge",
};

export function LedgerTable({ rows }: { rows: LedgerRow[] }) {
  if (rows.length === 0) return <p className="muted">No payments or charges yet.</p>;
  return (
    <div className="table-scroll">
      <table className="stacked" aria-label="Ledger">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Kind</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td data-label="Date">{formatTime(row.createdAt)}</td>
              <td data-label="Kind">{KIND_LABELS[row.kind] ?? row.kind.replaceAll("_", " ")}</td>
              <td data-label="Amount" className="num">
                {formatSignedUsd(row.amountUsd)}
              </td>
              <td data-label="Note" className="wrap">
                {row.note ?? ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// The account's API keys; revoking is a plain form post (works without JavaScript).
import type { KeyRow } from "@/lib/account/keys";
import { formatTime } from "@/lib/account/format";

export function KeysTable({ keys }: { keys: KeyRow[] }) {
  if (keys.length === 0) return <p className="muted">No keys yet. Create one above to use the API with your balance.</p>;
  return (
    <div className="table-scroll">
      <table className="stacked" aria-label="API keys">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} data-key-prefix={key.prefix}>
              <td data-label="Name" className="wrap">
                {key.name}
              </td>
              <td data-label="Key">
                <code>{key.prefix}…</code>
              </td>
              <td data-label="Created">{formatTime(key.createdAt)}</td>
              <td data-label="Last used">{formatTime(key.lastUsedAt)}</td>
              <td data-label="Status">
                {key.revokedAt ? (
                  <span className="badge badge-off" title={`revoked ${formatTime(key.revokedAt)}`}>
                    revoked
                  </span>
                ) : (
                  <span className="badge badge-ok">active</span>
                )}
              </td>
              <td data-label="">
                {key.revokedAt ? null : (
                  <form method="post" action={`/account/keys/${encodeURIComponent(key.id)}/revoke`}>
                    <button type="submit" className="button button-danger" aria-label={`Revoke key ${key.name}`}>
                      Revoke
                    </button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

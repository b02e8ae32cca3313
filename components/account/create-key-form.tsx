"use client";
// Create an API key: the answer carries the plaintext, shown here once and kept nowhere else.
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

interface CreatedKey {
  name: string;
  key: string;
}

export function CreateKeyForm({ maxLength }: { maxLength: number }) {
  const router = useRouter();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    setCopied(false);
    try {
      const response = await fetch("/account/keys", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name }),
      });
      const body = (await response.json().catch(() => ({}))) as { key?: string; name?: string; detail?: string };
      if (!response.ok || !body.key) {
        setProblem(body.detail ?? "The key could not be created; please try again.");
        return;
      }
      setCreated({ name: body.name ?? name, key: body.key });
      setName("");
      router.refresh(); // the key list is server-rendered
    } catch {
      setProblem("The key could not be created; check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
    } catch {
      setCopied(false); // clipboard refused (e.g. plain http): the key stays selectable
    }
  }

  return (
    <div className="stack">
      <form onSubmit={create} className="row">
        <div className="grow">
          <label htmlFor="key-name">Key name</label>
          <input
            id="key-name"
            name="name"
            type="text"
            required
            maxLength={maxLength}
            placeholder="e.g. invoice-importer"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Creating…" : "Create key"}
        </button>
      </form>
      {problem ? (
        <p role="alert" className="notice notice-error">
          {problem}
        </p>
      ) : null}
      {created ? (
        <div className="notice notice-ok stack" role="status" data-testid="new-key">
          <p style={{ margin: 0 }}>
            <strong>Key “{created.name}” created.</strong> Copy it now: it is shown only this once (we keep only a digest of it).
          </p>
          <code className="secret" aria-label="New API key">
            {created.key}
          </code>
          <div className="row">
            <button type="button" className="button button-secondary" onClick={() => void copy()}>
              {copied ? "Copied" : "Copy key"}
            </button>
            <button type="button" className="link-button" onClick={() => setCreated(null)}>
              I have saved it; hide it
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

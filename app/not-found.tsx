// Any page that does not exist, and any job this visitor may not see (the same answer for both,
// so other accounts' job ids cannot be probed).
export default function NotFound() {
  return (
    <main className="page page-narrow">
      <h1>Not found</h1>
      <p>
        There is nothing here, or it is not yours to see. Extractions are deleted a while after they finish (24 hours unless this server is
        set otherwise).
      </p>
      <p>
        <a href="/">Upload a document</a> · <a href="/account">Your account</a>
      </p>
    </main>
  );
}

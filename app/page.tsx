export default function HomePage() {
  return (
    <main style={{ maxWidth: 720, margin: "3rem auto", fontFamily: "system-ui, sans-serif", lineHeight: 1.5, padding: "0 1rem" }}>
      <h1>Tables you can trust</h1>
      <p>
        Send a PDF; get its tables, prose and figures back. Every cell says how sure we are and which independent
        readings back it. Disputed cells stay provisional, with every reading.
      </p>
      <p>
        API: <code>POST /v1/parse</code> with a multipart part <code>file</code>, then poll <code>GET /v1/parse/&#123;id&#125;</code>.
        The contract is at <a href="/v1/openapi.json">/v1/openapi.json</a>.
      </p>
    </main>
  );
}

// GET /api-reference - the API contract for people: /v1/openapi.json (generated from the zod
// schemas) rendered by Swagger UI, a maintained viewer, from files served by this site.
import { SwaggerView } from "@/components/api-reference/swagger-view";

export const metadata = { title: "API reference · pdftables" };

export default function ApiReferencePage() {
  return (
    <main className="page">
      <h1>API reference</h1>
      <p>
        Send a PDF to <code>POST /v1/parse</code> in a form part named <code>file</code>, then poll{" "}
        <code>GET /v1/parse/&#123;id&#125;</code> until <code>status</code> is <code>done</code>. Without a key you are on the free trial;
        with <code>Authorization: Bearer pk_live_…</code> (keys are on your <a href="/account">account page</a>) pages are charged to your
        balance. The machine-readable contract is <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1).
      </p>
      <SwaggerView specUrl="/v1/openapi.json" />
    </main>
  );
}

// POST /account/keys - create an API key for the signed-in account; the plaintext is in this
// answer and nowhere else, ever
import { createKey } from "@/lib/account/keys";
import { withAccount } from "@/lib/account/with-account";

export const dynamic = "force-dynamic";

async function readName(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const body = (await request.json().catch(() => null)) as { name?: unknown } | null;
    return body?.name;
  }
  return (await request.formData().catch(() => null))?.get("name") ?? undefined;
}

export const POST = withAccount(async ({ request, user }) => {
  const key = await createKey(user.id, await readName(request));
  return Response.json(
    { id: key.id, name: key.name, prefix: key.prefix, key: key.plaintext },
    { status: 201, headers: { "cache-control": "no-store" } },
  );
});

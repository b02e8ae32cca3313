// POST /account/keys/{id}/revoke - revoke one of the signed-in account's keys (a plain form
// post; answers 303 back to the account page)
import { revokeKey } from "@/lib/account/keys";
import { withAccount } from "@/lib/account/with-account";

export const dynamic = "force-dynamic";

export const POST = withAccount<{ id: string }>(async ({ user, params }) => {
  await revokeKey(user.id, params.id);
  // Relative Location: the browser resolves it against the address it used.
  return new Response(null, { status: 303, headers: { location: "/account?revoked=1" } });
});

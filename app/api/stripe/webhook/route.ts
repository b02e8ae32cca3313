// POST /api/stripe/webhook - Stripe events (top-ups); signature verified on the raw body
import { errorToResponse } from "@/lib/errors";
import { handleStripeEvent, verifyStripeEvent } from "@/lib/billing/stripe-webhook";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  try {
    const event = verifyStripeEvent(await request.text(), request.headers.get("stripe-signature"));
    const outcome = await handleStripeEvent(event);
    console.log(`[stripe] ${event.type} ${event.id}: ${outcome}`);
    return Response.json({ received: true, outcome });
  } catch (error) {
    return errorToResponse(error);
  }
}

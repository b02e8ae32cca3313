// Top up the balance: a plain form post to /account/topup, which answers with a redirect to
// Stripe Checkout (or back here with ?topup=unconfigured when payments are off). `requestId` is
// fresh on every render of the page: sending the same form twice opens one Checkout Session.
export function TopupForm({ minimumUsd, requestId }: { minimumUsd: number; requestId: string }) {
  const minimum = minimumUsd.toFixed(2);
  return (
    <form method="post" action="/account/topup" className="row">
      <input type="hidden" name="request_id" value={requestId} />
      <div className="grow">
        <label htmlFor="topup-amount">Amount in US dollars</label>
        <input
          id="topup-amount"
          name="amount_usd"
          type="number"
          inputMode="decimal"
          min={minimum}
          step="0.01"
          defaultValue={Math.max(minimumUsd, 10).toFixed(2)}
          required
          aria-describedby="topup-help"
        />
      </div>
      <button type="submit" className="button">
        Top up
      </button>
      <p id="topup-help" className="muted" style={{ margin: 0, flexBasis: "100%" }}>
        At least ${minimum}. You pay on Stripe&apos;s page; the balance grows once the payment is confirmed.
      </p>
    </form>
  );
}

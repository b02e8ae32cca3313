// GET /verify-request - after asking for a magic link
import { Notice } from "@/components/ui/notice";
import { isSmtpConfigured } from "@/lib/auth/next-auth";

export const dynamic = "force-dynamic";
export const metadata = { title: "Check your e-mail · pdftables" };

export default function VerifyRequestPage() {
  return (
    <main className="page page-narrow">
      <h1>Check your e-mail</h1>
      <div className="card stack">
        <p style={{ margin: 0 }}>We sent you a sign-in link. Open it on this device to finish signing in; it works once, for 24 hours.</p>
        {isSmtpConfigured() ? null : (
          <Notice tone="warn">
            This server has no mail server configured: the link was written to its log instead. Ask whoever runs it.
          </Notice>
        )}
        <p className="muted" style={{ margin: 0 }}>
          No mail? Check your spam folder, or <a href="/sign-in">ask for another link</a>.
        </p>
      </div>
    </main>
  );
}

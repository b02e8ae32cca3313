"use client";
import { signOut } from "next-auth/react";

/** `compact`: the small variant in the site header. */
export function SignOutButton({ compact = false }: { compact?: boolean }) {
  return (
    <button
      type="button"
      className={compact ? "button button-secondary button-small" : "button button-secondary"}
      onClick={() => void signOut({ callbackUrl: "/" })}
    >
      Sign out
    </button>
  );
}

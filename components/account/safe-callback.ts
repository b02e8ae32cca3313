/** Where to go after signing in: a path on this site only (never "//elsewhere" or a full URL). */
export function safeCallbackPath(value: string | string[] | undefined, fallback = "/account"): string {
  const path = Array.isArray(value) ? value[0] : value;
  if (!path || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}

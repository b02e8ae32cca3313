// A database address fit for a log line: the password replaced, everything else kept (an
// operator still sees which server, port and database). Text that is not a URL is left alone,
// apart from a trailing note such as "(this machine only: ...)".
const MASK = "****";

export function maskDatabasePassword(text: string): string {
  return text.replace(/(postgres(?:ql)?:\/\/[^:/@\s]*:)([^@\s]*)@/gi, (_match, prefix: string, password: string) =>
    password ? `${prefix}${MASK}@` : `${prefix}@`,
  );
}

/**
 * An error as a log line may name it where personal data is in play (answers,
 * registrations, contact messages): its name and the database's code, never
 * its message, which may quote a value (an address, a name, an answer).
 */
export function errorWithoutData(err: unknown): { name: string; code?: string } {
  if (!(err instanceof Error)) return { name: typeof err };
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? { name: err.name, code } : { name: err.name };
}

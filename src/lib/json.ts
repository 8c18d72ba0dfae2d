/** A JSON object (not null, not an array). */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `text` read as JSON when it is what `accepts` takes; null when there is no text, it is not JSON
 * or it is something else (stored and embedded data the app did not write last may be anything).
 */
export function parseJsonAs<T>(text: string | null | undefined, accepts: (value: unknown) => value is T): T | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return accepts(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

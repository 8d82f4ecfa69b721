/** shorten keeps a long value's first and last `keep` characters around an ellipsis. */
export function shorten(text: string, keep?: number): string {
  if (keep === undefined || text.length <= keep * 2 + 1) return text;
  return `${text.slice(0, keep)}…${text.slice(-keep)}`;
}

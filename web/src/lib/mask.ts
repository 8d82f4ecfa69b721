// Masking of a user's phone and email (SPEC.md section 5 "Masking").

/** maskPhone shows the first 3 and the last 4 digits: 138****8000. */
export function maskPhone(phone: string | null | undefined): string {
  const p = (phone ?? '').trim();
  if (p.length < 7) return p;
  return p.slice(0, 3) + '*'.repeat(p.length - 7) + p.slice(-4);
}

/** maskEmail shows the first 3 characters before the domain: ali***@example.com. */
export function maskEmail(email: string | null | undefined): string {
  const e = (email ?? '').trim();
  const at = e.lastIndexOf('@');
  if (at < 0) return e;
  const local = [...e.slice(0, at)];
  return `${local.slice(0, 3).join('')}***${e.slice(at)}`;
}

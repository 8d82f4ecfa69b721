// Masking and display of the user's own details (SPEC.md section 5 "Masking").

export { maskEmail, maskPhone } from '@/lib/mask';

/** displayName gives the nickname under whichever field the server filled. */
export function displayName(user: { nickName?: string; userName?: string; username?: string } | null | undefined): string {
  return user?.nickName || user?.userName || user?.username || '';
}

/** toLocaleTag turns zh_CN into zh-CN for Intl. */
function toLocaleTag(lang: string): string {
  return lang.replace('_', '-');
}

/**
 * formatRegistDate shows a Unix-millisecond time as a date and time in the
 * viewer's time zone and language (DESIGN.md "Look and feel").
 */
export function formatRegistDate(ms: number | string | null | undefined, lang: string, timeZone?: string): string {
  const n = typeof ms === 'string' ? Number(ms) : ms;
  if (n === null || n === undefined || !Number.isFinite(n) || n <= 0) return '';
  return new Intl.DateTimeFormat(toLocaleTag(lang), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(n));
}

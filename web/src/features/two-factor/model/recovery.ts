// The recovery codes as a person keeps them: a grouped key to type, a text to copy or save.
import { saveFile } from '@/lib/save-file';

/** groupKey writes a base32 key in groups of four, as apps that take it by hand show it. */
export function groupKey(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

/** recoveryText is the copied and downloaded text: a heading, a note, then one code a line. */
export function recoveryText(codes: readonly string[], head: string, note: string): string {
  return [head, note, '', ...codes, ''].join('\n');
}

/** recoveryFileName names the downloaded file after the pool and the day (YYYY-MM-DD, local). */
export function recoveryFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `uniplus-pool-recovery-codes-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.txt`;
}

/** saveTextFile offers text as a plain-text download named name. */
export function saveTextFile(name: string, text: string): void {
  saveFile(name, [text], 'text/plain;charset=utf-8');
}

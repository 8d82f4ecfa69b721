// Masking and display of the user's own details (SPEC.md section 5 "Masking").

export { maskEmail, maskPhone } from '@/lib/mask';

/** displayName gives the nickname under whichever field the server filled. */
export function displayName(user: { nickName?: string; userName?: string; username?: string } | null | undefined): string {
  return user?.nickName || user?.userName || user?.username || '';
}

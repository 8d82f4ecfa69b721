/**
 * The agent invite code an invite link carries (/mobile/registerInvite/:inviteCode).
 * Its shape is the server's rule (docs/accounts.md "Users"): letters, digits, - and _,
 * at most 32.
 */
const INVITE_CODE = /^[A-Za-z0-9_-]{1,32}$/;

/** inviteCodeOf is the link's code trimmed, or '' when it carries none ('null' is none, as for the server). */
export function inviteCodeOf(segment: string | undefined): string {
  const code = (segment ?? '').trim();
  return code === 'null' ? '' : code;
}

/** isInviteCodeShape tells whether a code could be an agent's; any other the server refuses. */
export function isInviteCodeShape(code: string): boolean {
  return INVITE_CODE.test(code);
}

/** isInviteInvalid tells a registration refused for its invite code (data.inviteInvalid). */
export function isInviteInvalid(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { inviteInvalid?: unknown }).inviteInvalid === true;
}

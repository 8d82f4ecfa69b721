import { api } from '@/lib/api-client';

/** INVITE_CHECK_TIMEOUT_MS bounds the invite page's wait: past it, the page goes on and registration decides. */
export const INVITE_CHECK_TIMEOUT_MS = 5_000;

/**
 * checkInvite asks whether an agent's invite code still works
 * (GET /pc/v1/common/customer/invite/check). Silent: the invite page shows
 * the outcome itself, and treats any failure as "not known".
 */
export async function checkInvite(code: string, signal?: AbortSignal): Promise<boolean> {
  const data = await api.get<{ valid: boolean }>('/pc/v1/common/customer/invite/check', { code }, { silent: true, signal });
  return data.valid === true;
}

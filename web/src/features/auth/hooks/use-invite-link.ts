import { useEffect, useState } from 'react';
import { clearInviteCode, keepInviteCode } from '@/lib/storage';
import { checkInvite, INVITE_CHECK_TIMEOUT_MS } from '../api/check-invite';
import { inviteCodeOf, isInviteCodeShape } from '../model/invite';

/**
 * InviteLink is where an invite link stands: without a code ('missing'),
 * being checked, refused (the code is no live agent's: unknown, disabled or
 * expired, or not even shaped like one), or 'go': the code is kept for
 * registration and the page moves on to the register form.
 */
export type InviteLink = 'missing' | 'checking' | 'expired' | 'go';

function initial(code: string): InviteLink {
  if (!code) return 'missing';
  return isInviteCodeShape(code) ? 'checking' : 'expired';
}

/**
 * useInviteLink checks the code of /mobile/registerInvite/:inviteCode with the
 * server at once, so that a dead link says so before anyone fills a form. A
 * live code is kept in sessionStorage (agentInviteCode) for the registration
 * payload; a dead one is not kept, and any code kept before is forgotten (it
 * was another link's). When the check itself fails (network, timeout, a rate
 * limit) the code is kept and the page goes on: registration checks it again
 * and says so if it is dead (SPEC.md sections 2, 4 and 8).
 */
export function useInviteLink(segment: string | undefined): InviteLink {
  const code = inviteCodeOf(segment);
  const [state, setState] = useState<{ code: string; link: InviteLink }>(() => ({ code, link: initial(code) }));

  useEffect(() => {
    const first = initial(code);
    setState({ code, link: first });
    if (first !== 'checking') {
      if (first === 'expired') clearInviteCode();
      return;
    }
    let current = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), INVITE_CHECK_TIMEOUT_MS);
    checkInvite(code, controller.signal)
      .then(
        (valid) => valid,
        () => true, // not known: registration decides
      )
      .then((keep) => {
        clearTimeout(timer);
        if (!current) return;
        if (keep) keepInviteCode(code);
        else clearInviteCode();
        setState({ code, link: keep ? 'go' : 'expired' });
      });
    return () => {
      current = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, [code]);

  // A new code in the address is being checked from the first render on.
  return state.code === code ? state.link : initial(code);
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TrackPoint } from '../model/track-recorder';

/** CaptchaCheck is a drag to judge: the challenge id, its track and the proof of work's nonce. */
export interface CaptchaCheck {
  id: string;
  track: TrackPoint[];
  nonce: string;
}

/** checkCaptcha has the server judge a drag (once per id); a pass answers a single-use ticket. */
export function checkCaptcha(check: CaptchaCheck): Promise<string> {
  return api.post<{ ticket: string }>('/pc/v1/common/captcha/check', check).then((data) => data.ticket);
}

/** useCheckCaptcha judges drags. */
export function useCheckCaptcha() {
  return useMutation({ mutationFn: checkCaptcha });
}

import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Answer } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useCountdown } from '@/lib/use-countdown';
import type { CaptchaTicket } from './use-captcha-ticket';

/** CODE_RESEND_SECONDS is the wait between two sends (SPEC.md section 9). */
export const CODE_RESEND_SECONDS = 60;

/** UseCodeButtonOptions say how to send one form's code. */
export interface UseCodeButtonOptions {
  /** captcha gives the slider ticket every send needs. */
  captcha: CaptchaTicket;
  /** prepare checks the target field first; false stops the send. */
  prepare: () => Promise<boolean> | boolean;
  /** send sends the code with the ticket. */
  send: (ticket: string) => Promise<Answer<unknown>>;
  /** onError shows the server's message beside the code field. */
  onError?: (message: string) => void;
}

/** CodeButton is the state of a "get code" button. */
export interface CodeButton {
  /** remaining seconds of the resend countdown; 0 when a send is allowed. */
  remaining: number;
  sending: boolean;
  /** blocked while sending or counting down. */
  blocked: boolean;
  /** label is the button's text. */
  label: string;
  click: () => Promise<void>;
}

/**
 * useCodeButton runs a "get code" button (SPEC.md section 4): it checks the
 * target, takes the slider ticket (opening the slider first when there is
 * none), sends, then blocks resends for 60 s. A failed send shows the
 * server's message and may be tried again at once.
 */
export function useCodeButton({ captcha, prepare, send, onError }: UseCodeButtonOptions): CodeButton {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const busy = useRef(false);

  const click = useCallback(async () => {
    if (busy.current || countdown.running) return;
    busy.current = true;
    try {
      if (!(await prepare())) return;
      const ticket = await captcha.request();
      if (!ticket) return;
      setSending(true);
      const answer = await send(ticket);
      countdown.start(CODE_RESEND_SECONDS);
      notify('success', answer.msg || t('messages.codeSent'));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (message) onError?.(message);
    } finally {
      busy.current = false;
      setSending(false);
    }
  }, [captcha, countdown, onError, prepare, send, t]);

  const label = countdown.running ? t('code.resendIn', { seconds: countdown.remaining }) : t('code.get');
  return { remaining: countdown.remaining, sending, blocked: sending || countdown.running, label, click };
}

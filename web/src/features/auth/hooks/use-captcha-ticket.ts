import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * TICKET_TTL_MS is how long this client trusts a ticket: the server keeps it
 * 2 minutes (docs/accounts.md); a little less leaves time for the call.
 */
export const TICKET_TTL_MS = 110_000;

/** CaptchaTicketOptions shape one form's slider. */
export interface CaptchaTicketOptions {
  /** now is the clock (tests). */
  now?: () => number;
  /**
   * keepPassedMs keeps the form's slider shown as passed for this long after a pass
   * whose ticket an action used, where the form's later steps need no ticket (the
   * register form: its submit needs none, docs/accounts.md "Sign-up"). 0, the default,
   * shows it passed only while an unused ticket waits.
   */
  keepPassedMs?: number;
}

/** CaptchaTicket holds the slider's single-use ticket for one form and opens the slider box. */
export interface CaptchaTicket {
  /** open: the slider box is shown. */
  open: boolean;
  /**
   * verified: a fresh ticket is waiting to be used, or, with keepPassedMs, the slider
   * was passed for an action less than keepPassedMs ago.
   */
  verified: boolean;
  /** verify opens the box so the visitor can pass it ahead of an action. */
  verify: () => void;
  /**
   * request gives a ticket for an action: the waiting one, or else it opens
   * the box and resolves when the slider is passed (null if the box closes first).
   */
  request: () => Promise<string | null>;
  /** take gives the waiting ticket and forgets it (single use), or null. */
  take: () => string | null;
  /** passed is called by the box with the server's ticket. */
  passed: (ticket: string) => void;
  /** close is called by the box when it closes. */
  close: () => void;
}

/**
 * useCaptchaTicket keeps one form's slider ticket (SPEC.md section 4: single use, 2 minutes).
 * The ticket stays single use: each action that needs one takes it, and the next such
 * action asks for the slider again. keepPassedMs only changes what the form shows.
 */
export function useCaptchaTicket({ now = Date.now, keepPassedMs = 0 }: CaptchaTicketOptions = {}): CaptchaTicket {
  const [open, setOpen] = useState(false);
  const [holding, setHolding] = useState(false);
  const [kept, setKept] = useState(false);
  const held = useRef<{ ticket: string; expiresAt: number } | null>(null);
  const waiting = useRef<((ticket: string | null) => void) | null>(null);
  const expiry = useRef<ReturnType<typeof setTimeout> | null>(null);
  const keptTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const forget = useCallback(() => {
    held.current = null;
    if (expiry.current) clearTimeout(expiry.current);
    expiry.current = null;
    setHolding(false);
  }, []);

  // A ticket went to an action: the form may go on showing the pass (keepPassedMs).
  const used = useCallback(() => {
    if (keepPassedMs <= 0) return;
    if (keptTimer.current) clearTimeout(keptTimer.current);
    setKept(true);
    keptTimer.current = setTimeout(() => {
      keptTimer.current = null;
      setKept(false);
    }, keepPassedMs);
  }, [keepPassedMs]);

  const take = useCallback((): string | null => {
    const h = held.current;
    forget();
    const ticket = h && h.expiresAt > now() ? h.ticket : null;
    if (ticket) used();
    return ticket;
  }, [forget, now, used]);

  const request = useCallback((): Promise<string | null> => {
    const ticket = take();
    if (ticket) return Promise.resolve(ticket);
    waiting.current?.(null);
    return new Promise((resolve) => {
      waiting.current = resolve;
      setOpen(true);
    });
  }, [take]);

  const verify = useCallback(() => {
    if (!held.current) setOpen(true);
  }, []);

  const passed = useCallback(
    (ticket: string) => {
      const resolve = waiting.current;
      if (resolve) {
        // An action is waiting for it: the ticket goes straight there.
        waiting.current = null;
        used();
        resolve(ticket);
        return;
      }
      forget();
      held.current = { ticket, expiresAt: now() + TICKET_TTL_MS };
      expiry.current = setTimeout(forget, TICKET_TTL_MS);
      setHolding(true);
    },
    [forget, now, used],
  );

  const close = useCallback(() => {
    setOpen(false);
    const resolve = waiting.current;
    waiting.current = null;
    resolve?.(null);
  }, []);

  useEffect(
    () => () => {
      if (expiry.current) clearTimeout(expiry.current);
      if (keptTimer.current) clearTimeout(keptTimer.current);
      waiting.current?.(null);
    },
    [],
  );

  return { open, verified: holding || kept, verify, request, take, passed, close };
}

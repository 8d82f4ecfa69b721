// observerList, where an observer link lands (/observerMode/observerList?token=...): the
// token is kept as the observer token (and taken out of the address), the link's flags and
// coins are stored for the menus, and the page offers what the link shares.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, codes } from '@/lib/api-client';
import { local, localKeys, session, sessionKeys, type ObserverInfo } from '@/lib/storage';
import { useFormat } from '@/lib/use-format';
import { useSession } from '@/lib/use-session';
import { useObserverDetail } from '../api/observer-entry';
import { useObserverTexts } from '../texts';

/** TOKEN_PARAM is the link's query parameter (SPEC: the token is the part after '='). */
export const TOKEN_PARAM = 'token';

/** EntryPaths are the size's addresses the entry page leads to. */
export interface EntryPaths {
  ownLinks: string;
  devices: string;
  revenue: string;
}

/** EntryAction is one way on from an open link: a page it shares. */
export interface EntryAction {
  key: 'devices' | 'revenue';
  label: string;
  testId: string;
  /** primary: the first page the link opens is the main button. */
  primary: boolean;
  go: () => void;
}

/**
 * useObserverEntry is the entry page's state and what each state shows, for both sizes;
 * to are the size's addresses of the pages it leads to.
 */
export function useObserverEntry(to: EntryPaths) {
  const texts = useObserverTexts();
  const navigate = useNavigate();
  const fmt = useFormat();
  const [params, setParams] = useSearchParams();
  const given = params.get(TOKEN_PARAM);
  const { token: loginToken, observerToken, observerInfo } = useSession();
  const qc = useQueryClient();

  // A link with a token replaces whatever link was open before; the observer pages' cached
  // reads belonged to that one.
  useEffect(() => {
    if (!given) return;
    if (given !== local.get(localKeys.observerToken)) {
      session.remove(sessionKeys.observerGone);
      local.set(localKeys.observerToken, given);
      local.remove(localKeys.observerInfo);
      local.remove(localKeys.unReadCount);
      qc.clear();
    }
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete(TOKEN_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [given, setParams, qc]);

  const token = given ?? observerToken;
  const detail = useSharedLinkInfo(token, true);
  // A link that failed stays "gone" after it is forgotten (and the address has lost its
  // token), until another link is opened.
  const [gone, setGone] = useState(() => !given && session.get(sessionKeys.observerGone) === '1');
  const refused = isLinkGone(detail.error);
  useEffect(() => {
    if (refused) setGone(true);
    else if (detail.data) setGone(false);
  }, [refused, detail.data]);
  // What was stored of the link counts only when there is something (a real answer names
  // its coins); an empty one would show a link that shares nothing.
  const info = detail.data ?? (observerToken && observerInfo.currencyList ? observerInfo : null);
  const state = entryState({ gone: gone || refused, token, failed: detail.isError, info, ready: texts.ready });
  const until = info?.expiresAt ? fmt.dateTime(info.expiresAt) : '';
  const { t } = texts;
  const ownLinks = showOwnLinks(state, loginToken !== null);
  const actions: EntryAction[] = [];
  if (info?.machineInfoEnabled) actions.push({ key: 'devices', label: t('entry.toDevices'), testId: 'observer-to-devices', primary: true, go: () => navigate(to.devices) });
  if (info?.incomeInfoEnabled)
    actions.push({ key: 'revenue', label: t('entry.toRevenue'), testId: 'observer-to-revenue', primary: !info.machineInfoEnabled, go: () => navigate(to.revenue) });
  return {
    texts,
    state,
    info,
    /** until is when the link ends (date and 24-hour time in the app's language), or '' for a link that never does. */
    until,
    /** rows are what the link shares, one line each, for both sizes' lists. */
    rows: info ? shareRows(info, until, texts.t) : [],
    /** ownLinks: a logged-in owner without a link here is led to the observer links they share (/observer), not left at a dead end. */
    ownLinks,
    /** retry asks again after a failure that was not the link's (network, server). */
    retry: () => void detail.refetch(),
    /** actions are the pages an open link leads to, the first one primary. */
    actions,
    /** toOwnLinks leads an owner without a link here to their own links (null for others). */
    toOwnLinks: ownLinks ? { label: t('entry.toOwnLinks'), owner: t('entry.owner'), go: () => navigate(to.ownLinks) } : null,
  };
}

/** ShareRow is one line of what a link shares: its label and its value, or its coins (testId marks the value for tests). */
export interface ShareRow {
  key: string;
  label: string;
  value?: string;
  coins?: string[];
  testId?: string;
}

/**
 * shareRows lists what a link shares: its note (when it has one), its coins, whether it
 * opens the machine and the income pages, its sub-accounts (none named: all), and when it
 * ends (until, or never).
 */
export function shareRows(info: ObserverInfo, until: string, t: (key: string) => string): ShareRow[] {
  const yesNo = (on: boolean | undefined) => t(on ? 'entry.yes' : 'entry.no');
  return [
    ...(info.note ? [{ key: 'note', label: t('entry.note'), value: info.note }] : []),
    { key: 'coins', label: t('entry.coins'), coins: info.currencyList ?? [] },
    { key: 'machine', label: t('entry.machine'), value: yesNo(info.machineInfoEnabled), testId: 'observer-machine' },
    { key: 'income', label: t('entry.income'), value: yesNo(info.incomeInfoEnabled), testId: 'observer-income' },
    { key: 'subAccounts', label: t('entry.subAccounts'), value: info.subAccounts?.length ? info.subAccounts.join(', ') : t('entry.all') },
    { key: 'until', label: t('entry.until'), value: until || t('entry.never'), testId: 'observer-until' },
  ];
}

/** EntryState is what the observer list shows. */
export type EntryState = 'gone' | 'none' | 'failed' | 'loading' | 'open';

/**
 * entryState: a link the server refused (code 5) is gone; any other failure to read it
 * (network, timeout, server error) is worth a retry and keeps the link, shown with what was
 * stored of it when there is something.
 */
export function entryState(s: { gone: boolean; token: string | null; failed: boolean; info: unknown; ready: boolean }): EntryState {
  if (s.gone) return 'gone';
  if (!s.token) return 'none';
  if (s.failed && !s.info) return 'failed';
  return !s.info || !s.ready ? 'loading' : 'open';
}

/**
 * showOwnLinks says whether the page leads to the owner's own observer links: a logged-in
 * owner who opened "Observer mode" from the menu has no link to look through (none) or an
 * old one that stopped (gone); what they want is the page where they make and share links.
 */
export function showOwnLinks(state: EntryState, loggedIn: boolean): boolean {
  return loggedIn && (state === 'none' || state === 'gone');
}

/** isLinkGone tells the server's "this link no longer opens" (code 5) from other failures. */
export function isLinkGone(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'code' && error.code === codes.observerGone;
}

/**
 * useSharedLinkInfo reads what the link with token shares and keeps it in storage for the
 * menus (observer pages refresh it, so an owner's edit shows without a new link); a link
 * that no longer opens (code 5) is forgotten, one that failed to load for another reason
 * (the network, a server error) is kept.
 */
export function useSharedLinkInfo(token: string | null, fresh = false) {
  const detail = useObserverDetail(token, fresh);
  useEffect(() => {
    if (detail.data) local.setJSON(localKeys.observerInfo, detail.data);
  }, [detail.data]);
  useEffect(() => {
    if (isLinkGone(detail.error) && token && token === local.get(localKeys.observerToken)) {
      local.remove(localKeys.observerToken);
      local.remove(localKeys.observerInfo);
      // The observer list, where the page goes next, says why.
      session.set(sessionKeys.observerGone, '1');
    }
  }, [detail.error, token]);
  return detail;
}

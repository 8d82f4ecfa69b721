// The solo pages' data, state and submit logic, once for the desktop and the phone.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, codes, errorMessage } from '@/lib/api-client';
import { searchSolo, soloCoinsQuery, soloHistoryQuery, soloSharesFeedQuery, soloSharesQuery, soloSummaryQuery, soloWorkersQuery } from '../api/solo';
import { checkAddress, forgetRecent, pickSoloCoin, readCurrent, readRecent, readSoloCoin, rememberRecent, saveCurrent, saveSoloCoin, targetFrom, targetQuery } from '../model/search';
import { soloCommands } from '../model/commands';
import type { SoloCoin, SoloTarget } from '../model/types';
import { useSoloTexts } from '../texts';

/** SoloPaths are where the search goes and the pages link to (desktop or phone). */
export interface SoloPaths {
  search: string;
  summary: string;
  equipment: string;
}

/** useSoloCoins gives the coins with solo mining. */
export function useSoloCoins() {
  const coins = useQuery(soloCoinsQuery());
  const solo = useMemo(() => (coins.data ?? []).filter((c) => c.soloUrls.length > 0 && c.status === 1), [coins.data]);
  return { coins: solo, pending: coins.isPending, failed: coins.isError, retry: () => void coins.refetch() };
}

/**
 * useSoloSearch is the search form: the coin (the one last chosen, kept in localStorage
 * chainTypeInfoSolo, else this tab's last search's, else the first with solo mining; a
 * remembered coin without solo mining any more falls back to the first), the address typed, its recent addresses, and submit, which checks the address
 * with the server and opens its summary; an empty or unknown address is said by the field.
 */
export function useSoloSearch(paths: SoloPaths) {
  const texts = useSoloTexts();
  const navigate = useNavigate();
  const { coins, pending, failed, retry } = useSoloCoins();
  const [chosen, setChosen] = useState<string | null>(() => readSoloCoin() ?? readCurrent()?.coin ?? null);
  const coin: SoloCoin | undefined = pickSoloCoin(coins, chosen);
  const [address, setAddress] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [recentTick, setRecentTick] = useState(0);
  const recent = useMemo(() => (coin ? readRecent(coin.type) : []), [coin, recentTick]); // eslint-disable-line react-hooks/exhaustive-deps
  const commands = useMemo(() => soloCommands(coin, address), [coin, address]);

  const search = async (typed = address) => {
    if (!coin) return;
    const check = checkAddress(typed);
    if ('error' in check) {
      setError(texts.t(check.error === 'required' ? 'search.required' : 'search.invalid'));
      return;
    }
    setError('');
    setBusy(true);
    try {
      const target = { coin: coin.type, address: check.address };
      await searchSolo(target);
      rememberRecent(target.coin, target.address);
      saveCurrent(target);
      saveSoloCoin(coin);
      navigate(paths.summary + targetQuery(target));
    } catch (err) {
      setError(err instanceof ApiError && err.kind === 'code' ? err.message || texts.t('search.unknown') : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return {
    texts,
    coins,
    coin,
    pending,
    failed,
    retry,
    setCoin: (type: string) => {
      setChosen(type);
      const c = coins.find((x) => x.type === type);
      if (c) saveSoloCoin(c);
      setError('');
    },
    address,
    setAddress: (v: string) => {
      setAddress(v);
      if (error) setError('');
    },
    error,
    busy,
    /** commands are the miners' lines for the coin's solo address, with the address typed (else a placeholder) as the user. */
    commands,
    search: () => void search(),
    recent,
    pick: (a: string) => {
      setAddress(a);
      void search(a);
    },
    forget: (a: string) => {
      if (coin) forgetRecent(coin.type, a);
      setRecentTick((n) => n + 1);
    },
  };
}

/**
 * useSoloTarget is the address the summary and equipment pages show: from ?coin=&address=
 * (a shared link) or the tab's current search; null sends the page to the search.
 */
export function useSoloTarget(): SoloTarget | null {
  const [query] = useSearchParams();
  const t = targetFrom(query);
  if (t) saveCurrent(t);
  return t;
}

/** isRefused tells the server's refusal of the address (code 3: "The query address does not
 * exist.", a coin without solo mining) from a failure worth a retry. */
export function isRefused(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'code' && err.code === codes.warning;
}

/** useSoloSummary is the summary page: figures, the chance of a block and the chart. */
export function useSoloSummary(t: SoloTarget) {
  const summary = useQuery(soloSummaryQuery(t));
  const history = useQuery({ ...soloHistoryQuery(t), enabled: summary.isSuccess });
  return {
    summary,
    points: (history.data ?? []).map((p) => ({ time: p.time, hashRate: p.hashRate.hashRate })),
    chartFailed: history.isError,
    retryChart: () => void history.refetch(),
  };
}

/** useSoloWorkers is the equipment page's rigs. */
export function useSoloWorkers(t: SoloTarget) {
  return useQuery(soloWorkersQuery(t));
}

/** useSoloShares is one page of share records (the desktop table). */
export function useSoloShares(t: SoloTarget) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const shares = useQuery(soloSharesQuery(t, page, pageSize));
  return {
    shares,
    page,
    pageSize,
    onChange: (p: number, size: number) => {
      setPage(size === pageSize ? p : 1);
      setPageSize(size);
    },
  };
}

/** useSoloSharesFeed is the share records page after page (the phone). */
export function useSoloSharesFeed(t: SoloTarget) {
  return useInfiniteQuery(soloSharesFeedQuery(t, 20));
}

// The explorer's data and state, once for every layout: the coin (in the address, so links
// can be shared), the search, and the reads.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, codes, errorMessage } from '@/lib/api-client';
import { blockQuery, explorerCoinsQuery, overviewQuery, poolBlocksQuery, rankedQuery, rankingQuery, search, transactionQuery } from '../api/explorer';
import { blockState, parseHeight, parseTxid } from '../model/format';
import { useExplorerTexts } from '../texts';

/** ExplorerLinks are where the search and the lists go (the layout's paths). */
export interface ExplorerLinks {
  block: (coin: string, height: number) => string;
  /** transaction is the overview with the transaction's panel (?tx=): no page of its own. */
  transaction: (coin: string, txid: string) => string;
  soloSummary: (coin: string, address: string) => string;
}

/** TX_PARAM is the address parameter that opens a transaction's panel on the overview. */
export const TX_PARAM = 'tx';

/** useExplorerCoin is the coin shown: ?coin= if the pool mines it, else the first. */
export function useExplorerCoin() {
  const [query, setQuery] = useSearchParams();
  const coins = useQuery(explorerCoinsQuery());
  const list = useMemo(() => (coins.data ?? []).filter((c) => c.status === 1 && c.stratumUrls.length + c.soloUrls.length > 0), [coins.data]);
  const wanted = query.get('coin');
  const coin = list.find((c) => c.type === wanted) ?? list[0];
  return {
    coins: list,
    coin,
    pending: coins.isPending,
    failed: coins.isError,
    retry: () => void coins.refetch(),
    setCoin: (type: string) =>
      setQuery(
        (q) => {
          const next = new URLSearchParams(q);
          next.set('coin', type);
          return next;
        },
        { replace: true },
      ),
  };
}

/**
 * useExplorerSearch is the search box: a height or a block's hash opens the block, a
 * transaction's hash its panel, a solo address its summary.
 */
export function useExplorerSearch(coin: string | undefined, links: ExplorerLinks) {
  const { t } = useExplorerTexts();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!coin) return;
    if (!q.trim()) {
      setError(t('search.required'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const found = await search(coin, q.trim());
      if (found.kind === 'block' && found.height !== undefined) navigate(links.block(coin, found.height));
      else if (found.kind === 'transaction' && found.txid) navigate(links.transaction(coin, found.txid));
      else if (found.address) navigate(links.soloSummary(coin, found.address));
    } catch (err) {
      setError(err instanceof ApiError && err.kind === 'code' ? err.message : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return {
    q,
    setQ: (v: string) => {
      setQ(v);
      if (error) setError('');
    },
    error,
    busy,
    submit: () => void submit(),
  };
}

export function useOverview(coin: string | undefined) {
  return useQuery({ ...overviewQuery(coin ?? ''), enabled: !!coin });
}

export function usePoolBlocks(coin: string | undefined, page: number, pageSize: number) {
  return useQuery({ ...poolBlocksQuery(coin ?? '', page, pageSize), enabled: !!coin });
}

export function useBlock(coin: string | undefined, height: number | null) {
  return useQuery({ ...blockQuery(coin ?? '', height ?? 0), enabled: !!coin && height !== null });
}

/** useTxParam is the transaction the address opens (?tx=), or null. */
export function useTxParam(): string | null {
  const [query] = useSearchParams();
  return parseTxid(query.get(TX_PARAM));
}

export function useTransaction(coin: string | undefined, txid: string | null) {
  return useQuery({ ...transactionQuery(coin ?? '', txid ?? ''), enabled: !!coin && !!txid });
}

/**
 * useExplorerTitle is a page's title key: a block's page follows the block's state
 * (confirmed, unconfirmed, orphaned, or a plain block of the chain), "Block details" while
 * it loads; the overview with a transaction open is the transaction's. Until the
 * explorer's texts are in, or on other pages, the page's own key (fallback).
 */
export function useExplorerTitle(page: string, fallback: string, coin: string | undefined): string {
  const { ready } = useExplorerTexts();
  const { height: raw } = useParams();
  const txid = useTxParam();
  const isBlock = page === 'blockDetail' || page === 'preBlockDetail';
  const height = isBlock ? parseHeight(raw) : null;
  // The same query as the page's body: one request, both read it.
  const block = useBlock(coin, height);
  if (!ready) return fallback;
  if (page === 'overView' && txid) return 'explorer:title.transaction';
  if (!isBlock) return fallback;
  return `explorer:title.${block.data ? blockState(block.data) : 'block'}`;
}

export function useRanking(coin: string | undefined, by: 'hashrate' | 'blocks') {
  return useQuery({ ...rankingQuery(coin ?? '', by), enabled: !!coin });
}

export function useRanked(coin: string | undefined, id: string) {
  return useQuery({ ...rankedQuery(coin ?? '', id), enabled: !!coin && !!id });
}

/** isRefused tells the server's refusal (no such block or miner: code 3) from a failure worth a retry. */
export function isRefused(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'code' && err.code === codes.warning;
}

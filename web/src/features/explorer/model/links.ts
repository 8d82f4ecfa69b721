// Where the explorer's pages link to, built once from a layout's paths (desktop or phone).
import { TX_PARAM, type ExplorerLinks } from '../hooks/use-explorer';

/** ExplorerPaths are a layout's explorer paths (config/paths: paths.explorer or mobilePaths.explorer). */
export interface ExplorerPaths {
  overView: string;
  rankingList: string;
  rankingDetail: (id: string) => string;
  blockDetail: (height: string | number) => string;
  preBlockDetail: (height: string | number) => string;
}

/** withCoin adds the coin to an explorer path (the coin lives in the address so links can be shared). */
export const withCoin = (path: string, coin: string) => `${path}?coin=${encodeURIComponent(coin)}`;

/** explorerLinks are where the search goes in a layout: its block page, its overview's transaction panel, its solo summary. */
export function explorerLinks(p: ExplorerPaths, soloSummary: string): ExplorerLinks {
  return {
    block: (coin, height) => withCoin(p.blockDetail(height), coin),
    transaction: (coin, txid) => `${withCoin(p.overView, coin)}&${TX_PARAM}=${txid}`,
    soloSummary: (coin, address) => `${soloSummary}?coin=${encodeURIComponent(coin)}&address=${encodeURIComponent(address)}`,
  };
}

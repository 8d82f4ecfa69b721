// The coin editing calls: the console's client (features/ops/api.ts), its session and
// its answer to "sign in again". Writes are quiet: the form shows the refusal in place.
import { opsClient } from '../api';
import type { CoinEdit, CoinEditAnswer, EditableCoin } from './models';

export const coinEditApi = {
  /** coins is GET /ops/api/v1/coins, with each coin's pending fee or PPS change. */
  coins: () => opsClient.get<{ coins: EditableCoin[] }>('/v1/coins', undefined, { quiet: true }),
  /** update is POST /ops/api/v1/coins/{symbol} (the coins right: the owner). */
  update: (symbol: string, body: CoinEdit) =>
    opsClient.post<CoinEditAnswer>(`/v1/coins/${encodeURIComponent(symbol)}`, body, { quiet: true }),
};

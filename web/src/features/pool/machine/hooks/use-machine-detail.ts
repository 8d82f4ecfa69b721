// orePoolMachineDetail: the device, its hashrate history at a range, its overclock state,
// the comparison of its own hashrate with the pool's, and refreshing everything at once.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useChainTypes } from '../../api/get-chain-types';
import { useDeviceHistory } from '../../api/get-history';
import { poolKeys } from '../../api/keys';
import type { HistoryRange } from '../../model/types';
import { useOverclockStatus } from '../../overclock/api/requests';
import { scale, splitDuration, usageLevel, usagePercent, verdict } from '../model/format';
import { useDevicePage } from './use-device-page';

export function useMachineDetail() {
  const page = useDevicePage();
  const qc = useQueryClient();
  const [range, setRange] = useState<HistoryRange>('24h');
  const device = page.device;
  const history = useDeviceHistory(page.state === 'ready' ? page.id : 0, range);
  const ids = useMemo(() => (device ? [device.id] : []), [device]);
  const overclock = useOverclockStatus(ids, { poll: true, silent: true });
  const coins = useChainTypes();
  const coin = device ? coins.data?.find((c) => c.type === device.coin) : undefined;

  const comparison = useMemo(() => {
    if (!device) return null;
    const reported = device.reportedHashRate?.hashRate ?? null;
    const pool = device.realTimeHashRate.hashRate;
    const low = device.effectiveLow.hashRate;
    const high = device.effectiveHigh.hashRate;
    return { verdict: verdict(reported, low, high, device.windowShares, device.windowFull), positions: scale(pool, low, high, reported) };
  }, [device]);

  const usage = useMemo(() => {
    if (!device) return null;
    const mem = usagePercent(device.memUsed, device.memTotal);
    const disk = usagePercent(device.diskUsed, device.diskTotal);
    const cpu = device.cpuUsage === null ? null : Math.round(Math.min(100, Math.max(0, device.cpuUsage)) * 10) / 10;
    return {
      cpu: { percent: cpu, level: usageLevel(cpu) },
      mem: { percent: mem, level: usageLevel(mem) },
      disk: { percent: disk, level: usageLevel(disk) },
    };
  }, [device]);

  /** refresh reads the device, its chart and its overclock state again (the auto-refresh toggle). */
  const refresh = useCallback(() => {
    void qc.invalidateQueries({ queryKey: poolKeys.devices() });
    void qc.invalidateQueries({ queryKey: [...poolKeys.history(), 'device', page.id] });
    void qc.invalidateQueries({ queryKey: poolKeys.overclock() });
  }, [qc, page.id]);

  return {
    ...page,
    range,
    setRange,
    history: {
      points: history.data ?? [],
      loading: history.isLoading,
      failed: history.isError && !history.data,
      message: history.error ? history.error.message : '',
      retry: () => void history.refetch(),
      /** daily: every range is hourly or finer, so points keep their time of day. */
      daily: false,
    },
    overclock: {
      state: overclock.data?.[0],
      loading: overclock.isLoading,
      failed: overclock.isError && !overclock.data,
      retry: () => void overclock.refetch(),
      /** allowed is false when the device's coin has no gpuOverclockingFlag. */
      allowed: coin ? coin.gpuOverclockingFlag : true,
    },
    coinName: coin?.name ?? device?.coin ?? '',
    comparison,
    usage,
    online: device ? splitDuration(device.onlineDuration) : null,
    refresh,
  };
}

export type MachineDetail = ReturnType<typeof useMachineDetail>;

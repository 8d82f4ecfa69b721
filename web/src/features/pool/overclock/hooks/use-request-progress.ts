// The devices of the last apply or cancel and their states, read every few seconds
// until no device is pending.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { overclockKeys } from '../api/keys';
import { useOverclockStatus } from '../api/requests';
import { countStates, hasPending } from '../model/status';
import type { DeviceOverclock } from '../model/types';
import { useOverclockTexts } from '../texts';

export function useRequestProgress() {
  const qc = useQueryClient();
  const [ids, setIds] = useState<number[]>([]);
  const status = useOverclockStatus(ids, { poll: true });
  const list = useMemo(() => status.data ?? [], [status.data]);

  /** start follows the devices a call just answered for (its answer is the first reading). */
  const start = useCallback(
    (answer: DeviceOverclock[]) => {
      const next = answer.map((d) => d.deviceId);
      qc.setQueryData(overclockKeys.statusOf(next), answer);
      setIds(next);
    },
    [qc],
  );

  return {
    ids,
    list,
    counts: countStates(list),
    pending: hasPending(list),
    active: ids.length > 0,
    failed: status.isError && !status.data,
    retry: () => void status.refetch(),
    start,
    dismiss: () => setIds([]),
  };
}

export type RequestProgress = ReturnType<typeof useRequestProgress>;

/**
 * useProgressAnchor gives the ref of the progress panel and scrolls it into view when a new
 * request starts, so a miner who sent from the bottom of a long list sees what happens.
 */
export function useProgressAnchor(ids: readonly number[], block: ScrollLogicalPosition) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (ids.length > 0) ref.current?.scrollIntoView?.({ behavior: 'smooth', block });
  }, [ids, block]);
  return ref;
}

/**
 * useProgressView is what either size's progress panel says: the texts, the anchor that
 * brings a new request's panel into view, the counts line and whether it is still waiting.
 */
export function useProgressView(progress: RequestProgress, block: ScrollLogicalPosition) {
  const texts = useOverclockTexts();
  const ref = useProgressAnchor(progress.ids, block);
  const c = progress.counts;
  return {
    ...texts,
    ref,
    summary: texts.t('progress.summary', { applied: c.applied, pending: c.pending, failed: c.failed }),
    stage: progress.pending ? texts.t('progress.waiting') : texts.t('progress.done'),
  };
}

// orePoolOverclockSet and orePoolOverclockCancel: choose a template (set) or a coin
// (cancel), choose devices, send, then follow each device's state.
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAddressParams } from '@/lib/use-address-params';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { usePoolSelection } from '../../hooks/use-pool-selection';
import { useSendOverclock } from '../api/requests';
import { useTemplates } from '../api/templates';
import type { OverclockTemplate } from '../model/types';
import { useDevicePicker } from './use-device-picker';
import { useRequestProgress } from './use-request-progress';

/** TEMPLATE_CHOICES is how many templates the chooser offers (the newest; the server pages by at most 50). */
export const TEMPLATE_CHOICES = 50;

/** readDevice reads ?device= (a device preselected from its page), or null. */
export function readDevice(params: URLSearchParams): number | null {
  const n = Number(params.get('device'));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** pickTemplate is the template to show: the one in the address, else the newest on coin, else the newest. */
export function pickTemplate(list: readonly OverclockTemplate[], wanted: number | null, coin: string | undefined): OverclockTemplate | null {
  return list.find((t) => t.id === wanted) ?? list.find((t) => t.coin === coin) ?? list[0] ?? null;
}

/** useSendState is what both pages share: the call, its refusal and the progress. */
function useSendState(coin: string, subAccount: string, device: number | null) {
  const picker = useDevicePicker({ coin, subAccount, initialSelected: device ? [device] : [] });
  const send = useSendOverclock();
  const progress = useRequestProgress();
  const [serverError, setServerError] = useState('');

  const run = useCallback(
    async (templateId?: number): Promise<boolean> => {
      setServerError('');
      if (picker.selected.length === 0) return false;
      try {
        const { data, msg } = await send.mutateAsync({ templateId, deviceIds: picker.selected });
        notify('success', msg);
        progress.start(data);
        picker.clear();
        return true;
      } catch (err) {
        // Refused (a coin without gpuOverclockingFlag, a device on another coin): the
        // server's translated message, beside the button.
        setServerError(errorMessage(err));
        return false;
      }
    },
    [picker, send, progress],
  );

  return { picker, progress, serverError, sending: send.isPending, run };
}

export function useOverclockSet() {
  const selection = usePoolSelection();
  const [params, editParams] = useAddressParams();
  const templates = useTemplates({ page: 1, pageSize: TEMPLATE_CHOICES });
  const list = useMemo(() => templates.data?.rows ?? [], [templates.data]);
  const wanted = Number(params.get('template')) || null;
  const template = pickTemplate(list, wanted, selection.coin?.type);
  const device = readDevice(params);
  const state = useSendState(template?.coin ?? '', selection.subAccount?.code ?? '', device);

  const chooseTemplate = useCallback(
    (id: number) =>
      editParams((prev) => {
        const p = new URLSearchParams(prev);
        p.set('template', String(id));
        return p;
      }),
    [editParams],
  );

  return {
    ...state,
    selection,
    templates: list,
    templatesLoading: templates.isLoading,
    templatesFailed: templates.isError && !templates.data,
    retryTemplates: () => void templates.refetch(),
    template,
    chooseTemplate,
    coinName: (type: string) => selection.coins.find((c) => c.type === type)?.name ?? type,
    apply: () => (template ? state.run(template.id) : Promise.resolve(false)),
  };
}

export function useOverclockCancel() {
  const selection = usePoolSelection();
  const [params] = useSearchParams();
  const overclockCoins = useMemo(() => selection.coins.filter((c) => c.gpuOverclockingFlag), [selection.coins]);
  const otherCoins = useMemo(() => selection.coins.filter((c) => !c.gpuOverclockingFlag), [selection.coins]);
  const coin = selection.coin?.gpuOverclockingFlag ? selection.coin : (overclockCoins[0] ?? null);
  const state = useSendState(coin?.type ?? '', selection.subAccount?.code ?? '', readDevice(params));

  return {
    ...state,
    selection,
    coin,
    overclockCoins,
    otherCoins,
    /** otherCoinTypes names the coins without overclocking, for the note under the choice. */
    otherCoinTypes: otherCoins.map((x) => x.type).join(', '),
    chooseCoin: selection.setCoin,
    coinsLoading: selection.isLoading,
    coinsFailed: !!selection.error && selection.coins.length === 0,
    cancel: () => state.run(undefined),
  };
}

/** CoinStep is what the cancel page's coin choice reads of useOverclockCancel. */
export type CoinStep = Pick<ReturnType<typeof useOverclockCancel>, 'coinsFailed' | 'selection' | 'coin' | 'overclockCoins' | 'otherCoinTypes' | 'chooseCoin'>;

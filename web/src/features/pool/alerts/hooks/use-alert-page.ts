// orePoolAlertSet (?sub=): a sub-account's alert settings and its alerts of the last 30
// days, for both layouts. The routes only lay the widgets out.
import { useEffect, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/format';
import { currentLang } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { usePoolCodes } from '../../hooks/use-pool-selection';
import { PAGE_SIZES } from '../../model/types';
import { useAlertList, useAlertSettings, useSaveAlertSettings } from '../api/alerts';
import { rowView } from '../model/format';
import { HOURS, formOf, formProblems, hourLabel, inputOf, recoverAt, valid, type AlertForm, type FormProblems } from '../model/rules';
import { useAlertTexts } from '../texts';

/** PageState: skeleton, no sub-account chosen, a failed read with retry, or the page. */
export type AlertPageState = 'loading' | 'pick' | 'failed' | 'ready';

type Messages = { [K in keyof FormProblems]: string };

export function useAlertPage() {
  const texts = useAlertTexts();
  const { t, ready } = texts;
  const { selection, subAccount: code } = usePoolCodes();
  const settings = useAlertSettings(code);
  const save = useSaveAlertSettings();
  const [form, setForm] = useState<AlertForm | null>(null);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const list = useAlertList(code, page, size);
  const lang = currentLang();

  const s = settings.data;
  // A sub-account's saved settings fill the form; a save or another sub-account refills it.
  useEffect(() => {
    if (!s) return;
    setForm(formOf(s));
    setTouched(false);
    setServerError('');
  }, [s]);
  useEffect(() => setPage(1), [code]);

  const contacts = { email: s?.email ?? '', phone: s?.phone ?? '' };
  const problems = form ? formProblems(form, { email: contacts.email !== '', phone: contacts.phone !== '' }) : null;
  const shown: Messages = {
    hashratePercent: touched && problems?.hashratePercent ? t(`rules.${problems.hashratePercent}`) : '',
    digestHour: touched && problems?.digestHour ? t(`rules.${problems.digestHour}`) : '',
    channels: touched && problems?.channels ? t(`rules.${problems.channels}`) : '',
  };

  const state: AlertPageState =
    !ready || selection.isLoading ? 'loading' : code === '' ? 'pick' : settings.isError && !s ? 'failed' : !s || !form ? 'loading' : 'ready';

  const set = (patch: Partial<AlertForm>) => {
    setForm((f) => (f ? { ...f, ...patch } : f));
    setTouched(true);
    setServerError('');
  };

  const submit = async () => {
    setTouched(true);
    if (!form || !problems || !valid(problems) || save.isPending) return false;
    setServerError('');
    try {
      const answer = await save.mutateAsync(inputOf(code, form));
      notify('success', answer.msg || t('saved'));
      return true;
    } catch (err) {
      setServerError(errorMessage(err));
      return false;
    }
  };

  const listData = list.data;
  return {
    texts,
    state,
    code,
    /** message is the server's refusal of the read (a sub-account not the caller's, say). */
    message: settings.error && !settings.isFetching ? errorMessage(settings.error) : '',
    retry: () => void settings.refetch(),
    form,
    set,
    problems: shown,
    serverError,
    pending: save.isPending,
    submit,
    contacts,
    notes: {
      offline: t('watch.offlineHelp', { minutes: s?.minOfflineMinutes ?? 10 }),
      hashrate: t('watch.hashrateHelp', { back: recoverAt(form?.hashratePercent ?? null) }),
      hour: t('when.hourHelp', { tz: s?.timezone || browserTimeZone() }),
    },
    hours: HOURS.map((h) => ({ value: h, label: hourLabel(h) })),
    list: {
      rows: (listData?.rows ?? []).map((e) => rowView(e, t, lang)),
      total: listData?.total ?? 0,
      page,
      size,
      /** setPage moves to a page (a new size starts at the first). */
      setPage: (p: number, nextSize?: number) => {
        if (nextSize && nextSize !== size) {
          setSize(nextSize);
          setPage(1);
        } else setPage(p);
      },
      loading: list.isLoading,
      failed: list.isError && !listData,
      retry: () => void list.refetch(),
      /** more says a phone's list has a next page. */
      more: listData ? listData.page * listData.pageSize < listData.total : false,
    },
  };
}

/** AlertPage is what the layouts get. */
export type AlertPageView = ReturnType<typeof useAlertPage>;

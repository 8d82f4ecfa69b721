// /observer and /mobile/observer: the observer-link list with copy, edit, regenerate and
// delete, and the add/edit form, once for both layouts.
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { mobilePaths, paths } from '@/config/paths';
import { copyText } from '@/lib/clipboard';
import { errorsOf, type FieldForm } from '@/lib/field-form';
import { notify } from '@/lib/notify';
import { useFormat } from '@/lib/use-format';
import { fieldRule } from '@/lib/validation';
import { useAddLink, useDeleteLink, useEditLink, useObserverLinks, useRegenerateLink, type LinkRef } from '../api/observer';
import { formValues, fullLink, noteProblem, pageOf, toBody } from '../model/link';
import { PAGE_SIZES, type LinkValues, type ObserverLink } from '../model/types';
import { useObserverTexts } from '../texts';

const refOf = (l: ObserverLink): LinkRef => (l.token ? { token: l.token } : { id: l.id });

/** useLinkManager is the list page: rows of the current page, the dialogs and the row actions. */
export function useLinkManager({ mobile }: { mobile: boolean }) {
  const texts = useObserverTexts();
  const { t } = texts;
  const fmt = useFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useObserverLinks();
  const del = useDeleteLink();
  const regen = useRegenerateLink();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const [editing, setEditing] = useState<ObserverLink | null>(null);
  const [adding, setAdding] = useState(false);
  const all = list.data ?? [];
  // A page past the end (after a delete) shows the last one.
  const pages = Math.max(1, Math.ceil(all.length / pageSize));
  const current = Math.min(page, pages);

  const address = (l: ObserverLink) => fullLink(l, window.location.origin, mobile);
  const act = async (run: () => Promise<{ msg: string }>, done: string) => {
    try {
      const answer = await run();
      notify('success', answer.msg || t(done));
    } catch (err) {
      notify('warning', errorsOf(err)[0] ?? t('common.failed'));
    }
  };

  return {
    texts,
    rows: pageOf(all, current, pageSize),
    total: all.length,
    loading: !texts.ready || list.isLoading,
    failed: list.isError && !list.data,
    retry: () => void list.refetch(),
    /**
     * back returns to the page before, or to basic info (where the manager is reached)
     * when the manager is the first page of this visit: history's previous entry would
     * leave the site.
     */
    back: () => (location.key !== 'default' ? navigate(-1) : navigate(mobile ? mobilePaths.basicsInfo : paths.basicsInfo)),
    paging: {
      page: current,
      pageSize,
      sizes: PAGE_SIZES,
      change: (p: number, size: number) => (setPage(size === pageSize ? p : 1), setPageSize(size)),
      /** shown: the pager is worth showing (more links than the smallest page holds). */
      shown: all.length > PAGE_SIZES[0]!,
    },
    /** address is the link to share, on this site ('' when its token cannot be shown). */
    address,
    copy: async (l: ObserverLink) => {
      const ok = await copyText(address(l));
      notify(ok ? 'success' : 'error', t(ok ? 'common.copied' : 'common.copyFailed'));
    },
    remove: (l: ObserverLink) => act(() => del.mutateAsync(refOf(l)), 'list.deleted'),
    regenerate: (l: ObserverLink) => act(() => regen.mutateAsync(refOf(l)), 'list.regenerated'),
    busy: del.isPending || regen.isPending,
    /** form is the add or edit dialog: open with the link edited (null: a new one). */
    form: {
      open: adding || editing !== null,
      editing,
      title: t(editing ? 'form.editTitle' : 'form.addTitle'),
      add: () => setAdding(true),
      edit: setEditing,
      close: () => (setAdding(false), setEditing(null)),
    },
    /** expiry says when a link ends (date and 24-hour time in the app's language), or that it has. */
    expiry: (l: ObserverLink) => (l.expired ? t('list.expired') : l.expiresAt ? t('list.endsOn', { date: fmt.dateTime(l.expiresAt) }) : t('list.never')),
    /** use says when and how often a link was opened. */
    use: (l: ObserverLink) => (l.lastUsedAt ? t('list.used', { count: l.useCount, date: fmt.dateTime(l.lastUsedAt) }) : t('list.neverUsed')),
  };
}

/** useLinkForm adds or edits a link; the rules are the server's (SPEC section 5). */
export function useLinkForm(form: FieldForm, editing: ObserverLink | null, defaultCoin: string, onDone: () => void) {
  const { t } = useObserverTexts();
  const add = useAddLink();
  const edit = useEditLink();
  // A refusal (a duplicate, a coin gone) shows above the buttons; the next try clears it.
  const [error, setError] = useState('');
  const onFinish = async (v: LinkValues) => {
    setError('');
    try {
      const body = toBody(v, editing);
      const answer = await (editing ? edit : add).mutateAsync(body);
      notify('success', answer.msg || t('form.saved'));
      form.resetFields();
      onDone();
    } catch (err) {
      setError(errorsOf(err)[0] ?? '');
    }
  };
  return {
    initial: formValues(editing, defaultCoin),
    editing: editing !== null,
    error,
    pending: add.isPending || edit.isPending,
    onFinish,
    rules: {
      coins: {
        validator: (_: unknown, value: unknown) =>
          Array.isArray(value) && value.length > 0 ? Promise.resolve() : Promise.reject(new Error(t('rules.coin'))),
      },
      // On the income switch: one of the two must be on (machine is checked with it).
      info: {
        validator: () => {
          const on = !!form.getFieldValue('machineInfoEnabled') || !!form.getFieldValue('incomeInfoEnabled');
          return on ? Promise.resolve() : Promise.reject(new Error(t('rules.info')));
        },
      },
      note: fieldRule(t, noteProblem),
    },
    /** recheckInfo re-runs the info rule when either switch changes. */
    recheckInfo: () => void form.validateFields(['incomeInfoEnabled']).catch(() => undefined),
  };
}

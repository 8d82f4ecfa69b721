// The template list of orePoolOverclockManage: paging in the address (?page=&size=),
// which template the form is open for, and deleting.
import { useCallback, useState } from 'react';
import { useAddressParams } from '@/lib/use-address-params';
import { notify } from '@/lib/notify';
import { usePoolSelection } from '../../hooks/use-pool-selection';
import type { PageSize } from '../../model/types';
import { useDeleteTemplate, useTemplates } from '../api/templates';
import { afterRemoval, readPaging } from '../model/paging';
import type { OverclockTemplate } from '../model/types';

/** Editing is the form's subject: a new template, a saved one, or closed (null). */
export type Editing = 'new' | OverclockTemplate | null;

export function useTemplateList() {
  const [params, editParams] = useAddressParams();
  const { page, pageSize } = readPaging(params);
  const query = useTemplates({ page, pageSize });
  const selection = usePoolSelection();
  const [editing, setEditing] = useState<Editing>(null);
  const del = useDeleteTemplate();
  const rows = query.data?.rows ?? [];

  const setPaging = useCallback(
    (nextPage: number, nextSize: PageSize = pageSize) =>
      editParams((prev) => {
        const p = new URLSearchParams(prev);
        p.set('page', String(nextSize !== pageSize ? 1 : nextPage));
        p.set('size', String(nextSize));
        return p;
      }),
    [pageSize, editParams],
  );

  /** remove deletes a template (after the page's confirmation) and says so. */
  const remove = useCallback(
    async (t: OverclockTemplate): Promise<boolean> => {
      try {
        const { msg } = await del.mutateAsync(t.id);
        notify('success', msg);
        const next = afterRemoval(page, rows.length);
        if (next !== page) setPaging(next);
        return true;
      } catch {
        return false; // the client has shown the server's message
      }
    },
    [del, page, rows.length, setPaging],
  );

  const overclockCoins = selection.coins.filter((c) => c.gpuOverclockingFlag);

  return {
    query,
    rows,
    total: query.data?.total ?? 0,
    page,
    pageSize,
    setPaging,
    /** loading is the first load (a skeleton); later pages keep the previous rows. */
    loading: query.isLoading,
    failed: query.isError && !query.data,
    retry: () => void query.refetch(),
    editing,
    openCreate: () => setEditing('new'),
    openEdit: (t: OverclockTemplate) => setEditing(t),
    closeForm: () => setEditing(null),
    remove,
    removingId: del.isPending ? del.variables : undefined,
    /** noOverclockCoin: no coin allows overclocking, so nothing can be created. */
    noOverclockCoin: !selection.isLoading && selection.coins.length > 0 && overclockCoins.length === 0,
    /** defaultCoin is the page's coin, for a new template. */
    defaultCoin: selection.coin?.type,
  };
}

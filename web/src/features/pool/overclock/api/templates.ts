// Templates: GET template/list, POST template/create, edit, delete
// (internal/overclock/handlers.go).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Page } from '../../model/types';
import type { OverclockTemplate, TemplateInput } from '../model/types';
import { overclockKeys } from './keys';

const BASE = '/pc/v1/pool/overclock/';

/** TemplateQuery is one page of templates, of one coin when coin is not empty. */
export interface TemplateQuery {
  page: number;
  pageSize: number;
  coin?: string;
}

/** getTemplates lists the user's templates, newest first. */
export function getTemplates({ page, pageSize, coin }: TemplateQuery, signal?: AbortSignal): Promise<Page<OverclockTemplate>> {
  return api.get<Page<OverclockTemplate>>(`${BASE}template/list`, { page, pageSize, coin: coin || undefined }, { signal });
}

/** useTemplates gives one page of templates. */
export function useTemplates(q: TemplateQuery, enabled = true) {
  return useQuery({
    queryKey: overclockKeys.templatePage(q.page, q.pageSize, q.coin ?? ''),
    queryFn: ({ signal }) => getTemplates(q, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * saveTemplate creates (no id) or edits a template; quiet, so the form shows a refusal
 * beside itself. It gives the saved template and the server's message.
 */
export function saveTemplate(input: TemplateInput, id?: number) {
  return id
    ? api.send<OverclockTemplate>(`${BASE}template/edit`, { method: 'POST', body: { id, ...input }, quiet: true })
    : api.send<OverclockTemplate>(`${BASE}template/create`, { method: 'POST', body: input, quiet: true });
}

/** deleteTemplate removes a template; devices keep what they were sent. */
export function deleteTemplate(id: number) {
  return api.send<{ id: number }>(`${BASE}template/delete`, { method: 'POST', body: { id } });
}

/** useSaveTemplate saves and refreshes the lists. */
export function useSaveTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: TemplateInput; id?: number }) => saveTemplate(input, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: overclockKeys.templates() }),
  });
}

/** useDeleteTemplate deletes and refreshes the lists. */
export function useDeleteTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteTemplate(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: overclockKeys.templates() }),
  });
}

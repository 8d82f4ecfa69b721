import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';
import type { NoticeUnread } from '../model/types';
import { helpKeys } from './keys';

/** readAllNotices marks every notice read (POST /pc/v1/helpPage/notice/readAll); msg is the server's confirmation. */
export function readAllNotices(): Promise<Answer<NoticeUnread>> {
  return api.send<NoticeUnread>('/pc/v1/helpPage/notice/readAll', { method: 'POST' });
}

/** useReadAllNotices marks every notice read and reloads the notice lists and count. */
export function useReadAllNotices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: readAllNotices,
    onSuccess: () => client.invalidateQueries({ queryKey: helpKeys.kind('notice') }),
  });
}

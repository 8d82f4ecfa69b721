import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';
import { baseInfoKey } from './get-base-info';

/** updateNickname sets the nickname (POST /pc/v1/customer/username/upd); the form shows errors. */
export function updateNickname(userName: string): Promise<Answer<null>> {
  return api.send<null>('/pc/v1/customer/username/upd', { method: 'POST', body: { userName }, quiet: true });
}

/** useUpdateNickname renames and reloads the user. */
export function useUpdateNickname() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateNickname,
    onSuccess: () => client.invalidateQueries({ queryKey: baseInfoKey }),
  });
}

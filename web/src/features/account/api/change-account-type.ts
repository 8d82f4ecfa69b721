import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';
import { baseInfoKey } from './get-base-info';

/**
 * changeAccountType switches the account type (POST /pc/v1/customer/change/
 * account/type); a change unbinds every bound device. The server's message
 * is shown by the caller.
 */
export function changeAccountType(accountTypeCode: string): Promise<Answer<{ changed?: boolean } | null>> {
  return api.send<{ changed?: boolean } | null>('/pc/v1/customer/change/account/type', { method: 'POST', body: { accountTypeCode } });
}

/** useChangeAccountType changes the type and reloads the user. */
export function useChangeAccountType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeAccountType,
    onSuccess: () => client.invalidateQueries({ queryKey: baseInfoKey }),
  });
}

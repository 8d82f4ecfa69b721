import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Captcha } from '../model/types';

/** createCaptcha starts a slider check: its id, width (server units) and proof of work. */
export function createCaptcha(): Promise<Captcha> {
  return api.post<Captcha>('/pc/v1/common/captcha/new');
}

/** useCreateCaptcha starts slider checks. */
export function useCreateCaptcha() {
  return useMutation({ mutationFn: createCaptcha });
}

import { useMutation } from '@tanstack/react-query';
import { api, type Answer } from '@/lib/api-client';
import type { CalcInput, CalcResult } from '../model/types';

/**
 * calculateIncome asks the server for the expected daily income
 * (POST /pc/v1/dashboard/income/calculate). Quiet: the calculator shows a refusal (a
 * closed coin's message, a field the server rejects) beside its form.
 */
export function calculateIncome(input: CalcInput): Promise<Answer<CalcResult>> {
  return api.send<CalcResult>('/pc/v1/dashboard/income/calculate', { method: 'POST', body: input, quiet: true });
}

/** useCalculateIncome runs the calculation. */
export function useCalculateIncome() {
  return useMutation({ mutationFn: calculateIncome });
}

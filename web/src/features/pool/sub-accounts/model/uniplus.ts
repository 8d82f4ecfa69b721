// The connect panel's Uniplus ID: the pool keeps only a hash of it (docs/mining.md
// "Uniplus IDs"), so the page shows the ID itself only from the answer that made it, and
// otherwise its prefix, masked (lib/uniplus.ts).
export { MASK, maskUniplus } from '@/lib/uniplus';

/** FreshUniplus is an ID the page just got from create, for the sub-account with code. */
export interface FreshUniplus {
  code: string;
  uniplusId: string;
}

/** freshFor is the fresh ID of the sub-account with code, or '' when the fresh one is another's. */
export function freshFor(fresh: FreshUniplus | null, code: string): string {
  return fresh && fresh.code === code ? fresh.uniplusId : '';
}

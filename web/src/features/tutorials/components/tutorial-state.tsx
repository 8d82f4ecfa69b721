// What the parts of one tutorial page share: which site it is on, the visitor's
// sub-accounts and the chosen one, the coin picked in the address panel and the device
// name typed into the worker-name builder.
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useSession } from '@/lib/use-session';
import { useSubAccounts } from '../api/get-sub-accounts';
import type { SubAccount } from '../model/types';

/** TutorialState is the shared state of one tutorial page. */
export interface TutorialState {
  mobile: boolean;
  loggedIn: boolean;
  subs: ReturnType<typeof useSubAccounts>;
  /** sub is the chosen sub-account (the first until the visitor picks another). */
  sub: SubAccount | null;
  pickSub: (code: string) => void;
  /** typedCode is the sub-account code typed by a visitor without sub-accounts to pick from. */
  typedCode: string;
  setTypedCode: (code: string) => void;
  suffix: string;
  setSuffix: (suffix: string) => void;
  coinType: string | null;
  setCoinType: (type: string) => void;
}

const Ctx = createContext<TutorialState | null>(null);

/** TutorialStateProvider holds the state of one tutorial page. */
export function TutorialStateProvider({ mobile, children }: { mobile: boolean; children: ReactNode }) {
  const { token } = useSession();
  const loggedIn = !!token;
  const subs = useSubAccounts(loggedIn);
  const [subCode, setSubCode] = useState<string | null>(null);
  const [typedCode, setTypedCode] = useState('');
  const [suffix, setSuffix] = useState('rig01');
  const [coinType, setCoinType] = useState<string | null>(null);
  const list = loggedIn ? (subs.data ?? []) : [];
  const sub = list.find((s) => s.code === subCode) ?? list[0] ?? null;
  const value = useMemo<TutorialState>(
    () => ({
      mobile,
      loggedIn,
      subs,
      sub,
      pickSub: setSubCode,
      typedCode,
      setTypedCode,
      suffix,
      setSuffix,
      coinType,
      setCoinType,
    }),
    [mobile, loggedIn, subs, sub, typedCode, suffix, coinType],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** useTutorialState gives the page's shared state (inside TutorialStateProvider). */
export function useTutorialState(): TutorialState {
  const state = useContext(Ctx);
  if (!state) throw new Error('tutorials: useTutorialState outside TutorialStateProvider');
  return state;
}

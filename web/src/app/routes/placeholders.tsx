import type { ComponentType, ReactNode } from 'react';
import { ComingSoon } from '@/components/page-frame';

/**
 * placeholderArea builds an area's route component from its page title keys:
 * each page shows its title and a "coming soon" note until its issue lands.
 * Replace an entry with the real page component then.
 */
export function placeholderArea<K extends string>(titles: Record<K, string>) {
  return function Area({ page }: { page: K }) {
    return <ComingSoon key={page} titleKey={titles[page]} />;
  };
}

/**
 * pageArea builds an area's route component that shows each page inside the area's shell
 * (the size's switchers and menu); a page with no component yet shows its title and a
 * "coming soon" note.
 */
export function pageArea<K extends string>(Shell: ComponentType<{ children: ReactNode }>, pages: Partial<Record<K, ComponentType>>, titles: Record<K, string>) {
  return function Area({ page }: { page: K }) {
    const Page: ComponentType | undefined = pages[page];
    return <Shell>{Page ? <Page key={page} /> : <ComingSoon key={page} titleKey={titles[page]} />}</Shell>;
  };
}

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

import { DesktopHome } from './home/home-page';

const titles = { home: 'pages.home' } as const;
/** HomePage names the pages of this area. */
export type HomePage = keyof typeof titles;

/** HomeArea renders the desktop home page. */
export default function HomeArea({ page }: { page: HomePage }) {
  return <DesktopHome key={page} />;
}

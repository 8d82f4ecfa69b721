import type { TutorialPage } from '@/config/paths';
import { DesktopTutorial } from '@/features/tutorials/desktop';

export type { TutorialPage };

/** Tutorial is the desktop tutorial area: /tutorial/* (hadaSwithchOn shows deviceAccess). */
export default function Tutorial({ page }: { page: TutorialPage }) {
  return <DesktopTutorial page={page} />;
}

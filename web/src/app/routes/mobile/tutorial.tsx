import type { TutorialPage } from '@/config/paths';
import { MobileTutorial } from '@/features/tutorials/mobile';

export type { TutorialPage };

/** Tutorial is the mobile tutorial area: /mobile/tutorial/* (hadaSwithchOn shows deviceAccess). */
export default function Tutorial({ page }: { page: TutorialPage }) {
  return <MobileTutorial page={page} />;
}

import type { TutorialPage } from '@/config/paths';
import { placeholderArea } from '../placeholders';
import { tutorialTitles } from '../shared-titles';

export type { TutorialPage };
export default placeholderArea<TutorialPage>(tutorialTitles);

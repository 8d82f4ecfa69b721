import { placeholderArea } from '../placeholders';
import { soloTitles } from '../shared-titles';

/** SoloPage names the pages of this area. */
export type SoloPage = keyof typeof soloTitles;
export default placeholderArea(soloTitles);

import { placeholderArea } from '../placeholders';
import { observerModeTitles } from '../shared-titles';

/** ObserverModePage names the pages of this area. */
export type ObserverModePage = keyof typeof observerModeTitles;
export default placeholderArea(observerModeTitles);

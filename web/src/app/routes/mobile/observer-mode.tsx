import { placeholderArea } from '../placeholders';
import { observerModeTitles } from '../shared-titles';

const { infoList: _infoList, infoDetail: _infoDetail, ...titles } = observerModeTitles;
/** MobileObserverModePage names the pages of this area (messages live under help/). */
export type MobileObserverModePage = keyof typeof titles;
export default placeholderArea(titles);

import { placeholderArea } from '../placeholders';
import { poolTitles } from '../shared-titles';

/** PoolPage names the pages of this area. */
export type PoolPage = keyof typeof poolTitles;
export default placeholderArea(poolTitles);

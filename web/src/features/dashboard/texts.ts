import { globLoader, useFeatureTexts } from '@/lib/feature-texts';

/** DASHBOARD_NS is the namespace of the coin table, chart and calculator texts. */
export const DASHBOARD_NS = 'dashboard';

const loadDashboardTexts = globLoader(import.meta.glob('./locales/*.json'));

/** useDashboardTexts gives the dashboard's t once its texts are in (ready). */
export function useDashboardTexts() {
  return useFeatureTexts(DASHBOARD_NS, loadDashboardTexts);
}

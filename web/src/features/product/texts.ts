import { globLoader, useFeatureTexts } from '@/lib/feature-texts';

const loadProductTexts = globLoader(import.meta.glob('./locales/*.json'));

/** useProductTexts gives the t of the product pages (Uniplus OS, app download) and whether its texts are in. */
export function useProductTexts() {
  return useFeatureTexts('product', loadProductTexts);
}

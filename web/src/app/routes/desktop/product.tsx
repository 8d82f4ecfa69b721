import { lazy, Suspense } from 'react';
import { DesktopOsPage } from './product/os-page';
import { DesktopUploadPage } from './product/upload-page';

// /ironFish is a tutorial: it loads with the tutorials' chunk, not with the OS and
// download pages.
const IronFishTutorial = lazy(() => import('@/features/tutorials/desktop').then((m) => ({ default: m.IronFishTutorial })));

/** ProductPage names the pages of this area. */
export type ProductPage = 'os' | 'upload' | 'ironFish';

/** ProductArea is /OS, /upload and /ironFish. */
export default function ProductArea({ page }: { page: ProductPage }) {
  switch (page) {
    case 'os':
      return <DesktopOsPage />;
    case 'upload':
      return <DesktopUploadPage />;
    default:
      return (
        <Suspense fallback={null}>
          <IronFishTutorial />
        </Suspense>
      );
  }
}

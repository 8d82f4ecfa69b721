import { ComingSoon } from '@/components/page-frame';
import { DesktopOsPage } from './product/os-page';
import { DesktopUploadPage } from './product/upload-page';

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
      return <ComingSoon key={page} titleKey="pages.ironFish" />;
  }
}

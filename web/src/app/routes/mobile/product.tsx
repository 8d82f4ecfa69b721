import { MobileOsPage } from './product/os-page';
import { MobileUploadPage } from './product/upload-page';

/** ProductPage names the pages of this area. */
export type ProductPage = 'os' | 'upload';

/** ProductArea is /mobile/OS and /mobile/upload. */
export default function ProductArea({ page }: { page: ProductPage }) {
  return page === 'os' ? <MobileOsPage /> : <MobileUploadPage />;
}

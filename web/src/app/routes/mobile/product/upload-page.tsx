import { Button, Skeleton } from 'antd-mobile';
import { DownlandOutline, FolderOutline, RightOutline } from 'antd-mobile-icons';
import { mobilePaths } from '@/config/paths';
import { UploadProductPage } from '@/features/product/components/product-pages';
import type { UploadIcons } from '@/features/product/components/upload-sections';
import { useLang } from '../../../layouts/use-lang';

const icons: UploadIcons = {
  download: <DownlandOutline aria-hidden="true" />,
  none: <FolderOutline />,
  more: <RightOutline aria-hidden="true" />,
};

/** mRetry draws a product page's retry button on a phone. */
export const mRetry = (onClick: () => void, label: string) => (
  <Button size="small" onClick={onClick}>
    {label}
  </Button>
);

/** MobileUploadPage is /mobile/upload: the app's releases, the phone's own platform first. */
export function MobileUploadPage() {
  return (
    <UploadProductPage kit={{ phone: true, lang: useLang(), retry: mRetry }} icons={icons} osPath={mobilePaths.os} loading={<Skeleton.Paragraph lineCount={2} animated />} />
  );
}

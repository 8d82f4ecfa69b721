import { ArrowRightOutlined, CloudDownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { paths } from '@/config/paths';
import { UploadProductPage } from '@/features/product/components/product-pages';
import type { UploadIcons } from '@/features/product/components/upload-sections';
import { useLang } from '../../../layouts/use-lang';

const icons: UploadIcons = {
  download: <CloudDownloadOutlined aria-hidden="true" />,
  none: <InboxOutlined />,
  more: <ArrowRightOutlined aria-hidden="true" />,
};

/** retry draws a product page's retry button. */
export const retry = (onClick: () => void, label: string) => <Button onClick={onClick}>{label}</Button>;

/** DesktopUploadPage is /upload: the app's current release per operating system, the visitor's own first. */
export function DesktopUploadPage() {
  return <UploadProductPage kit={{ lang: useLang(), retry }} icons={icons} osPath={paths.os} loading={<Skeleton active avatar paragraph={{ rows: 2 }} />} />;
}

import { ArrowRightOutlined, CloudDownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { ProductHero, ProductPage } from '@/features/product/components/product-layout';
import { UploadSections, type UploadIcons } from '@/features/product/components/upload-sections';
import { useUploadPage } from '@/features/product/hooks/use-product-pages';
import { useProductTexts } from '@/features/product/texts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLang } from '../../../layouts/use-lang';

const icons: UploadIcons = {
  download: <CloudDownloadOutlined aria-hidden="true" />,
  none: <InboxOutlined />,
  more: <ArrowRightOutlined aria-hidden="true" />,
};

/** DesktopUploadPage is /upload: the app's current release per operating system, the visitor's own first. */
export function DesktopUploadPage() {
  const { t: tApp } = useTranslation();
  const { t, ready } = useProductTexts();
  const lang = useLang();
  const page = useUploadPage();
  useDocumentTitle(tApp('pages.upload'));
  return (
    <ProductPage testId="upload-page">
      {ready ? (
        <UploadSections
          t={t}
          lang={lang}
          page={page}
          icons={icons}
          osPath={paths.os}
          loading={<Skeleton active avatar paragraph={{ rows: 2 }} />}
          retry={<Button onClick={page.retry}>{tApp('common.retry')}</Button>}
        />
      ) : (
        <ProductHero short title={tApp('pages.upload')} />
      )}
    </ProductPage>
  );
}

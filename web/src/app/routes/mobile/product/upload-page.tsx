import { Button, Skeleton } from 'antd-mobile';
import { DownlandOutline, FolderOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { mobilePaths } from '@/config/paths';
import { ProductHero, ProductPage } from '@/features/product/components/product-layout';
import { UploadSections, type UploadIcons } from '@/features/product/components/upload-sections';
import { useUploadPage } from '@/features/product/hooks/use-product-pages';
import { useProductTexts } from '@/features/product/texts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLang } from '../../../layouts/use-lang';

const icons: UploadIcons = {
  download: <DownlandOutline aria-hidden="true" />,
  none: <FolderOutline />,
  more: <RightOutline aria-hidden="true" />,
};

/** MobileUploadPage is /mobile/upload: the app's releases, the phone's own platform first. */
export function MobileUploadPage() {
  const { t: tApp } = useTranslation();
  const { t, ready } = useProductTexts();
  const lang = useLang();
  const page = useUploadPage();
  useDocumentTitle(tApp('pages.upload'));
  return (
    <ProductPage phone testId="upload-page">
      {ready ? (
        <UploadSections
          t={t}
          lang={lang}
          page={page}
          icons={icons}
          osPath={mobilePaths.os}
          loading={<Skeleton.Paragraph lineCount={2} animated />}
          retry={
            <Button size="small" onClick={page.retry}>
              {tApp('common.retry')}
            </Button>
          }
        />
      ) : (
        <ProductHero short title={tApp('pages.upload')} />
      )}
    </ProductPage>
  );
}

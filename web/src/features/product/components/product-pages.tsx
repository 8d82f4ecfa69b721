// The OS page (/OS, /mobile/OS) and the download page (/upload, /mobile/upload) whole, once
// for both sites: title, texts, data and the frame. A route hands in only what differs: its
// icons, its links, its skeletons and its retry button (antd or antd-mobile).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useOsRelease, useUploadPage } from '../hooks/use-product-pages';
import { useProductTexts } from '../texts';
import { OsSections, type OsIcons } from './os-sections';
import { ProductHero, ProductPage } from './product-layout';
import { UploadSections, type UploadIcons } from './upload-sections';

/** ProductKit is what a site lends the product pages. */
export interface ProductKit {
  phone?: boolean;
  lang: string;
  /** retry draws the site's retry button. */
  retry: (onClick: () => void, label: string) => ReactNode;
}

/** OsProductPage is the Uniplus OS product page with its requirements, first steps and download. */
export function OsProductPage({
  kit,
  icons,
  links,
  loading,
  heroLoading,
}: {
  kit: ProductKit;
  icons: OsIcons;
  links: { guide: string; installer: string };
  /** loading is the download panel's skeleton, heroLoading the hero's while the texts load. */
  loading: ReactNode;
  heroLoading: ReactNode;
}) {
  const { t: tApp } = useTranslation();
  const { t, ready } = useProductTexts();
  const os = useOsRelease();
  useDocumentTitle(tApp('pages.os'));
  return (
    <ProductPage phone={kit.phone} testId="os-page">
      {ready ? (
        <OsSections
          t={t}
          lang={kit.lang}
          os={{ status: os.status, release: os.release ?? undefined }}
          icons={icons}
          links={links}
          phone={kit.phone}
          loading={loading}
          retry={kit.retry(os.retry, tApp('common.retry'))}
        />
      ) : (
        <ProductHero title={tApp('pages.os')}>{heroLoading}</ProductHero>
      )}
    </ProductPage>
  );
}

/** UploadProductPage is the app's current release per operating system, the visitor's own first. */
export function UploadProductPage({ kit, icons, osPath, loading }: { kit: ProductKit; icons: UploadIcons; osPath: string; loading: ReactNode }) {
  const { t: tApp } = useTranslation();
  const { t, ready } = useProductTexts();
  const page = useUploadPage();
  useDocumentTitle(tApp('pages.upload'));
  return (
    <ProductPage phone={kit.phone} testId="upload-page">
      {ready ? (
        <UploadSections
          t={t}
          lang={kit.lang}
          page={page}
          icons={icons}
          osPath={osPath}
          loading={loading}
          retry={kit.retry(page.retry, tApp('common.retry'))}
        />
      ) : (
        <ProductHero short title={tApp('pages.upload')} />
      )}
    </ProductPage>
  );
}

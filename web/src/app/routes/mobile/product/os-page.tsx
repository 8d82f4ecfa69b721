import { Button, Skeleton } from 'antd-mobile';
import {
  AppstoreOutline,
  ClockCircleOutline,
  DeleteOutline,
  DownlandOutline,
  EyeOutline,
  FileOutline,
  FolderOutline,
  HistogramOutline,
  PlayOutline,
  RightOutline,
  SetOutline,
  TeamOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { mobilePaths } from '@/config/paths';
import { OsSections, type OsIcons } from '@/features/product/components/os-sections';
import { ProductHero, ProductPage } from '@/features/product/components/product-layout';
import { useOsRelease } from '@/features/product/hooks/use-product-pages';
import { useProductTexts } from '@/features/product/texts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLang } from '../../../layouts/use-lang';

const icons: OsIcons = {
  features: {
    boot: <PlayOutline />,
    telemetry: <HistogramOutline />,
    overclock: <SetOutline />,
    status: <EyeOutline />,
    binding: <ClockCircleOutline />,
    cleanup: <DeleteOutline />,
  },
  download: <DownlandOutline aria-hidden="true" />,
  guide: <FileOutline aria-hidden="true" />,
  more: <RightOutline aria-hidden="true" />,
  bootDisk: <FolderOutline />,
  oneId: <UserContactOutline />,
  installer: <AppstoreOutline />,
  solo: <TeamOutline />,
};

const links = { guide: mobilePaths.tutorial.page('deviceAccess'), installer: mobilePaths.tutorial.page('ownedSwitchOn') };

/** MobileOsPage is /mobile/OS: the Uniplus OS product page on a phone. */
export function MobileOsPage() {
  const { t: tApp } = useTranslation();
  const { t, ready } = useProductTexts();
  const lang = useLang();
  const os = useOsRelease();
  useDocumentTitle(tApp('pages.os'));
  return (
    <ProductPage phone testId="os-page">
      {ready ? (
        <OsSections
          t={t}
          lang={lang}
          os={{ status: os.status, release: os.release ?? undefined }}
          icons={icons}
          links={links}
          phone
          loading={<Skeleton.Paragraph lineCount={3} animated />}
          retry={
            <Button size="small" onClick={os.retry}>
              {tApp('common.retry')}
            </Button>
          }
        />
      ) : (
        <ProductHero title={tApp('pages.os')}>
          <Skeleton.Paragraph lineCount={3} animated />
        </ProductHero>
      )}
    </ProductPage>
  );
}

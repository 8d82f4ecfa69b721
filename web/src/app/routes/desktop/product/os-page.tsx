import {
  ArrowRightOutlined,
  ClearOutlined,
  ClusterOutlined,
  CloudDownloadOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FieldTimeOutlined,
  HddOutlined,
  IdcardOutlined,
  LineChartOutlined,
  PoweroffOutlined,
  ReadOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { OsSections, type OsIcons } from '@/features/product/components/os-sections';
import { ProductHero, ProductPage } from '@/features/product/components/product-layout';
import { useOsRelease } from '@/features/product/hooks/use-product-pages';
import { useProductTexts } from '@/features/product/texts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLang } from '../../../layouts/use-lang';

const icons: OsIcons = {
  features: {
    boot: <PoweroffOutlined />,
    telemetry: <LineChartOutlined />,
    overclock: <ThunderboltOutlined />,
    status: <DashboardOutlined />,
    binding: <FieldTimeOutlined />,
    cleanup: <ClearOutlined />,
  },
  download: <CloudDownloadOutlined aria-hidden="true" />,
  guide: <ReadOutlined aria-hidden="true" />,
  more: <ArrowRightOutlined aria-hidden="true" />,
  bootDisk: <HddOutlined />,
  oneId: <IdcardOutlined />,
  installer: <DesktopOutlined />,
  solo: <ClusterOutlined />,
};

const links = { guide: paths.tutorial.page('deviceAccess'), installer: paths.tutorial.page('ownedSwitchOn') };

/** DesktopOsPage is /OS: the Uniplus OS product page with its requirements, first steps and download. */
export function DesktopOsPage() {
  const { t: tApp } = useTranslation();
  const { t, ready } = useProductTexts();
  const lang = useLang();
  const os = useOsRelease();
  useDocumentTitle(tApp('pages.os'));
  return (
    <ProductPage testId="os-page">
      {ready ? (
        <OsSections
          t={t}
          lang={lang}
          os={{ status: os.status, release: os.release ?? undefined }}
          icons={icons}
          links={links}
          loading={<Skeleton active paragraph={{ rows: 2 }} />}
          retry={<Button onClick={os.retry}>{tApp('common.retry')}</Button>}
        />
      ) : (
        <ProductHero title={tApp('pages.os')}>
          <Skeleton active paragraph={{ rows: 3 }} className="up-prod-hero__skeleton" />
        </ProductHero>
      )}
    </ProductPage>
  );
}

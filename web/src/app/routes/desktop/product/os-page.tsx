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
import { Skeleton } from 'antd';
import { paths } from '@/config/paths';
import type { OsIcons } from '@/features/product/components/os-sections';
import { OsProductPage } from '@/features/product/components/product-pages';
import { useLang } from '../../../layouts/use-lang';
import { retry } from './upload-page';

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
  return (
    <OsProductPage
      kit={{ lang: useLang(), retry }}
      icons={icons}
      links={links}
      loading={<Skeleton active paragraph={{ rows: 2 }} />}
      heroLoading={<Skeleton active paragraph={{ rows: 3 }} className="up-prod-hero__skeleton" />}
    />
  );
}

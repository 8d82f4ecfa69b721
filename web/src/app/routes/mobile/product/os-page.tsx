import { Skeleton } from 'antd-mobile';
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
import { mobilePaths } from '@/config/paths';
import type { OsIcons } from '@/features/product/components/os-sections';
import { OsProductPage } from '@/features/product/components/product-pages';
import { mRetry } from './upload-page';
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
  return (
    <OsProductPage
      kit={{ phone: true, lang: useLang(), retry: mRetry }}
      icons={icons}
      links={links}
      loading={<Skeleton.Paragraph lineCount={3} animated />}
      heroLoading={<Skeleton.Paragraph lineCount={3} animated />}
    />
  );
}

import { useSearchParams } from 'react-router-dom';
import { ComingSoon } from '@/components/page-frame';

const listTitles: Record<string, string> = {
  faq: 'pages.faqList',
  notice: 'pages.noticeList',
  announcement: 'pages.announcementList',
  infoList: 'pages.infoList',
};
const detailTitles: Record<string, string> = {
  faq: 'pages.faqDetail',
  notice: 'pages.noticeDetail',
  announcement: 'pages.announcementDetail',
  infoList: 'pages.infoDetail',
};

/** MobileHelpPage names the pages of this area. */
export type MobileHelpPage = 'helpcenter' | 'helplist' | 'helpdetail';

/** MobileHelpArea shows the help centre, and the list and detail chosen by ?type=. */
export default function MobileHelpArea({ page }: { page: MobileHelpPage }) {
  const [query] = useSearchParams();
  const type = query.get('type') ?? '';
  const titleKey =
    page === 'helplist' ? listTitles[type] : page === 'helpdetail' ? detailTitles[type] : undefined;
  return <ComingSoon key={`${page}-${type}`} titleKey={titleKey ?? 'pages.helpCenter'} />;
}

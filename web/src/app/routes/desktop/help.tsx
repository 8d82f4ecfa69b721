import { placeholderArea } from '../placeholders';

const titles = {
  helpCenter: 'pages.helpCenter',
  noticeList: 'pages.noticeList',
  noticeDetail: 'pages.noticeDetail',
  announcementList: 'pages.announcementList',
  announcementDetail: 'pages.announcementDetail',
  faqList: 'pages.faqList',
  faqDetail: 'pages.faqDetail',
} as const;
/** HelpPage names the pages of this area. */
export type HelpPage = keyof typeof titles;
export default placeholderArea(titles);

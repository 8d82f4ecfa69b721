import type { HelpKind } from '@/config/paths';
import { DesktopHelpCenter } from './help/help-center';
import { DesktopHelpDetail } from './help/help-detail';
import { DesktopHelpList } from './help/help-list';

const pages = {
  helpCenter: null,
  noticeList: { kind: 'notice', view: 'list' },
  noticeDetail: { kind: 'notice', view: 'detail' },
  announcementList: { kind: 'announcement', view: 'list' },
  announcementDetail: { kind: 'announcement', view: 'detail' },
  faqList: { kind: 'faq', view: 'list' },
  faqDetail: { kind: 'faq', view: 'detail' },
} as const satisfies Record<string, { kind: HelpKind; view: 'list' | 'detail' } | null>;

/** HelpPage names the pages of this area. */
export type HelpPage = keyof typeof pages;

/** HelpArea renders the help centre start page, and each section's list and detail. */
export default function HelpArea({ page }: { page: HelpPage }) {
  const target = pages[page];
  if (target === null) return <DesktopHelpCenter key="helpCenter" />;
  return target.view === 'list' ? (
    <DesktopHelpList key={page} kind={target.kind} />
  ) : (
    <DesktopHelpDetail key={page} kind={target.kind} />
  );
}

import { BellOutlined, LockOutlined, NotificationOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Badge, Breadcrumb, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { paths, type HelpKind } from '@/config/paths';
import { useNoticeUnread } from '@/features/help-center/api/get-notice-unread';
import type { HelpReader } from '@/features/help-center/hooks/use-reader';
import { SECTION_ORDER, listTitleKey } from '@/features/help-center/model/params';
import './help.css';

/** sectionIcons are the desktop icons of the three sections. */
export const sectionIcons: Record<HelpKind, ReactNode> = {
  announcement: <NotificationOutlined />,
  faq: <QuestionCircleOutlined />,
  notice: <BellOutlined />,
};

/** useUnread gives the logged-in reader's unread notice count (0 for a visitor). */
export function useUnread(reader: HelpReader): number {
  return useNoticeUnread(reader.account, reader.loggedIn).data ?? 0;
}

/** HelpSideNav switches between the sections; notices show the unread count, or a lock for a visitor. */
export function HelpSideNav({ active, reader }: { active?: HelpKind; reader: HelpReader }) {
  const { t } = useTranslation();
  const unread = useUnread(reader);
  return (
    <nav className="up-help-card up-help-nav" aria-label={t('pages.helpCenter')} data-testid="help-nav">
      {SECTION_ORDER.map((kind) => (
        <NavLink
          key={kind}
          to={paths.help.list(kind)}
          className={`up-help-nav__item${active === kind ? ' up-help-nav__item--active' : ''}`}
          aria-current={active === kind ? 'page' : undefined}
          data-testid={`help-nav-${kind}`}
        >
          <span className="up-help-nav__icon" aria-hidden="true">
            {sectionIcons[kind]}
          </span>
          <span className="up-help-nav__label">{t(`help.types.${kind}`)}</span>
          {kind === 'notice' && !reader.loggedIn ? <LockOutlined className="up-help-nav__lock" aria-hidden="true" /> : null}
          {kind === 'notice' && unread > 0 ? (
            <Badge count={unread} overflowCount={99} className="up-help-nav__badge" aria-label={t('nav.unreadMessages', { count: unread })} />
          ) : null}
        </NavLink>
      ))}
    </nav>
  );
}

/** HelpShellProps: the section shown, the last breadcrumb and the page. */
export interface HelpShellProps {
  kind: HelpKind;
  reader: HelpReader;
  /** crumb is the last breadcrumb (an article's title); the section is the last one without it. */
  crumb?: string;
  children: ReactNode;
}

/** HelpShell is the frame of the list and detail pages: breadcrumbs, section navigation, page. */
export function HelpShell({ kind, reader, crumb, children }: HelpShellProps) {
  const { t } = useTranslation();
  const items = [
    { key: 'help', title: <Link to={paths.help.root}>{t('pages.helpCenter')}</Link> },
    crumb === undefined
      ? { key: 'section', title: t(listTitleKey(kind)) }
      : { key: 'section', title: <Link to={paths.help.list(kind)}>{t(listTitleKey(kind))}</Link> },
    ...(crumb === undefined ? [] : [{ key: 'article', title: <span className="up-help-crumb">{crumb}</span> }]),
  ];
  return (
    <section className="up-help">
      <Breadcrumb className="up-help-breadcrumb" items={items} />
      <div className="up-help-layout">
        <aside className="up-help-layout__side">
          <HelpSideNav active={kind} reader={reader} />
        </aside>
        <div className="up-help-layout__main">{children}</div>
      </div>
    </section>
  );
}

/** HelpCardSkeleton fills a card while texts or data load. */
export function HelpCardSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className="up-help-card up-help-card--pad" aria-busy="true">
      <Skeleton active title paragraph={{ rows }} />
    </div>
  );
}

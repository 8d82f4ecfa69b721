// One row of a help-centre list or of the observer's messages, on a desktop (up-help-row) or
// a phone (up-mhelp-row): a link to the entry with its unread dot, title, summary, tags and
// date. The layout gives its tags and its arrow icon.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isoDate } from '../model/format-date';
import { langTag } from '../model/params';
import { UnreadDot } from './unread-dot';

export interface HelpRowProps {
  size: 'desktop' | 'mobile';
  to: string;
  /** state goes with the link (where "back to the list" returns). */
  state: unknown;
  testId: string;
  /** unread marks the row (and its dot, named by unreadLabel). */
  unread: boolean;
  unreadLabel: string;
  /** read is data-read; undefined for a list without read marks. */
  read?: boolean;
  /** kind is data-kind (a message's kind). */
  kind?: string;
  lang: string;
  title: string;
  summary?: string;
  /** before stands before the title (desktop). */
  before?: ReactNode;
  /** badge follows the title on a desktop, and leads the date line on a phone. */
  badge?: ReactNode;
  /** at is the entry's time (Unix ms) written as text; null shows no date (FAQ answers are kept current). */
  at: { ms: number; text: string } | null;
  /** go is the layout's arrow icon. */
  go: ReactNode;
}

/** HelpRow is one list entry (an li holding its link). */
export function HelpRow(p: HelpRowProps) {
  const c = p.size === 'desktop' ? 'up-help-row' : 'up-mhelp-row';
  const dot = p.unread ? <UnreadDot label={p.unreadLabel} /> : null;
  const title = <span lang={langTag(p.lang)}>{p.title}</span>;
  return (
    <li>
      <Link
        to={p.to}
        state={p.state}
        className={`${c}${p.unread ? ` ${c}--unread` : ''}`}
        data-testid={p.testId}
        data-kind={p.kind}
        data-read={p.read === undefined ? undefined : String(p.read)}
      >
        {p.size === 'desktop' ? (
          <>
            <div className="up-help-row__main">
              <h2 className="up-help-row__title">
                {dot}
                {p.before}
                {title}
                {p.badge}
              </h2>
              {p.summary ? <p className="up-help-row__summary">{p.summary}</p> : null}
            </div>
            <time className="up-help-row__date" dateTime={p.at ? isoDate(p.at.ms) : undefined}>
              {p.at?.text ?? null}
            </time>
            {p.go}
          </>
        ) : (
          <>
            <span className="up-mhelp-row__title">
              {dot}
              {title}
            </span>
            {p.summary ? <span className="up-mhelp-row__summary">{p.summary}</span> : null}
            <span className="up-mhelp-row__meta">
              {p.badge}
              {p.at ? <time dateTime={isoDate(p.at.ms)}>{p.at.text}</time> : null}
              {p.go}
            </span>
          </>
        )}
      </Link>
    </li>
  );
}

/** MessageRowLike is what a row of the observer's messages carries (features/observer's MessageRow). */
export interface MessageRowLike {
  kind: string;
  read: boolean;
  lang: string;
  title: string;
  summary?: string;
  publishedAt: number;
}

/** messageRow is the HelpRow props of one observer message, the same on both sites: read marks, kind, title, summary and time (text: the time written). */
export function messageRow(row: MessageRowLike, text: string) {
  return {
    testId: 'message-row',
    unread: !row.read,
    read: row.read,
    kind: row.kind,
    lang: row.lang,
    title: row.title,
    summary: row.summary,
    at: { ms: row.publishedAt, text },
  };
}

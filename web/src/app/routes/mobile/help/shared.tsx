import { Dialog, Skeleton } from 'antd-mobile';
import { BellOutline, LeftOutline, QuestionCircleOutline, SoundOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { mobilePaths, type HelpKind } from '@/config/paths';
import './help.css';

/** sectionIcons are the mobile icons of the three sections. */
export const sectionIcons: Record<HelpKind, ReactNode> = {
  announcement: <SoundOutline />,
  faq: <QuestionCircleOutline />,
  notice: <BellOutline />,
};

/**
 * useLoginPrompt gives a function that asks a visitor to log in, as the mobile
 * menu does for entries that need an account (SPEC.md section 2): "I know"
 * stays, "go login" opens /mobile/login.
 */
export function useLoginPrompt(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return () => {
    Dialog.confirm({
      title: t('dialog.loginRequiredTitle'),
      content: t('dialog.loginRequiredBody'),
      cancelText: t('dialog.iKnow'),
      confirmText: t('dialog.goLogin'),
      onConfirm: () => navigate(mobilePaths.login),
    });
  };
}

/**
 * SubHeader is the light bar under the site nav: a back button and the page's
 * title, the page's heading unless the page has its own (an article's title).
 */
export function SubHeader({
  title,
  onBack,
  backLabel,
  extra,
  heading = true,
}: {
  title: string;
  onBack: () => void;
  backLabel: string;
  extra?: ReactNode;
  heading?: boolean;
}) {
  const Title = heading ? 'h1' : 'p';
  return (
    <header className="up-mhelp-bar">
      <button type="button" className="up-mhelp-bar__back" onClick={onBack} aria-label={backLabel} data-testid="help-back">
        <LeftOutline fontSize={20} />
      </button>
      <Title className="up-mhelp-bar__title">{title}</Title>
      <div className="up-mhelp-bar__extra">{extra}</div>
    </header>
  );
}

/** ListSkeleton fills a list while it loads. */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="up-mhelp-skeleton" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="up-mhelp-skeleton__row">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
}

// Small pieces shared by the phone's home, coin list and coin pages.
import { Segmented } from 'antd-mobile';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { mobilePaths } from '@/config/paths';
import { LEGAL_TENDERS } from '@/lib/legal-tender';
import { notify } from '@/lib/notify';
import type { CoinRow, LegalTender } from '@/features/dashboard/model/types';
import { useDashboardTexts } from '@/features/dashboard/texts';
import { formatMoney } from '@/lib/format';
import { mobileTutorialTarget } from './tutorial-target';

/** CoinAvatar is the coin's icon, or its first letter on a coloured disc when it has none (or it fails). */
export function CoinAvatar({ row, size = 40 }: { row: Pick<CoinRow, 'iconUrl' | 'currencyType'>; size?: number }) {
  const [broken, setBroken] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (row.iconUrl && !broken) {
    return <img className="up-mcoin-avatar" src={row.iconUrl} alt="" width={size} height={size} style={style} onError={() => setBroken(true)} />;
  }
  // A stable hue per coin, so a coin keeps its colour across pages.
  const hue = [...row.currencyType].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
  return (
    <span className="up-mcoin-avatar up-mcoin-avatar--letter" aria-hidden="true" style={{ ...style, background: `hsl(${hue} 55% 42%)` }}>
      {row.currencyType.slice(0, 1)}
    </span>
  );
}

/** RadioSegments is a phone segmented control read as a radio group (label names it) of the values of options. */
export function RadioSegments<T extends string>(p: {
  value: T;
  onChange: (value: T) => void;
  options: { value: T; label: ReactNode }[];
  label: string;
  className: string;
  testId: string;
  block?: boolean;
}) {
  return (
    <Segmented
      block={p.block}
      role="radiogroup"
      className={p.className}
      aria-label={p.label}
      data-testid={p.testId}
      value={p.value}
      onChange={(v) => p.onChange(v as T)}
      options={p.options}
    />
  );
}

/** FiatToggle switches prices between USD and CNY. */
export function FiatToggle({ value, onChange, onDark = false }: { value: LegalTender; onChange: (v: LegalTender) => void; onDark?: boolean }) {
  const { t } = useDashboardTexts();
  return (
    <RadioSegments
      className={`up-mseg${onDark ? ' up-mseg--dark' : ''}`}
      label={t('legalTender.label')}
      testId="fiat-toggle"
      value={value}
      onChange={onChange}
      options={LEGAL_TENDERS.map((f) => ({ value: f, label: <span data-testid={`fiat-${f}`}>{t(`legalTender.${f}`)}</span> }))}
    />
  );
}

/** CoinTags mark a closed coin and a devnet coin. */
export function CoinTags({ row }: { row: CoinRow }) {
  const { t } = useDashboardTexts();
  return (
    <>
      {!row.openStatus ? (
        <span className="up-mtag up-mtag--closed" data-testid="coin-closed-tag">
          {t('closed')}
        </span>
      ) : null}
      {row.driver === 'devnet' ? <span className="up-mtag up-mtag--devnet">{t('devnet')}</span> : null}
    </>
  );
}

/**
 * CoinHeadLine is the head of a coin card, on the home page and in the coin list: icon,
 * symbol with its tags, chain and price, then the chevron (open or not) that ends the row.
 */
export function CoinHeadLine({ row, open }: { row: CoinRow; open?: boolean }) {
  return (
    <>
      <CoinAvatar row={row} />
      <span className="up-mcard__name">
        <span className="up-mcard__symbol">
          {row.currencyType}
          <CoinTags row={row} />
        </span>
        <span className="up-mcard__chain">{row.chainTypeName}</span>
      </span>
      <span className="up-mcard__price" data-testid="coin-price">
        {formatMoney(row.coinPrice, row.coinPriceUnit)}
      </span>
      <Chevron open={open} />
    </>
  );
}

/** ClosedNote shows a closed coin's message. */
export function ClosedNote({ row, compact = false }: { row: CoinRow; compact?: boolean }) {
  const { t } = useDashboardTexts();
  if (row.openStatus) return null;
  return (
    <p className={`up-mclosed${compact ? ' up-mclosed--compact' : ''}`} role="note" data-testid="closed-msg">
      <span className="up-mclosed__icon" aria-hidden="true">
        !
      </span>
      <span>{row.closedMsg || t('closed')}</span>
    </p>
  );
}

/**
 * TutorialLink opens a coin's tutorial on the phone: its mobile page, an outside
 * address in a new tab, or the "not online yet" toast when the coin has none.
 */
export function TutorialLink({ row, className, children }: { row: CoinRow; className?: string; children?: ReactNode }) {
  const { t } = useDashboardTexts();
  const navigate = useNavigate();
  const target = mobileTutorialTarget(row.tutorialUrl);
  const label = children ?? t('tutorial.link');
  if (target.kind === 'external') {
    return (
      <a className={className} href={target.href} target="_blank" rel="noopener noreferrer" data-testid="tutorial-link">
        {label}
      </a>
    );
  }
  const onClick = (e: MouseEvent) => {
    e.stopPropagation();
    if (target.kind === 'none') notify('warning', t('tutorial.notOnline'));
    else navigate(target.to);
  };
  return (
    <button type="button" className={className} onClick={onClick} data-testid="tutorial-link">
      {label}
    </button>
  );
}

/** detailPath is the coin page of a coin. */
export function detailPath(currencyType: string): string {
  return `${mobilePaths.currencyDetail}?currencyType=${encodeURIComponent(currencyType)}`;
}

/** DetailLink leads to a coin's page. */
export function DetailLink({ currencyType, className, children }: { currencyType: string; className?: string; children: ReactNode }) {
  return (
    <Link className={className} to={detailPath(currencyType)} data-testid="coin-detail-link">
      {children}
    </Link>
  );
}

/** Chevron is the "go on" mark of tappable rows. */
export function Chevron({ open }: { open?: boolean }) {
  return (
    <svg className={`up-mchev${open ? ' up-mchev--open' : ''}`} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

import { CalculatorOutlined, DownOutlined, LockOutlined, ReadOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { Fragment, lazy, Suspense, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { CoinRow, LegalTender } from '@/features/dashboard/model/types';
import { useDashboardTexts } from '@/features/dashboard/texts';
import { notify } from '@/lib/notify';
import { useMediaQuery } from '@/lib/use-media-query';
import { CoinAvatar } from './coin-avatar';
import { CoinDetail } from './coin-detail';
import { isExternal } from '@/features/dashboard/model/format';
import { Figure } from '@/components/figure';
import { DASH, formatGrouped, formatMoney, groupDigits } from '@/lib/format';
import { useFormat } from '@/lib/use-format';

/** TutorialLink opens a coin's tutorial, or says it is not online yet (SPEC.md section 4). */
function TutorialLink({ row }: { row: CoinRow }) {
  const { t } = useDashboardTexts();
  const testId = `tutorial-${row.currencyType}`;
  const label = (
    <>
      <ReadOutlined aria-hidden="true" /> {t('tutorial.link')}
    </>
  );
  if (!row.tutorialUrl) {
    return (
      <Button type="link" size="small" className="up-coin-action" onClick={() => notify('warning', t('tutorial.notOnline'))} data-testid={testId}>
        {label}
      </Button>
    );
  }
  if (isExternal(row.tutorialUrl)) {
    return (
      <a className="up-coin-action up-coin-action--link" href={row.tutorialUrl} target="_blank" rel="noopener noreferrer" data-testid={testId}>
        {label}
      </a>
    );
  }
  return (
    <Link className="up-coin-action up-coin-action--link" to={row.tutorialUrl} data-testid={testId}>
      {label}
    </Link>
  );
}

/** CoinCell names the coin: icon, name, algorithm, and its devnet and closed tags. */
function CoinCell({ row }: { row: CoinRow }) {
  const { t } = useDashboardTexts();
  return (
    <div className="up-coin-cell">
      <CoinAvatar row={row} />
      <div className="up-coin-cell__text">
        <div className="up-coin-cell__name">
          <strong>{row.currencyType}</strong>
          {row.driver === 'devnet' ? (
            <Tag className="up-coin-tag" color="purple" data-testid={`devnet-${row.currencyType}`}>
              {t('devnet')}
            </Tag>
          ) : null}
          {!row.openStatus ? (
            <Tag className="up-coin-tag" color="default" icon={<LockOutlined />}>
              {t('closed')}
            </Tag>
          ) : null}
        </div>
        <div className="up-coin-cell__sub">
          {row.chainTypeName}
          {row.algorithm ? <span className="up-coin-cell__algo"> · {row.algorithm}</span> : null}
        </div>
      </div>
    </div>
  );
}

/** Column is one column of the coin table: its heading, alignment and cell. */
interface Column {
  key: string;
  title: string;
  numeric?: boolean;
  cell: (r: CoinRow) => ReactNode;
}

const CalcDialog = lazy(() => import('./calc-dialog'));

/**
 * CoinTable is the pool coin table: the first row starts expanded, each row has a tutorial
 * link and a calculator. It is a plain table rather than antd's, whose code (and its
 * pagination and locale) would be a fifth of the home page's first download.
 */
export function CoinTable({ rows, legalTender, switching }: { rows: CoinRow[]; legalTender: LegalTender; switching: boolean }) {
  const { t } = useDashboardTexts();
  const wide = useMediaQuery('(min-width: 1200px)'); // 1200 px and up shows every column
  const f = useFormat();
  const [expanded, setExpanded] = useState<string[]>(() => (rows[0] ? [rows[0].currencyType] : []));
  const [calcType, setCalcType] = useState<string | null>(null);
  const calcRow = rows.find((r) => r.currencyType === calcType) ?? null;

  const figures = useMemo(() => {
    const all: (Column & { wideOnly?: boolean })[] = [
      {
        key: 'price',
        title: t('columns.price'),
        numeric: true,
        cell: (r) => (
          <span className="up-num up-num--strong" data-testid={`coin-price-${r.currencyType}`}>
            {formatMoney(r.coinPrice, legalTender)}
          </span>
        ),
      },
      {
        key: 'poolHashRate',
        title: t('columns.poolHashRate'),
        numeric: true,
        cell: (r) => (
          <Figure className="up-num" testId={`coin-pool-${r.currencyType}`} value={groupDigits(r.poolHashRateShow)} unit={r.poolHashRateUnit} />
        ),
      },
      {
        key: 'networkHashRate',
        title: t('columns.networkHashRate'),
        numeric: true,
        wideOnly: true,
        cell: (r) => (
          <Figure className="up-num" value={groupDigits(r.networkHashRateShow)} unit={r.networkHashRateUnit} />
        ),
      },
      {
        key: 'dayIncome',
        title: t('columns.dayIncome'),
        numeric: true,
        cell: (r) => (
          <div className="up-income" data-testid={`coin-income-${r.currencyType}`}>
            <span className="up-num up-num--strong">{formatMoney(r.dayExpectIncome, legalTender)}</span>
            <span className="up-num up-income__coin">{formatGrouped(r.dayExpectIncomeCoin, r.chainUnit)}</span>
            <span className="up-income__per">{t('perUnit', { unit: r.minHashUnit || 'H/s' })}</span>
          </div>
        ),
      },
      {
        key: 'activeMiners',
        title: t('columns.activeMiners'),
        numeric: true,
        cell: (r) => <span className="up-num">{f.count(r.activeMiners)}</span>,
      },
      { key: 'fee', title: t('columns.fee'), numeric: true, cell: (r) => <span className="up-num">{r.rateShow || r.fee || DASH}</span> },
      {
        key: 'settlement',
        title: t('columns.settlement'),
        wideOnly: true,
        cell: (r) => (
          <span className="up-settle">
            <Tag className="up-coin-tag" color="green">
              {r.settleModel}
            </Tag>
            <span className="up-num">{r.settleTime}</span>
          </span>
        ),
      },
    ];
    return all.filter((c) => wide || !c.wideOnly);
  }, [t, f, legalTender, wide]);

  const toggle = (type: string) => setExpanded((open) => (open.includes(type) ? open.filter((x) => x !== type) : [...open, type]));
  // expand, coin, the figures, actions
  const columnCount = figures.length + 3;

  return (
    <>
      <div className={`up-coin-table${switching ? ' up-coin-table--switching' : ''}`} data-testid="coin-table" aria-busy={switching}>
        <table>
          <thead>
            <tr>
              <th className="up-coin-table__expand" aria-hidden="true" />
              <th scope="col" style={{ width: wide ? 210 : 190 }}>
                {t('columns.coin')}
              </th>
              {figures.map((c) => (
                <th key={c.key} scope="col" className={c.numeric ? 'up-coin-table__num' : undefined}>
                  {c.title}
                </th>
              ))}
              <th scope="col" className="up-coin-table__num">
                {t('columns.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const open = expanded.includes(r.currencyType);
              return (
                <Fragment key={r.currencyType}>
                  <tr className={r.openStatus ? 'up-coin-row' : 'up-coin-row up-coin-row--closed'} data-testid={`coin-row-${r.currencyType}`} data-open={String(r.openStatus)}>
                    <td className="up-coin-table__expand">
                      <button
                        type="button"
                        className={`up-expand${open ? ' up-expand--open' : ''}`}
                        aria-expanded={open}
                        aria-label={`${r.currencyType}: ${t('trend.title')} / ${t('calc.title')}`}
                        onClick={() => toggle(r.currencyType)}
                        data-testid={`coin-expand-${r.currencyType}`}
                      >
                        <DownOutlined />
                      </button>
                    </td>
                    <td>
                      <CoinCell row={r} />
                    </td>
                    {r.openStatus ? (
                      figures.map((c) => (
                        <td key={c.key} className={c.numeric ? 'up-coin-table__num' : undefined}>
                          {c.cell(r)}
                        </td>
                      ))
                    ) : (
                      // A closed coin's figures give way to its message, across all the figure columns.
                      <td colSpan={figures.length}>
                        <div className="up-closed-msg" data-testid={`coin-closed-${r.currencyType}`}>
                          <LockOutlined aria-hidden="true" /> <span>{r.closedMsg || t('closed')}</span>
                        </div>
                      </td>
                    )}
                    <td className="up-coin-table__num">
                      <div className="up-coin-actions">
                        <TutorialLink row={r} />
                        <Button
                          size="small"
                          className="up-coin-action up-coin-action--calc"
                          icon={<CalculatorOutlined />}
                          title={t('calc.title')}
                          onClick={(e: MouseEvent) => {
                            e.stopPropagation();
                            setCalcType(r.currencyType);
                          }}
                          data-testid={`calc-open-${r.currencyType}`}
                        >
                          {t('calc.open')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                  {open ? (
                    <tr className="up-coin-expanded">
                      <td colSpan={columnCount}>
                        <CoinDetail row={r} legalTender={legalTender} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {calcRow ? (
        <Suspense fallback={null}>
          <CalcDialog key={calcRow.currencyType} row={calcRow} legalTender={legalTender} onClose={() => setCalcType(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

import { CalculatorOutlined, DownOutlined, LockOutlined, ReadOutlined } from '@ant-design/icons';
import { Button, Grid, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState, type HTMLAttributes, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import type { CoinRow, LegalTender } from '@/features/dashboard/model/types';
import { useDashboardTexts } from '@/features/dashboard/texts';
import { notify } from '@/lib/notify';
import { CalcDialog } from './calc-dialog';
import { CoinAvatar } from './coin-avatar';
import { CoinDetail } from './coin-detail';
import { coinAmount, DASH, groupDigits, isExternal, money } from '@/features/dashboard/model/format';

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

type Col = ColumnsType<CoinRow>[number] & { key: string };

/** CoinTable is the pool coin table: the first row starts expanded, each row has a tutorial link and a calculator. */
export function CoinTable({ rows, legalTender, switching }: { rows: CoinRow[]; legalTender: LegalTender; switching: boolean }) {
  const { t } = useDashboardTexts();
  const screens = Grid.useBreakpoint();
  const wide = screens.xl !== false; // 1200 px and up shows every column
  const [expanded, setExpanded] = useState<string[]>(() => (rows[0] ? [rows[0].currencyType] : []));
  const [calcType, setCalcType] = useState<string | null>(null);
  const calcRow = rows.find((r) => r.currencyType === calcType) ?? null;

  const columns = useMemo(() => {
    const figures: Col[] = [
      {
        key: 'price',
        title: t('columns.price'),
        align: 'right',
        render: (_, r) => (
          <span className="up-num up-num--strong" data-testid={`coin-price-${r.currencyType}`}>
            {money(r.coinPrice, legalTender)}
          </span>
        ),
      },
      {
        key: 'poolHashRate',
        title: t('columns.poolHashRate'),
        align: 'right',
        render: (_, r) => (
          <span className="up-num" data-testid={`coin-pool-${r.currencyType}`}>
            {groupDigits(r.poolHashRateShow)} <small>{r.poolHashRateUnit}</small>
          </span>
        ),
      },
      ...(wide
        ? [
            {
              key: 'networkHashRate',
              title: t('columns.networkHashRate'),
              align: 'right',
              render: (_: unknown, r: CoinRow) => (
                <span className="up-num">
                  {groupDigits(r.networkHashRateShow)} <small>{r.networkHashRateUnit}</small>
                </span>
              ),
            } satisfies Col,
          ]
        : []),
      {
        key: 'dayIncome',
        title: t('columns.dayIncome'),
        align: 'right',
        render: (_, r) => (
          <div className="up-income" data-testid={`coin-income-${r.currencyType}`}>
            <span className="up-num up-num--strong">{money(r.dayExpectIncome, legalTender)}</span>
            <span className="up-num up-income__coin">{coinAmount(r.dayExpectIncomeCoin, r.chainUnit)}</span>
            <span className="up-income__per">{t('perUnit', { unit: r.minHashUnit || 'H/s' })}</span>
          </div>
        ),
      },
      {
        key: 'activeMiners',
        title: t('columns.activeMiners'),
        align: 'right',
        render: (_, r) => <span className="up-num">{r.activeMiners.toLocaleString('en-US')}</span>,
      },
      { key: 'fee', title: t('columns.fee'), align: 'right', render: (_, r) => <span className="up-num">{r.rateShow || r.fee || DASH}</span> },
      ...(wide
        ? [
            {
              key: 'settlement',
              title: t('columns.settlement'),
              render: (_: unknown, r: CoinRow) => (
                <span className="up-settle">
                  <Tag className="up-coin-tag" color="green">
                    {r.settleModel}
                  </Tag>
                  <span className="up-num">{r.settleTime}</span>
                </span>
              ),
            } satisfies Col,
          ]
        : []),
    ];
    // A closed coin's figures give way to its message, across all the figure columns.
    const span = figures.length;
    const withClosed: Col[] = figures.map((c, i) => ({
      ...c,
      onCell: (r: CoinRow) => (r.openStatus ? {} : { colSpan: i === 0 ? span : 0 }),
      render: (v: unknown, r: CoinRow, index: number) =>
        r.openStatus ? c.render?.(v, r, index) : i === 0 ? (
          <div className="up-closed-msg" data-testid={`coin-closed-${r.currencyType}`}>
            <LockOutlined aria-hidden="true" /> <span>{r.closedMsg || t('closed')}</span>
          </div>
        ) : null,
    }));
    const all: Col[] = [
      { key: 'coin', title: t('columns.coin'), render: (_, r) => <CoinCell row={r} />, width: wide ? 210 : 190 },
      ...withClosed,
      {
        key: 'actions',
        title: t('columns.actions'),
        align: 'right',
        render: (_, r) => (
          <div className="up-coin-actions">
            <TutorialLink row={r} />
            <Tooltip title={t('calc.title')}>
              <Button
                size="small"
                className="up-coin-action up-coin-action--calc"
                icon={<CalculatorOutlined />}
                onClick={(e: MouseEvent) => {
                  e.stopPropagation();
                  setCalcType(r.currencyType);
                }}
                data-testid={`calc-open-${r.currencyType}`}
              >
                {t('calc.open')}
              </Button>
            </Tooltip>
          </div>
        ),
      },
    ];
    return all;
  }, [t, legalTender, wide]);

  return (
    <>
      <Table<CoinRow>
        className="up-coin-table"
        data-testid="coin-table"
        rowKey="currencyType"
        columns={columns}
        dataSource={rows}
        pagination={false}
        loading={switching}
        tableLayout="auto"
        rowClassName={(r) => (r.openStatus ? 'up-coin-row' : 'up-coin-row up-coin-row--closed')}
        onRow={(r) => ({ 'data-testid': `coin-row-${r.currencyType}`, 'data-open': String(r.openStatus) }) as HTMLAttributes<HTMLElement>}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
          expandedRowRender: (r) => <CoinDetail row={r} legalTender={legalTender} />,
          expandedRowClassName: () => 'up-coin-expanded',
          columnWidth: 48,
          expandIcon: ({ expanded: open, onExpand, record }) => (
            <button
              type="button"
              className={`up-expand${open ? ' up-expand--open' : ''}`}
              aria-expanded={open}
              aria-label={`${record.currencyType}: ${t('trend.title')} / ${t('calc.title')}`}
              onClick={(e) => onExpand(record, e)}
              data-testid={`coin-expand-${record.currencyType}`}
            >
              <DownOutlined />
            </button>
          ),
        }}
      />
      {calcRow ? <CalcDialog key={calcRow.currencyType} row={calcRow} legalTender={legalTender} onClose={() => setCalcType(null)} /> : null}
    </>
  );
}

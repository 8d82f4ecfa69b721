import { ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Segmented, Skeleton } from 'antd';
import { LEGAL_TENDERS } from '@/lib/legal-tender';
import type { CoinRow, LegalTender } from '@/features/dashboard/model/types';
import { useDashboardTexts } from '@/features/dashboard/texts';
import { useHomeTexts } from '@/features/home/texts';
import { CoinTable } from './coin-table';

/** CoinSection is the pool coin table with its fiat toggle, and its loading, error and empty states. */
export function CoinSection({
  list,
  legalTender,
  onLegalTender,
}: {
  list: UseQueryResult<CoinRow[]>;
  legalTender: LegalTender;
  onLegalTender: (v: LegalTender) => void;
}) {
  const home = useHomeTexts();
  const { t } = useDashboardTexts();
  const rows = list.data;

  let body;
  if (!rows && list.isError) {
    body = (
      <div className="up-home-state" role="alert" data-testid="coin-table-error">
        <p>{t('loadFailed')}</p>
        <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} loading={list.isFetching} data-testid="coin-table-retry">
          {t('retry')}
        </Button>
      </div>
    );
  } else if (!rows) {
    body = (
      <div className="up-home-table-skeleton" role="status" aria-busy="true" data-testid="coin-table-loading">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} active avatar={{ shape: 'circle' }} title={false} paragraph={{ rows: 2, width: ['60%', '90%'] }} />
        ))}
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <div className="up-home-state" data-testid="coin-table-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      </div>
    );
  } else {
    body = <CoinTable rows={rows} legalTender={legalTender} switching={list.isPlaceholderData && list.isFetching} />;
  }

  return (
    <section className="up-home-section up-home-coins" aria-labelledby="up-home-coins-title">
      <div className="up-home__inner">
        <header className="up-home-section__head up-home-section__head--row">
          <div>
            <h2 id="up-home-coins-title" className="up-home-section__title">
              {home.t('coins.title')}
            </h2>
            <p className="up-home-section__lead">{home.t('coins.lead')}</p>
          </div>
          <div className="up-home-fiat">
            <span id="up-home-fiat-label" className="up-home-fiat__label">
              {t('legalTender.label')}
            </span>
            <Segmented<LegalTender>
              aria-labelledby="up-home-fiat-label"
              data-testid="legal-tender-toggle"
              value={legalTender}
              onChange={onLegalTender}
              options={LEGAL_TENDERS.map((v) => ({ value: v, label: <span data-testid={`legal-tender-${v}`}>{t(`legalTender.${v}`)}</span> }))}
            />
          </div>
        </header>
        <div className="up-home-card up-home-table-card">{body}</div>
      </div>
    </section>
  );
}

// Phone asset pages: assetsOverview and assetsDetail (the journal). Logic lives in
// features/earnings; this file lays out antd-mobile widgets.
import { Button, ErrorBlock, NoticeBar, Selector, Skeleton } from 'antd-mobile';
import { Link } from 'react-router-dom';
import { MCopyText } from '@/components/copy-text/m-copy-text';
import { PageFrame } from '@/components/page-frame';
import { mobilePaths } from '@/config/paths';
import { BALANCES, useAssetEntriesPage, useAssetsOverview } from '@/features/earnings/hooks/use-assets';
import { scopeQuery } from '@/features/earnings/model/format';
import { ENTRY_KINDS, FIATS, type Fiat } from '@/features/earnings/model/types';
import { subAccountChoices } from '@/features/earnings/model/withdraw-gate';
import { MobilePager } from '@/features/pool/overclock/components/mobile-send-parts';
import { usePoolCodes } from '@/features/pool/hooks/use-pool-selection';
import { MCard, MLoadFailed } from './parts';
import { MobileWithdrawals, MobileWithdrawSheet } from './withdraw';

/** MobileAssetsOverview: one card per coin with its balances and value. */
export function MobileAssetsOverview() {
  const { selection, subAccount: sub } = usePoolCodes();
  const v = useAssetsOverview(sub, !selection.isLoading);
  const { t } = v.texts;
  return (
    <PageFrame titleKey="pages.orePoolAssetsOverview">
      {v.loading ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : v.failed ? (
        <MLoadFailed tp={t} retry={v.retry} />
      ) : (
        <>
          <div className="up-mpool-actions" style={{ marginTop: 0, alignItems: 'center' }}>
            <span className="up-mpool-hint">{t('assets.fiat')}</span>
            <Selector
              value={[v.fiat]}
              onChange={(x) => x[0] && v.setFiat(x[0] as Fiat)}
              options={FIATS.map((f) => ({ value: f, label: f }))}
              data-testid="assets-fiat"
            />
          </div>
          <div className="up-mpool-cards up-mearn-cards" data-testid="assets-total">
            <div className="up-mearn-wide">
              <MCard label={t('assets.totalValue')} value={v.totalText} unit={v.fiat} />
            </div>
          </div>
          {v.empty ? <ErrorBlock status="empty" title={t('assets.emptyTitle')} description={t('assets.emptyBody')} fullPage={false} /> : null}
          {sub ? null : (
            // Under all sub-accounts the sums cannot be withdrawn from: say why in the page
            // and offer the sub-accounts right here (the choice switches the whole page).
            <section className="up-mpool-panel" data-testid="withdraw-pick">
              <NoticeBar color="info" wrap content={t('assets.allTitle')} />
              <p className="up-mpool-hint">{t('assets.allBody')}</p>
              {selection.subAccounts.length > 0 ? (
                <label style={{ display: 'grid', gap: 4 }}>
                  <span className="up-mpool-hint">{t('assets.withdrawFrom')}</span>
                  <select
                    value=""
                    onChange={(e) => e.target.value && selection.setSubAccount(e.target.value)}
                    data-testid="withdraw-sub-picker"
                    style={{ minHeight: 44, fontSize: 16 }}
                  >
                    <option value="" disabled>
                      {t('assets.pickPlaceholder')}
                    </option>
                    {subAccountChoices(selection.subAccounts).map((c) => (
                      <option key={c.value} value={c.value}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
            </section>
          )}
          {v.rows.map((a) => (
            <article key={a.coin} className="up-mpool-device" data-testid="asset-card">
              <div className="up-mpool-device__head">
                <strong>{a.coin}</strong>
                <span>{v.money(a.fiatValue)}</span>
              </div>
              {BALANCES.map((k) => {
                const Figure = k === 'available' ? 'strong' : 'span';
                return (
                  <div key={k} className="up-mpool-row">
                    <span>{t(`assets.${k}`)}</span>
                    <Figure data-testid={`asset-${k}-${a.coin}`}>{v.amount(a, k)}</Figure>
                  </div>
                );
              })}
              <div className="up-mpool-actions">
                <Button size="small" color="primary" disabled={v.blockOf(a) !== null} onClick={() => v.startWithdraw(a.coin)} data-testid={`withdraw-${a.coin}`}>
                  {t('assets.withdraw')}
                </Button>
                <Link to={`${mobilePaths.account.assetsDetail}${scopeQuery(a.coin, sub)}`}>{t('assets.entries')}</Link>
              </div>
            </article>
          ))}
          <p className="up-mpool-hint">{t('assets.frozenHint')}</p>
          <MobileWithdrawSheet sub={sub} coin={v.withdrawing} open={v.withdrawing !== ''} onClose={v.stopWithdraw} onDone={v.retry} />
        </>
      )}
      <MobileWithdrawals sub={sub} ready={!selection.isLoading} onSettled={v.retry} />
    </PageFrame>
  );
}

/** MobileAssetsDetail: the chosen coin's journal as cards, by type and dates. */
export function MobileAssetsDetail() {
  const { coin, subAccount } = usePoolCodes();
  const v = useAssetEntriesPage(coin, subAccount);
  const { t } = v.texts;
  return (
    <PageFrame titleKey="pages.orePoolAssetsDetail">
      <div className="up-mearn-filters">
        <Selector
          value={[v.kind]}
          onChange={(x) => v.setKind(x[0] ?? '')}
          options={[{ value: '', label: t('entries.allKinds') }, ...ENTRY_KINDS.map((k) => ({ value: k, label: t(`entries.kinds.${k}`) }))]}
          data-testid="entries-kind"
        />
        <label>
          {t('entries.from')}
          <input type="date" value={v.from} onChange={(e) => v.setRange(e.target.value, v.to)} data-testid="entries-from" />
        </label>
        <label>
          {t('entries.to')}
          <input type="date" value={v.to} onChange={(e) => v.setRange(v.from, e.target.value)} data-testid="entries-to" />
        </label>
        {v.filtered ? (
          <Button size="mini" onClick={v.clear}>
            {t('entries.clear')}
          </Button>
        ) : null}
      </div>
      {v.loading ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : v.failed ? (
        <MLoadFailed tp={t} retry={v.retry} />
      ) : v.rows.length === 0 ? (
        <ErrorBlock status="empty" title={t('entries.emptyTitle')} description={t('entries.emptyBody')} fullPage={false} />
      ) : (
        <>
          <p className="up-mpool-hint">{t('entries.total', { count: v.total })}</p>
          {v.rows.map((e) => (
            <article key={e.id} className="up-mpool-device" data-testid="entry-card">
              <div className="up-mpool-device__head">
                <span>{t(`entries.kinds.${e.kind}`)}</span>
                <strong data-testid="entry-amount">{v.amount(e)}</strong>
              </div>
              <div className="up-mpool-row">
                <span>{t('entries.time')}</span>
                <span>{v.time(e.createdAt)}</span>
              </div>
              <div className="up-mpool-row">
                <span>{t('entries.subAccount')}</span>
                <span>{e.subAccount}</span>
              </div>
              {e.ref ? (
                <div className="up-mpool-row">
                  <span>{t('entries.ref')}</span>
                  <MCopyText text={e.ref} keep={10} testId="entry-ref" />
                </div>
              ) : null}
            </article>
          ))}
          {v.total > v.size ? <MobilePager page={v.page} pageSize={v.size} total={v.total} onPage={(p) => v.setPage(p)} onSize={(s) => v.setPage(1, s)} /> : null}
        </>
      )}
    </PageFrame>
  );
}

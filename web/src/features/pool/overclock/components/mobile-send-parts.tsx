// The phone pieces orePoolOverclockSet, orePoolOverclockCancel and the template list
// share: a device's overclock state, the device picker, a pager and the progress of the
// last request.
import { Button, Checkbox, ErrorBlock, SearchBar, Selector, Skeleton, Tag } from 'antd-mobile';
import { PAGE_SIZES, type PageSize } from '../../model/types';
import type { DevicePicker } from '../hooks/use-device-picker';
import type { CoinStep } from '../hooks/use-overclock-send';
import { useProgressView, type RequestProgress } from '../hooks/use-request-progress';
import { lastPage } from '../model/paging';
import type { DeviceOverclock } from '../model/types';
import { useOverclockTexts } from '../texts';
import { MobileCopyButton } from './mobile-copy';
import { SendStep } from './send-step';
import './overclock-mobile.css';
import { rateText } from '@/lib/hashrate';

const OC_COLOR = { none: 'default', pending: 'primary', applied: 'success', failed: 'danger' } as const;
const STATUS_COLOR = { normal: 'success', abnormal: 'warning', offline: 'default' } as const;

/** MobileStateTag shows a device's overclock state and what it was sent. */
export function MobileStateTag({ s }: { s: DeviceOverclock | undefined }) {
  const { t } = useOverclockTexts();
  if (!s) return null;
  return (
    <span className="up-moc-state" data-testid={`oc-state-${s.deviceId}`} data-state={s.state}>
      <Tag color={OC_COLOR[s.state]} fill="outline">
        {t(`state.${s.state}`)}
      </Tag>
      {s.state !== 'none' ? <span>{s.factory ? t('state.none') : s.templateName}</span> : null}
      {s.message ? <span className="up-moc-state__msg">{s.message}</span> : null}
    </span>
  );
}

/** MobileSendSkeleton stands for a send page while its texts and first list load. */
export function MobileSendSkeleton({ lines, label }: { lines: number; label: string }) {
  return (
    <div role="status" aria-label={label}>
      <Skeleton.Paragraph lineCount={lines} animated />
      <Skeleton.Paragraph lineCount={6} animated />
    </div>
  );
}

/** MobileCoinChoice is the cancel page's first step: the coins with overclocking to choose from. */
export function MobileCoinChoice({ c }: { c: CoinStep }) {
  const { t, tp } = useOverclockTexts();
  if (c.coinsFailed) {
    return (
      <ErrorBlock status="default" title={t('send.coinsFailed')} description="" fullPage={false}>
        <Button color="primary" size="small" onClick={c.selection.refetch}>
          {tp('common.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  if (!c.coin) return <p className="up-moc-note" data-testid="no-overclock-coin">{t('send.noCoin')}</p>;
  const options = c.overclockCoins.map((x) => ({ value: x.type, label: x.type, description: x.name }));
  return (
    <>
      <Selector columns={2} value={[c.coin.type]} onChange={(v) => v[0] && c.chooseCoin(v[0])} options={options} data-testid="coin-choice" />
      {c.otherCoinTypes ? <p className="up-moc-note">{t('send.coinNote', { coins: c.otherCoinTypes })}</p> : null}
    </>
  );
}

/** MobileSection is a titled block of a phone page, numbered when n is given. */
export function MobileSection(props: Parameters<typeof SendStep>[0]) {
  return <SendStep {...props} />;
}

/** MobilePager moves between pages and changes the page size (SPEC's 10, 20, 30, 50). */
export function MobilePager({
  page,
  pageSize,
  total,
  onPage,
  onSize,
  testId,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (p: number) => void;
  onSize: (s: PageSize) => void;
  testId?: string;
}) {
  const { t } = useOverclockTexts();
  const pages = lastPage(total, pageSize);
  return (
    <nav className="up-moc-pager" aria-label={t('manage.total', { count: total })} data-testid={testId}>
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.prev')}
      </Button>
      <span className="up-moc-pager__at">{t('pager.pageOf', { page, pages })}</span>
      <Button size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
      <select className="up-moc-pager__size" value={pageSize} onChange={(e) => onSize(Number(e.target.value) as PageSize)} aria-label={t('pager.perPage', { size: pageSize })}>
        {PAGE_SIZES.map((s) => (
          <option key={s} value={s}>
            {t('pager.perPage', { size: s })}
          </option>
        ))}
      </select>
    </nav>
  );
}

/** MobileDevicePicker is the coin's devices as tappable rows with checkboxes. */
export function MobileDevicePicker({ picker, coinName }: { picker: DevicePicker; coinName: string }) {
  const { t, tp } = useOverclockTexts();
  return (
    <div className="up-moc-picker" data-testid="device-picker">
      <SearchBar
        value={picker.draft}
        onChange={picker.setDraft}
        onSearch={(v) => picker.search(v)}
        onClear={() => picker.search('')}
        placeholder={t('send.search')}
        data-testid="device-search"
      />
      <div className="up-moc-picker__bar">
        <Checkbox checked={picker.allOnPage} indeterminate={!picker.allOnPage && picker.rows.some((r) => picker.selected.includes(r.id))} onChange={picker.togglePage} disabled={picker.rows.length === 0}>
          {t('send.selectPage')}
        </Checkbox>
        <span data-testid="selected-count">{t('send.selected', { count: picker.selected.length })}</span>
      </div>
      {picker.failed ? (
        <ErrorBlock status="default" title={t('send.devicesFailed')} description="" fullPage={false}>
          <Button color="primary" size="small" onClick={picker.retry}>
            {tp('common.retry')}
          </Button>
        </ErrorBlock>
      ) : picker.loading ? (
        <Skeleton.Paragraph lineCount={5} animated />
      ) : picker.rows.length === 0 ? (
        <ErrorBlock
          status="empty"
          title={picker.keyword ? t('send.noMatch') : t('send.noDevicesTitle', { coin: coinName })}
          description={picker.keyword ? '' : t('send.noDevicesBody')}
          fullPage={false}
          data-testid="devices-empty"
        />
      ) : (
        <ul className="up-moc-devices">
          {picker.rows.map((d) => {
            const on = picker.selected.includes(d.id);
            return (
              <li key={d.id} className={`up-moc-device${on ? ' up-moc-device--on' : ''}`}>
                <Checkbox checked={on} onChange={(v) => picker.toggle(d.id, v)} aria-label={d.code} data-testid={`pick-${d.id}`} />
                <button type="button" className="up-moc-device__main" onClick={() => picker.toggle(d.id)}>
                  <span className="up-moc-device__code">{d.code}</span>
                  <span className="up-moc-device__meta">
                    <Tag color={STATUS_COLOR[d.status]} fill="outline">
                      {tp(`status.${d.status}`)}
                    </Tag>
                    <span>
                      {rateText(d.realTimeHashRate, tp('figure.measuring'))}
                    </span>
                    {d.alias ? <span>{d.alias}</span> : null}
                  </span>
                  <MobileStateTag s={picker.stateOf(d.id)} />
                </button>
                <MobileCopyButton text={d.code} label={tp('common.copy')} />
              </li>
            );
          })}
        </ul>
      )}
      {picker.total > PAGE_SIZES[0] ? <MobilePager page={picker.page} pageSize={picker.pageSize} total={picker.total} onPage={picker.setPage} onSize={picker.setPageSize} /> : null}
    </div>
  );
}

/** MobileProgress follows the devices of the last request until every rig has answered. */
export function MobileProgress({ progress }: { progress: RequestProgress }) {
  const { t, tp, ref, summary, stage } = useProgressView(progress, 'start');
  if (!progress.active) return null;
  return (
    <MobileSection
      sectionRef={ref}
      title={t('progress.title')}
      testId="progress"
      extra={
        <Button size="mini" fill="none" onClick={progress.dismiss}>
          {t('progress.dismiss')}
        </Button>
      }
    >
      <p className={`up-moc-progress${progress.pending ? '' : ' up-moc-progress--done'}`} data-testid="progress-summary" aria-live="polite">
        {summary}
        <br />
        {stage}
      </p>
      {progress.failed ? (
        <div className="up-moc-inline-error" role="alert">
          <span>{t('progress.failed')}</span>
          <Button size="mini" onClick={progress.retry}>
            {tp('common.retry')}
          </Button>
        </div>
      ) : (
        <ul className="up-moc-progress-list">
          {progress.list.map((s) => (
            <li key={s.deviceId}>
              <span className="up-moc-device__code">{s.worker}</span>
              <MobileStateTag s={s} />
            </li>
          ))}
        </ul>
      )}
    </MobileSection>
  );
}

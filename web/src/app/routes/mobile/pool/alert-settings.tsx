// Phone orePoolAlertSet (?sub=): a sub-account's offline and hashrate alerts and its alerts
// of the last 30 days. Logic lives in features/pool/alerts; this file lays out antd-mobile.
import { Button, Checkbox, ErrorBlock, Input, List, NoticeBar, Selector, Skeleton, Switch, Tag } from 'antd-mobile';
import { Link } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { mobilePaths } from '@/config/paths';
import { useAlertPage, type AlertPageView } from '@/features/pool/alerts/hooks/use-alert-page';
import { MLoadFailed } from './parts';
import './alert-settings.css';

/** MobileAlertSettings is the alert settings page of the chosen sub-account. */
export function MobileAlertSettings() {
  const v = useAlertPage();
  const { t, tp } = v.texts;
  return (
    <PageFrame titleKey="pages.orePoolAlertSet">
      {v.state === 'loading' ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : v.state === 'pick' ? (
        <ErrorBlock status="empty" title={<span data-testid="alert-pick">{t('pickSubAccount')}</span>} description="" fullPage={false} />
      ) : v.state === 'failed' ? (
        <>
          {v.message ? (
            <p role="alert" data-testid="alert-refused">
              {v.message}
            </p>
          ) : null}
          <MLoadFailed tp={tp} retry={v.retry} />
        </>
      ) : (
        <>
          <p className="up-mpool-hint">{t('lead', { code: v.code })}</p>
          <SettingsForm v={v} />
          <History v={v} />
          <p>
            <Link to={`${mobilePaths.account.orePoolSubAccountDetail}?code=${encodeURIComponent(v.code)}`}>{v.code}</Link>
          </p>
        </>
      )}
    </PageFrame>
  );
}

function FieldError({ text, testId }: { text: string; testId: string }) {
  return text ? (
    <div className="up-malert-error" role="alert" data-testid={testId}>
      {text}
    </div>
  ) : null;
}

function SettingsForm({ v }: { v: AlertPageView }) {
  const { t } = v.texts;
  const f = v.form!;
  return (
    <form
      className="up-malert-form"
      data-testid="alert-form"
      onSubmit={(e) => {
        e.preventDefault();
        void v.submit();
      }}
    >
      <List header={t('watch.title')} mode="card">
        <List.Item description={v.notes.offline} extra={<Switch checked={f.offlineEnabled} onChange={(on) => v.set({ offlineEnabled: on })} data-testid="alert-offline" />}>
          {t('watch.offline')}
        </List.Item>
        <List.Item extra={<Switch checked={f.hashrateEnabled} onChange={(on) => v.set({ hashrateEnabled: on })} data-testid="alert-hashrate" />}>{t('watch.hashrate')}</List.Item>
        {f.hashrateEnabled ? (
          <List.Item
            description={
              <>
                <FieldError text={v.problems.hashratePercent} testId="alert-percent-error" />
                {v.notes.hashrate}
              </>
            }
            extra={
              <span className="up-malert-percent">
                <Input
                  value={f.hashratePercent === null ? '' : String(f.hashratePercent)}
                  onChange={(s) => {
                    const digits = s.replace(/\D/g, '').slice(0, 3);
                    v.set({ hashratePercent: digits === '' ? null : Number(digits) });
                  }}
                  inputMode="numeric"
                  aria-label={t('watch.percent')}
                  data-testid="alert-percent"
                />
                %
              </span>
            }
          >
            {t('watch.percent')}
          </List.Item>
        ) : null}
      </List>

      <List header={t('channel.title')} mode="card">
        <List.Item
          description={v.contacts.email ? t('channel.to', { target: v.contacts.email }) : <NoContact text={t('channel.noEmail')} bind={t('channel.bind')} />}
          extra={<Checkbox checked={f.byEmail} disabled={!v.contacts.email && !f.byEmail} onChange={(on) => v.set({ byEmail: on })} data-testid="alert-email" />}
        >
          {t('channel.email')}
        </List.Item>
        <List.Item
          description={v.contacts.phone ? t('channel.to', { target: v.contacts.phone }) : <NoContact text={t('channel.noPhone')} bind={t('channel.bind')} />}
          extra={<Checkbox checked={f.bySms} disabled={!v.contacts.phone && !f.bySms} onChange={(on) => v.set({ bySms: on })} data-testid="alert-sms" />}
        >
          {t('channel.sms')}
        </List.Item>
      </List>
      <FieldError text={v.problems.channels} testId="alert-channel-error" />

      <List header={t('when.title')} mode="card">
        <List.Item description={f.digest ? undefined : t('when.nowHelp')}>
          <Selector
            columns={2}
            options={[
              { value: 'now', label: t('when.now') },
              { value: 'digest', label: t('when.digest') },
            ]}
            value={[f.digest ? 'digest' : 'now']}
            onChange={(x) => x[0] && v.set({ digest: x[0] === 'digest' })}
            data-testid="alert-when"
          />
        </List.Item>
        {f.digest ? (
          <List.Item
            title={t('when.hour')}
            description={
              <>
                <FieldError text={v.problems.digestHour} testId="alert-hour-error" />
                {v.notes.hour}
              </>
            }
          >
            <Selector
              columns={4}
              options={v.hours}
              value={f.digestHour === null ? [] : [f.digestHour]}
              onChange={(x) => x[0] !== undefined && v.set({ digestHour: x[0] })}
              data-testid="alert-hour"
            />
          </List.Item>
        ) : null}
      </List>
      {v.serverError ? <NoticeBar content={v.serverError} color="error" wrap data-testid="alert-error" /> : null}
      <Button block color="primary" size="large" type="submit" loading={v.pending} data-testid="alert-save">
        {t('save')}
      </Button>
    </form>
  );
}

function NoContact({ text, bind }: { text: string; bind: string }) {
  return (
    <span>
      {text} <Link to={mobilePaths.basicsInfo}>{bind}</Link>
    </span>
  );
}

function History({ v }: { v: AlertPageView }) {
  const { t, tp } = v.texts;
  const l = v.list;
  return (
    <section className="up-mpool-panel up-malert-history" data-testid="alert-history">
      <h2>{t('history.title')}</h2>
      {l.failed ? (
        <MLoadFailed tp={tp} retry={l.retry} />
      ) : l.loading ? (
        <Skeleton.Paragraph lineCount={4} animated />
      ) : l.rows.length === 0 ? (
        <ErrorBlock status="empty" title={<span data-testid="alert-empty">{t('history.empty')}</span>} description={t('history.emptyHint')} fullPage={false} />
      ) : (
        <>
          {l.rows.map((r) => (
            <article key={r.id} className="up-mpool-device" data-testid="alert-card">
              <div className="up-mpool-device__head">
                <strong>{r.worker}</strong>
                <Tag color={r.tone === 'alert' ? 'danger' : 'success'} data-testid={`alert-kind-${r.id}`}>
                  {r.kind}
                </Tag>
              </div>
              <p className="up-mpool-hint">{r.detail}</p>
              <div className="up-mpool-row">
                <span>{r.time}</span>
                <span data-testid={`alert-delivery-${r.id}`}>{r.deliveryLabel}</span>
              </div>
            </article>
          ))}
          {l.page > 1 || l.more ? (
            <div className="up-mpool-actions">
              <Button size="small" disabled={l.page <= 1} onClick={() => l.setPage(l.page - 1)}>
                {t('history.prev')}
              </Button>
              <Button size="small" disabled={!l.more} onClick={() => l.setPage(l.page + 1)}>
                {t('history.next')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

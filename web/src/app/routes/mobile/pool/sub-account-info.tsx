import { Button, Dialog, Popup, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { PoolStart } from '@/components/pool-start';
import { mobilePaths } from '@/config/paths';
import { usePoolSelection } from '@/features/pool/hooks/use-pool-selection';
import { coinChoices } from '@/features/pool/model/capabilities';
import { MobileCopyButton } from '@/features/pool/overclock/components/mobile-copy';
import type { SubAccount } from '@/features/pool/model/types';
import { useConfirmAction, useSubAccountForm } from '@/features/pool/sub-accounts/hooks/use-sub-account-form';
import { freshFor, type FreshUniplus } from '@/features/pool/sub-accounts/model/uniplus';
import { useSubAccountTexts } from '@/features/pool/sub-accounts/texts';
import { startSteps } from '@/features/pool/texts';
import { MConnectPanel, MLoadFailed } from './parts';
import { rateText } from '@/lib/hashrate';

/** MobileSubAccountInfo lists the sub-accounts as cards, creates and changes them, and shows how to connect. */
export function MobileSubAccountInfo() {
  const { t, tp, ready } = useSubAccountTexts();
  const sel = usePoolSelection();
  const open = sel.coins.filter((c) => c.status === 1);
  const first = open[0]?.type ?? '';
  const [mode, setMode] = useState<'create' | 'rename' | null>(null);
  // A new sub-account's Uniplus ID, from the create answer: its panel shows it once.
  const [fresh, setFresh] = useState<FreshUniplus | null>(null);
  const [connect, setConnect] = useState('');
  const create = useSubAccountForm('create', { code: '', alias: '', coin: first }, (made) => {
    setMode(null);
    if (made) {
      setFresh(made);
      setConnect(made.code);
    }
  });
  const rename = useSubAccountForm('rename', { code: '', alias: '', coin: '' }, () => setMode(null));
  const action = useConfirmAction();
  const shown = connect || sel.subAccount?.code || sel.subAccounts[0]?.code || '';
  const form = mode === 'rename' ? rename : create;
  const msg = (p: string | null, field: string) => (p ? t(`form.${field}${p[0]!.toUpperCase()}${p.slice(1)}`) : '');
  const startCreate = () => {
    create.reset({ code: '', alias: '', coin: first });
    setMode('create');
  };
  const startRename = (s: SubAccount) => {
    rename.reset({ code: s.code, alias: s.alias, coin: '' });
    setMode('rename');
  };
  const remove = (s: SubAccount) =>
    void Dialog.confirm({
      content: t('list.deleteConfirm', { code: s.code }),
      confirmText: tp('common.confirm'),
      cancelText: tp('common.cancel'),
      onConfirm: () => void action.run('remove', { code: s.code }),
    });

  return (
    <PageFrame titleKey="pages.orePoolSubAccountInfo">
      {!ready || sel.isLoading ? (
        <Skeleton.Paragraph lineCount={6} animated />
      ) : sel.error ? (
        <MLoadFailed tp={tp} retry={sel.refetch} />
      ) : sel.subAccounts.length === 0 ? (
        <PoolStart
          title={tp('start.title')}
          steps={startSteps(tp)}
          actions={
            <>
              <Button color="primary" onClick={startCreate} data-testid="start-create">
                {tp('start.create')}
              </Button>
              <Link to={mobilePaths.tutorial.page('orePoolSignIn')}>{tp('start.tutorial')}</Link>
            </>
          }
        />
      ) : (
        <>
          <Button block color="primary" onClick={startCreate} data-testid="create-sub" style={{ marginBottom: 12 }}>
            {t('list.create')}
          </Button>
          {action.error ? (
            <p className="up-mpool-error" data-testid="sub-error">
              {action.error}
            </p>
          ) : null}
          {sel.subAccounts.map((s) => (
            <article key={s.code} className="up-mpool-device" data-testid="sub-card">
              <div className="up-mpool-device__head">
                <span className="up-mpool-copyline">
                  <Link className="up-mpool-device__name" to={`${mobilePaths.account.orePoolSubAccountDetail}?code=${s.code}`} title={s.code}>
                    {s.code}
                  </Link>
                  <MobileCopyButton text={s.code} label={t('list.copyCode', { code: s.code })} testId="sub-code-copy" />
                </span>
                <span className="up-mpool-ellipsis" data-testid="sub-alias" title={s.alias}>
                  {s.alias}
                </span>
              </div>
              <div className="up-mpool-row">
                <span>{t('list.devices')}</span>
                <span data-testid="sub-devices">{`${s.onlineCount} / ${s.deviceCount}`}</span>
              </div>
              <div className="up-mpool-row">
                <span>{t('list.realTime')}</span>
                <span>{rateText(s.realTimeHashRate, tp('figure.measuring'))}</span>
              </div>
              <div className="up-mpool-row">
                <span>{t('list.coin')}</span>
                <select value={s.defaultCoin} data-testid="sub-coin" onChange={(e) => void action.run('changeCoin', { code: s.code, coin: e.target.value })}>
                  {/* A coin without currencyChangeFlag is listed, disabled, with why. */}
                  {coinChoices(sel.coins, s.defaultCoin).map((c) => (
                    <option key={c.type} value={c.type} disabled={c.disabled}>
                      {c.reason ? `${c.name} (${tp(c.reason)})` : c.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="up-mpool-actions">
                <Button
                  size="mini"
                  onClick={() => {
                    setConnect(s.code);
                    setFresh(null);
                  }}
                >
                  {t('list.connect')}
                </Button>
                <Button size="mini" onClick={() => startRename(s)} data-testid="rename-sub">
                  {t('list.rename')}
                </Button>
                <Button size="mini" color="danger" fill="outline" onClick={() => remove(s)} data-testid="delete-sub">
                  {t('list.delete')}
                </Button>
              </div>
            </article>
          ))}
          {shown ? <MConnectPanel key={shown} code={shown} fresh={freshFor(fresh, shown)} t={t} tp={tp} /> : null}
        </>
      )}
      <Popup visible={mode !== null} onMaskClick={() => setMode(null)} bodyStyle={{ padding: 16, borderRadius: '12px 12px 0 0' }}>
        {mode ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void form.submit();
            }}
          >
            <h2 style={{ fontSize: 17, marginTop: 0 }}>{mode === 'create' ? t('form.createTitle') : t('form.renameTitle', { code: rename.form.code })}</h2>
            {mode === 'create' ? (
              <div className="up-mpool-field">
                <label htmlFor="m-code">{t('list.code')}</label>
                <input id="m-code" data-testid="create-code" maxLength={20} autoCapitalize="none" value={create.form.code} onChange={(e) => create.set({ code: e.target.value })} />
                <p className="up-mpool-hint">{t('form.codeHelp')}</p>
                {create.problems.code ? <p className="up-mpool-error">{msg(create.problems.code, 'code')}</p> : null}
              </div>
            ) : null}
            <div className="up-mpool-field">
              <label htmlFor="m-alias">{t('list.alias')}</label>
              <input id="m-alias" data-testid={mode === 'create' ? 'create-alias' : 'rename-alias'} maxLength={20} value={form.form.alias} onChange={(e) => form.set({ alias: e.target.value })} />
              {form.problems.alias ? <p className="up-mpool-error">{msg(form.problems.alias, 'alias')}</p> : null}
            </div>
            {mode === 'create' ? (
              <div className="up-mpool-field">
                <label htmlFor="m-coin">{t('list.coin')}</label>
                <select id="m-coin" data-testid="create-coin" value={create.form.coin} onChange={(e) => create.set({ coin: e.target.value })}>
                  {open.map((c) => (
                    <option key={c.type} value={c.type}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            {form.serverError ? (
              <p className="up-mpool-error" data-testid="create-error">
                {form.serverError}
              </p>
            ) : null}
            <Button block color="primary" type="submit" loading={form.pending} data-testid="form-submit">
              {mode === 'create' ? t('form.submit') : t('form.save')}
            </Button>
          </form>
        ) : null}
      </Popup>
    </PageFrame>
  );
}

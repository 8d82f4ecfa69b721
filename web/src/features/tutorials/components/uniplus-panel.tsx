// The Uniplus ID of the visitor's sub-account (GET /pc/v1/pool/subaccount/uniplus), with
// a sub-account picker; logged out, where to find it and a way to log in. The pool keeps
// only a hash of an ID and shows it once, when it is made (docs/mining.md "Uniplus IDs"),
// so this panel shows its prefix, masked, and where to get a new one.
import { useTranslation } from 'react-i18next';
import { maskUniplus } from '@/lib/uniplus';
import { useUniplus } from '../api/get-uniplus';
import { splitTemplate } from '../model/worker-name';
import { Actions, AppButton } from './article';
import { KeyIcon } from './icons';
import { Panel } from './panel';
import { Rich } from './rich';
import { TUTORIAL_NS } from './texts';
import { useTutorialState } from './tutorial-state';
import { SubAccountPicker } from './worker-builder';

function Retry({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="up-tut-error" role="alert">
      <span>{message}</span>
      <button type="button" className="up-tut-btn up-tut-btn--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

function UniplusDetails({ code }: { code: string }) {
  const { t } = useTranslation(TUTORIAL_NS);
  const { t: tApp } = useTranslation();
  const info = useUniplus(code);
  if (info.isPending) return <div className="up-tut-skeleton" aria-busy="true" aria-label={tApp('common.loading')} />;
  if (info.isError) return <Retry message={t('account.idFailed')} onRetry={() => void info.refetch()} />;
  const d = info.data;
  const [before, after] = splitTemplate(d.workerName);
  return (
    <>
      <div className="up-tut-field">
        <span className="up-tut-field__label">{t('account.uniplusId')}</span>
        <div className="up-tut-field__row">
          <code className="up-tut-field__value is-wrap" data-testid="uniplus-masked">
            {maskUniplus(d.uniplusPrefix)}
          </code>
        </div>
      </div>
      <p className="up-tut-hint" data-testid="uniplus-once">
        {t('account.shownOnce')}
      </p>
      <Actions>
        <AppButton target="subAccounts" />
      </Actions>
      <dl className="up-tut-facts">
        <div>
          <dt>{t('account.defaultCoin')}</dt>
          <dd data-testid="uniplus-coin">{d.coin}</dd>
        </div>
        {d.stratumUrl ? (
          <div>
            <dt>{t('account.poolAddress')}</dt>
            <dd>
              <code>{d.stratumUrl}</code>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('account.workerTemplate')}</dt>
          <dd data-testid="uniplus-worker">
            <code>
              {before}
              <var>{t('account.workerSlot')}</var>
              {after}
            </code>
          </dd>
        </div>
        <div>
          <dt>{t('account.workerExample')}</dt>
          <dd>
            <code>{d.workerExample}</code>
          </dd>
        </div>
      </dl>
      <p className="up-tut-hint">{t('account.keepPrivate')}</p>
    </>
  );
}

/** UniplusPanel shows the chosen sub-account's Uniplus ID, or how to get one. */
export function UniplusPanel() {
  const { t } = useTranslation(TUTORIAL_NS);
  const { t: tApp } = useTranslation();
  const { loggedIn, subs, sub } = useTutorialState();
  let body;
  if (!loggedIn) {
    body = (
      <div className="up-tut-stack" data-testid="uniplus-logged-out">
        <p className="up-tut-panel__lead">{t('account.loggedOut')}</p>
        <Rich k="account.where" className="up-tut-muted" />
        <Actions>
          <AppButton target="login" primary />
          <AppButton target="register" />
        </Actions>
      </div>
    );
  } else if (subs.isPending) {
    body = <div className="up-tut-skeleton" aria-busy="true" aria-label={tApp('common.loading')} />;
  } else if (subs.isError) {
    body = <Retry message={t('account.loadFailed')} onRetry={() => void subs.refetch()} />;
  } else if (!sub) {
    body = (
      <div className="up-tut-stack" data-testid="uniplus-no-subs">
        <p className="up-tut-panel__lead">{t('account.noSubs')}</p>
        <Actions>
          <AppButton target="subAccounts" primary />
        </Actions>
      </div>
    );
  } else {
    body = (
      <>
        <SubAccountPicker />
        <UniplusDetails code={sub.code} />
      </>
    );
  }
  return (
    <Panel title={t('account.title')} icon={KeyIcon} className="up-tut-uniplus" testId="uniplus-panel">
      {body}
    </Panel>
  );
}

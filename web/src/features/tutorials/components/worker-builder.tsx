// Builds the visitor's worker name (or HiveOS template) from their sub-account code and
// a device name, checked by the pool's own rules, with a copy button.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buildWorkerName, codeProblem, hiveWorkerTemplate, normalizeCode, SUFFIX_MAX } from '../model/worker-name';
import { CopyButton, CopyField } from './copy';
import { Panel } from './panel';
import { TUTORIAL_NS } from './texts';
import { useTutorialState } from './tutorial-state';

/** SubAccountPicker chooses one of the visitor's sub-accounts (shared by every panel of the page). */
export function SubAccountPicker() {
  const { t } = useTranslation(TUTORIAL_NS);
  const { subs, sub, pickSub } = useTutorialState();
  const id = useId();
  const list = subs.data ?? [];
  return (
    <div className="up-tut-input">
      <label htmlFor={id} className="up-tut-input__label">
        {t('account.subAccount')}
      </label>
      <select id={id} className="up-tut-select" value={sub?.code ?? ''} onChange={(e) => pickSub(e.target.value)} data-testid="sub-account-picker">
        {list.map((s) => (
          <option key={s.code} value={s.code}>
            {s.alias && s.alias !== s.code ? `${s.alias} (${s.code})` : s.code}
          </option>
        ))}
      </select>
    </div>
  );
}

function TextInput({
  label,
  value,
  onChange,
  placeholder,
  error,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  error: string | null;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="up-tut-input">
      <label htmlFor={id} className="up-tut-input__label">
        {label}
      </label>
      <input
        id={id}
        className={`up-tut-text${error ? ' is-bad' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={40}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={testId}
      />
      {error ? (
        <span id={`${id}-error`} className="up-tut-input__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** useWorkerCode is the sub-account code the worker name starts with: the picked sub-account's, else the typed one. */
export function useWorkerCode(): { code: string; picked: boolean } {
  const { sub, typedCode } = useTutorialState();
  return sub ? { code: sub.code, picked: true } : { code: typedCode, picked: false };
}

/**
 * WorkerBuilder shows the worker name to enter in a miner; hive shows the HiveOS template
 * instead. noPassword leaves out the password row, for a coin whose miners send none (an
 * IronFish miner sends a name and an address).
 */
export function WorkerBuilder({ hive = false, noPassword = false }: { hive?: boolean; noPassword?: boolean }) {
  const { t } = useTranslation(TUTORIAL_NS);
  const { loggedIn, subs, sub, setTypedCode, typedCode, suffix, setSuffix } = useTutorialState();
  const { code, picked } = useWorkerCode();
  const check = buildWorkerName(code, suffix);
  const err = (p: string | null) => (p ? t(`worker.errors.${p}`, { max: SUFFIX_MAX }) : null);
  // An untouched code field is not an error yet; a wrong one is.
  const codeError = !picked && typedCode !== '' ? err(codeProblem(code)) : null;
  const showPicker = loggedIn && (subs.data?.length ?? 0) > 0;
  const result = hive ? (codeProblem(code) ? null : hiveWorkerTemplate(code)) : check.name;
  return (
    <Panel title={t(hive ? 'worker.hiveTitle' : 'worker.title')} className="up-tut-worker" testId={hive ? 'hive-builder' : 'worker-builder'}>
      <div className="up-tut-worker__inputs">
        {showPicker && sub ? (
          <SubAccountPicker />
        ) : (
          <TextInput
            label={t('worker.code')}
            value={typedCode}
            onChange={setTypedCode}
            placeholder={t('worker.codePlaceholder')}
            error={codeError}
            testId="worker-code"
          />
        )}
        {hive ? null : (
          <TextInput
            label={t('worker.suffix')}
            value={suffix}
            onChange={setSuffix}
            placeholder={t('worker.suffixPlaceholder')}
            error={err(check.suffix)}
            testId="worker-suffix"
          />
        )}
      </div>
      {result ? (
        <CopyField label={t(hive ? 'worker.hiveResult' : 'worker.result')} value={result} testId="worker-name" />
      ) : (
        <p className="up-tut-muted" data-testid="worker-pending">
          {t(hive ? 'worker.hivePending' : 'worker.pending')}
        </p>
      )}
      {noPassword ? null : (
        <div className="up-tut-worker__password" data-testid="worker-password">
          <span>
            {t('worker.password')}: <b>{t('worker.passwordValue')}</b>
          </span>
          <CopyButton value="x" what={t('worker.password')} />
        </div>
      )}
      <p className="up-tut-hint">{t('worker.rule', { max: SUFFIX_MAX })}</p>
    </Panel>
  );
}

/** workerOrExample is the worker name to show in a sample command line. */
export function workerOrExample(code: string, suffix: string): string {
  return buildWorkerName(code, suffix).name ?? `${normalizeCode(code) || 'alice'}.${suffix.trim() || 'rig01'}`;
}

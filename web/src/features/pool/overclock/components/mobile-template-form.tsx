import { Button, Input, Selector } from 'antd-mobile';
import { useId } from 'react';
import { MobileDialog } from '@/components/mobile-dialog';
import { useTemplateForm } from '../hooks/use-template-form';
import { SETTING_UNITS } from '../model/rules';
import { GPU_CATEGORIES, SETTING_KEYS, type OverclockTemplate } from '../model/types';
import { useOverclockTexts } from '../texts';
import './overclock-mobile.css';

function Field({ id, label, error, hint, extra, children }: { id: string; label: string; error?: string; hint?: string; extra?: string; children: React.ReactNode }) {
  return (
    <div className={`up-moc-field${error ? ' up-moc-field--error' : ''}`}>
      <label className="up-moc-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p className="up-moc-field__error" role="alert">
          {error}
        </p>
      ) : null}
      {hint ? <p className="up-moc-field__hint">{hint}</p> : null}
      {extra ? <p className="up-moc-field__tool">{extra}</p> : null}
    </div>
  );
}

/** MobileTemplateForm is the create and edit sheet of a template, with the same rules as the desktop dialog. */
export function MobileTemplateForm({ template, defaultCoin, onClose }: { template: OverclockTemplate | null; defaultCoin?: string; onClose: () => void }) {
  const { t } = useOverclockTexts();
  const f = useTemplateForm({ template, defaultCoin, onSaved: onClose });
  const id = useId();
  const settingsError = f.errorOf('settings');

  return (
    <MobileDialog open title={f.isEdit ? t('form.editTitle') : t('form.createTitle')} onClose={onClose} testId="template-form">
      <form
        className="up-moc-form"
        onSubmit={(e) => {
          e.preventDefault();
          void f.submit();
        }}
        noValidate
      >
        <Field id={`${id}-name`} label={t('form.name')} error={f.errorOf('name')}>
          <Input id={`${id}-name`} value={f.values.name} onChange={(v) => f.setValue('name', v)} placeholder={t('form.namePlaceholder')} clearable data-testid="template-name" />
        </Field>
        <Field id={`${id}-coin`} label={t('form.coin')} error={f.errorOf('coin')} hint={f.otherCoins.length > 0 ? t('form.coinNote', { coins: f.otherCoins.map((c) => c.type).join(', ') }) : undefined}>
          <Selector
            columns={2}
            value={f.values.coin ? [f.values.coin] : []}
            onChange={(v) => v[0] && f.setValue('coin', v[0])}
            options={f.overclockCoins.map((c) => ({ value: c.type, label: c.type, description: c.name }))}
            data-testid="template-coin"
          />
        </Field>
        <Field id={`${id}-gpu`} label={t('form.gpuCategory')} error={f.errorOf('gpuCategory')}>
          <Selector
            columns={2}
            value={f.values.gpuCategory ? [f.values.gpuCategory] : []}
            onChange={(v) => v[0] && f.setValue('gpuCategory', v[0])}
            options={GPU_CATEGORIES.map((g) => ({ value: g, label: g }))}
            data-testid="template-gpu"
          />
        </Field>
        <fieldset className="up-moc-values">
          <legend>{t('form.values')}</legend>
          <p className={`up-moc-values__hint${settingsError ? ' up-moc-values__hint--error' : ''}`} data-testid="template-settings-hint" role={settingsError ? 'alert' : undefined}>
            {settingsError ?? t('form.valuesHint')}
          </p>
          {SETTING_KEYS.map((k) => (
            <Field key={k} id={`${id}-${k}`} label={`${t(`form.${k}`)} (${SETTING_UNITS[k]})`} error={f.errorOf(k)} hint={t(`form.${k}Hint`)} extra={f.memoryHint(k)}>
              <Input id={`${id}-${k}`} value={f.values[k]} onChange={(v) => f.setValue(k, v)} inputMode={k === 'coreClock' || k === 'memClock' ? 'text' : 'numeric'} data-testid={`template-${k}`} />
            </Field>
          ))}
        </fieldset>
        {f.serverError ? (
          <div className="up-moc-server-error" role="alert" data-testid="template-server-error">
            <strong>{t('form.refused')}</strong>
            <span>{f.serverError}</span>
          </div>
        ) : null}
        <div className="up-moc-form__buttons">
          <Button block onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button block color="primary" type="submit" loading={f.submitting} data-testid="template-submit">
            {f.isEdit ? t('form.save') : t('form.create')}
          </Button>
        </div>
      </form>
    </MobileDialog>
  );
}

import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useId } from 'react';
import { useTemplateForm } from '../hooks/use-template-form';
import { NAME_MAX } from '../model/rules';
import { GPU_CATEGORIES, SETTING_KEYS, type OverclockTemplate, type SettingKey } from '../model/types';
import { useOverclockTexts } from '../texts';
import './overclock.css';

const UNIT: Record<SettingKey, string> = { coreClock: 'MHz', coreClockLock: 'MHz', memClock: 'MHz', memClockLock: 'MHz', power: 'W', fan: '%' };

/**
 * DesktopTemplateForm is the create and edit dialog of a template. Rules show beside each
 * field as the user types (model/rules.ts); the server's refusal shows above the buttons.
 */
export function DesktopTemplateForm({
  open,
  template,
  defaultCoin,
  onClose,
}: {
  open: boolean;
  template: OverclockTemplate | null;
  defaultCoin?: string;
  onClose: () => void;
}) {
  const { t } = useOverclockTexts();
  const f = useTemplateForm({ template, defaultCoin, onSaved: onClose });
  const formId = useId();
  const settingsError = f.errorOf('settings');

  return (
    <Modal
      open={open}
      title={f.isEdit ? t('form.editTitle') : t('form.createTitle')}
      onCancel={onClose}
      okText={f.isEdit ? t('form.save') : t('form.create')}
      cancelText={t('form.cancel')}
      onOk={() => void f.submit()}
      okButtonProps={{ loading: f.submitting, 'data-testid': 'template-submit' } as never}
      width={720}
      destroyOnHidden
      maskClosable={false}
    >
      <Form
        id={formId}
        layout="vertical"
        className="up-oc-form"
        data-testid="template-form"
        onKeyDown={(e) => {
          // Enter in a field submits, as in any form.
          if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
            e.preventDefault();
            void f.submit();
          }
        }}
        requiredMark={false}
      >
        <div className="up-oc-form__row">
          <Form.Item label={t('form.name')} validateStatus={f.errorOf('name') ? 'error' : undefined} help={f.errorOf('name')} className="up-oc-form__name">
            <Input
              value={f.values.name}
              onChange={(e) => f.setValue('name', e.target.value)}
              placeholder={t('form.namePlaceholder')}
              maxLength={NAME_MAX + 10}
              showCount={{ formatter: ({ count }) => `${count} / ${NAME_MAX}` }}
              data-testid="template-name"
              autoFocus
            />
          </Form.Item>
          <Form.Item label={t('form.gpuCategory')} validateStatus={f.errorOf('gpuCategory') ? 'error' : undefined} help={f.errorOf('gpuCategory')}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              value={f.values.gpuCategory}
              onChange={(e) => f.setValue('gpuCategory', e.target.value as string)}
              options={GPU_CATEGORIES.map((g) => ({ value: g, label: g }))}
              data-testid="template-gpu"
            />
          </Form.Item>
        </div>
        <Form.Item
          label={t('form.coin')}
          validateStatus={f.errorOf('coin') ? 'error' : undefined}
          help={f.errorOf('coin')}
          extra={f.otherCoins.length > 0 ? t('form.coinNote', { coins: f.otherCoins.map((c) => c.type).join(', ') }) : undefined}
        >
          <Select
            value={f.values.coin || undefined}
            onChange={(v: string) => f.setValue('coin', v)}
            loading={f.coinsLoading}
            options={f.overclockCoins.map((c) => ({ value: c.type, label: `${c.type} · ${c.name}` }))}
            data-testid="template-coin"
          />
        </Form.Item>

        <fieldset className="up-oc-values" aria-describedby={`${formId}-values`}>
          <legend>{t('form.values')}</legend>
          <p id={`${formId}-values`} className={`up-oc-values__hint${settingsError ? ' up-oc-values__hint--error' : ''}`} data-testid="template-settings-hint" role={settingsError ? 'alert' : undefined}>
            {settingsError ?? t('form.valuesHint')}
          </p>
          <div className="up-oc-values__grid">
            {SETTING_KEYS.map((k) => {
              const err = f.errorOf(k);
              const hint = f.memoryHint(k);
              return (
                <Form.Item
                  key={k}
                  label={t(`form.${k}`)}
                  validateStatus={err ? 'error' : undefined}
                  help={err}
                  extra={
                    <>
                      <span className={k === 'memClock' || k === 'memClockLock' ? 'up-oc-double' : undefined}>{t(`form.${k}Hint`)}</span>
                      {hint ? <span className="up-oc-tool" data-testid={`template-${k}-tool`}>{hint}</span> : null}
                    </>
                  }
                >
                  <Input
                    value={f.values[k]}
                    onChange={(e) => f.setValue(k, e.target.value)}
                    inputMode="numeric"
                    suffix={<span className="up-oc-unit">{UNIT[k]}</span>}
                    data-testid={`template-${k}`}
                    aria-label={t(`form.${k}`)}
                  />
                </Form.Item>
              );
            })}
          </div>
        </fieldset>
        {f.serverError ? <Alert type="error" showIcon message={t('form.refused')} description={f.serverError} data-testid="template-server-error" /> : null}
      </Form>
    </Modal>
  );
}

import { CalculatorOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useHashUnits } from '@/features/dashboard/api/get-hash-units';
import { useCalculator } from '@/features/dashboard/hooks/use-calculator';
import { CALC_MAX_LENGTH, CALC_PERIODS, forPeriod, type CalcError, type CalcField } from '@/features/dashboard/model/calculator';
import { FIAT_SYMBOL } from '@/lib/legal-tender';
import type { CalcVariant, CoinRow, LegalTender } from '@/features/dashboard/model/types';
import { useDashboardTexts } from '@/features/dashboard/texts';
import { DASH, formatGrouped, formatMoney } from '@/lib/format';

/** CalcPanelProps: the coin, the fiat, the variant, and whether it sits in a table row (compact). */
export interface CalcPanelProps {
  row: CoinRow;
  legalTender: LegalTender;
  variant: CalcVariant;
  compact?: boolean;
}

/** CalcPanel is the income calculator's form and its year, month, week and day results. */
export function CalcPanel({ row, legalTender, variant, compact = false }: CalcPanelProps) {
  const { t } = useDashboardTexts();
  const calc = useCalculator(row, legalTender, variant);
  const units = useHashUnits(row.currencyType);
  const symbol = FIAT_SYMBOL[legalTender];
  const unitOptions = (units.data?.length ? units.data : [row.minHashUnit || 'H/s']).map((u) => ({ value: u, label: u }));
  const message = (e: CalcError | undefined) => (e ? t(e.key, e.values) : undefined);

  const field = (name: CalcField, label: string, extra: { prefix?: ReactNode; suffix?: ReactNode } = {}, after?: ReactNode) => {
    const error = calc.errors[name];
    const input = (
      <Input
        id={`up-calc-${variant}-${row.currencyType}-${name}`}
        value={calc.form[name]}
        inputMode="decimal"
        autoComplete="off"
        maxLength={CALC_MAX_LENGTH}
        onChange={(e) => calc.change(name, e.target.value)}
        onBlur={() => calc.blur(name)}
        onPressEnter={() => void calc.calculate()}
        status={error ? 'error' : undefined}
        data-testid={`calc-field-${name}`}
        {...extra}
      />
    );
    return (
      <Form.Item
        key={name}
        label={label}
        htmlFor={`up-calc-${variant}-${row.currencyType}-${name}`}
        validateStatus={error ? 'error' : undefined}
        help={error ? <span data-testid={`calc-error-${name}`}>{message(error)}</span> : undefined}
        className={`up-calc__field up-calc__field--${name}`}
      >
        {after ? (
          <Space.Compact block>
            {input}
            {after}
          </Space.Compact>
        ) : (
          input
        )}
      </Form.Item>
    );
  };

  return (
    <div className={`up-calc${compact ? ' up-calc--compact' : ''}`} data-variant={variant}>
      <Form layout="vertical" component="div" className="up-calc__form" requiredMark={false}>
        {field(
          'customerHashRate',
          t('calc.hashRate'),
          {},
          <Select
            aria-label={t('calc.unit')}
            value={calc.form.customerHashRateUnit}
            onChange={calc.setUnit}
            options={unitOptions}
            popupMatchSelectWidth={false}
            className="up-calc__unit"
            data-testid="calc-unit"
          />,
        )}
        {field('rate', t('calc.rate'), { suffix: '%' })}
        {field('coinPrice', t('calc.coinPrice', { fiat: legalTender }), { prefix: symbol })}
        {variant === 'full' ? (
          <>
            {field('equipmentConsumption', t('calc.equipmentConsumption'), { suffix: 'W' })}
            {field('electricityPrice', t('calc.electricityPrice', { fiat: legalTender }), { prefix: symbol })}
          </>
        ) : null}
      </Form>
      <div className="up-calc__submit">
        <Button type="primary" icon={<CalculatorOutlined />} loading={calc.pending} onClick={() => void calc.calculate()} block={compact} data-testid="calc-submit">
          {t('calc.calculate')}
        </Button>
        {!compact ? <p className="up-calc__note">{variant === 'full' ? t('calc.electricityNote') : t('calc.networkNote')}</p> : null}
      </div>
      {calc.refusal ? <Alert className="up-calc__refusal" type="warning" showIcon message={calc.refusal} data-testid="calc-refusal" /> : null}
      <div className="up-calc__results" aria-live="polite" aria-label={t('calc.result')} data-testid="calc-results" data-ready={calc.result ? 'true' : 'false'}>
        {CALC_PERIODS.map((p) => {
          const figures = calc.result ? forPeriod(calc.result, p) : null;
          const fiat = figures?.income ?? '';
          const coin = figures?.incomeCoin ?? '';
          return (
            <div key={p} className={`up-calc__result${p === 'day' ? ' up-calc__result--day' : ''}`} data-testid={`calc-result-${p}`} data-fiat={fiat} data-coin={coin}>
              <span className="up-calc__period">{t(`calc.periods.${p}`)}</span>
              <strong className="up-num">{calc.result ? formatMoney(fiat, legalTender) : DASH}</strong>
              <small className="up-num">{calc.result ? formatGrouped(coin, row.chainUnit) : '\u00a0'}</small>
            </div>
          );
        })}
      </div>
      {compact ? <p className="up-calc__note">{t('calc.networkNote')}</p> : null}
    </div>
  );
}

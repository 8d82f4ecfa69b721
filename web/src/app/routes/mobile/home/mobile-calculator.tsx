import { Button, Input } from 'antd-mobile';
import { useId, useState, type ReactNode } from 'react';
import { useHashUnits } from '@/features/dashboard/api/get-hash-units';
import { useCalculator } from '@/features/dashboard/hooks/use-calculator';
import { CALC_MAX_LENGTH, CALC_PERIODS, fieldsOf, forPeriod, typedNumber, type CalcError, type CalcField } from '@/features/dashboard/model/calculator';
import { isLegalTender } from '@/lib/legal-tender';
import type { CalcResult, CalcVariant, CoinRow, LegalTender } from '@/features/dashboard/model/types';
import { useDashboardTexts } from '@/features/dashboard/texts';
import { formatAmount, formatGrouped, formatMoney } from '@/lib/format';
import { RadioSegments } from './coin-bits';

const VARIANTS: readonly CalcVariant[] = ['basic', 'full'];

/**
 * wideTiles tells whether the year's figures are too long for half-width tiles (the fiat
 * is large type, the coins small), so that each period gets a row instead of wrapping.
 */
function wideTiles(result: CalcResult, unit: string): boolean {
  const year = forPeriod(result, 'year');
  const fiat = formatMoney(year.income, result.legalTender);
  const coins = formatGrouped(year.incomeCoin, unit);
  return fiat.length > 13 || coins.length > 22;
}

/** MobileCalculatorProps: the coin, and quick for the home page's short form (hashrate only). */
export interface MobileCalculatorProps {
  row: CoinRow;
  /** quick shows only the hashrate; fee and price stay at the coin's own figures. */
  quick?: boolean;
}

function NumberField({
  field,
  label,
  value,
  error,
  suffix,
  onChange,
  onBlur,
}: {
  field: CalcField;
  label: string;
  value: string;
  error: string | null;
  suffix?: ReactNode;
  onChange: (v: string) => void;
  onBlur: () => void;
}) {
  const id = `${useId()}-${field}`;
  return (
    <div className={`up-mcalc__field${error ? ' up-mcalc__field--error' : ''}`} data-testid={`calc-field-${field}`}>
      <label className="up-mcalc__label" htmlFor={id}>
        {label}
      </label>
      <div className="up-mcalc__control">
        <Input
          id={id}
          name={field}
          value={value}
          inputMode="decimal"
          enterKeyHint="done"
          autoComplete="off"
          maxLength={CALC_MAX_LENGTH}
          onChange={(v) => onChange(typedNumber(v))}
          onBlur={onBlur}
        />
        {suffix}
      </div>
      <p className="up-mcalc__error" aria-live="polite" data-testid={error ? 'calc-error' : undefined}>
        {error}
      </p>
    </div>
  );
}

/**
 * MobileCalculator is the coin's income calculator for a phone: the basic form (hashrate,
 * fee, price) or the full one (plus power draw and electricity), checked field by field
 * as SPEC section 5 says, with the server's figure for a year, month, week and day.
 */
export function MobileCalculator({ row, quick = false }: MobileCalculatorProps) {
  const { t } = useDashboardTexts();
  const fiat: LegalTender = isLegalTender(row.coinPriceUnit) ? row.coinPriceUnit : 'USD';
  const [variant, setVariant] = useState<CalcVariant>('basic');
  // The form's state, checks and call live in the feature's hook, as the desktop's do: the
  // defaults' figures come at once, edited figures after Calculate.
  const calc = useCalculator(row, fiat, quick ? 'basic' : variant);
  const { form, result, refusal } = calc;
  const units = useHashUnits(row.currencyType);

  const unitOptions = units.data?.length ? units.data : [form.customerHashRateUnit];
  const message = (e: CalcError | undefined) => (e ? t(e.key, e.values) : null);

  const shownFields = quick ? (['customerHashRate'] as CalcField[]) : fieldsOf(variant);
  const label = (field: CalcField) => {
    switch (field) {
      case 'customerHashRate':
        return t('calc.hashRate');
      case 'rate':
        return t('calc.rate');
      case 'coinPrice':
        return t('calc.coinPrice', { fiat });
      case 'equipmentConsumption':
        return t('calc.equipmentConsumption');
      case 'electricityPrice':
        return t('calc.electricityPrice', { fiat });
    }
  };

  return (
    <div className={`up-mcalc${quick ? ' up-mcalc--quick' : ''}`} data-testid="calculator">
      {quick ? null : (
        <RadioSegments
          block
          className="up-mseg up-mcalc__variants"
          label={t('calc.title')}
          testId="calc-variant"
          value={variant}
          onChange={setVariant}
          options={VARIANTS.map((v) => ({ value: v, label: <span data-testid={`calc-variant-${v}`}>{t(`calc.${v}`)}</span> }))}
        />
      )}
      <form
        className="up-mcalc__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void calc.calculate();
        }}
      >
        {shownFields.map((field) => (
          <NumberField
            key={field}
            field={field}
            label={label(field)}
            value={form[field]}
            error={message(calc.errors[field])}
            onChange={(v) => calc.change(field, v)}
            onBlur={() => calc.blur(field)}
            suffix={
              field === 'customerHashRate' ? (
                <select
                  className="up-mcalc__unit"
                  aria-label={t('calc.unit')}
                  data-testid="calc-unit"
                  value={form.customerHashRateUnit}
                  onChange={(e) => calc.setUnit(e.target.value)}
                >
                  {unitOptions.map((u) => (
                    <option key={u} value={u}>
                      {u}
                    </option>
                  ))}
                </select>
              ) : null
            }
          />
        ))}
        {quick ? null : (
          <p className="up-mcalc__note">
            <span>{t('calc.networkHashRate')}</span>
            <strong>{formatAmount(row.networkHashRateShow, row.networkHashRateUnit)}</strong>
          </p>
        )}
        {!quick && variant === 'full' ? <p className="up-mcalc__hint">{t('calc.electricityNote')}</p> : null}
        <Button block type="submit" color="primary" size="large" className="up-mcalc__submit" loading={calc.pending} data-testid="calc-submit">
          {t('calc.calculate')}
        </Button>
      </form>

      {refusal ? (
        <p className="up-mcalc__refusal" role="alert" data-testid="calc-refusal">
          {refusal}
        </p>
      ) : null}

      {result ? (
        <div className="up-mcalc__result" data-testid="calc-result" aria-live="polite">
          <h4 className="up-mcalc__result-title">{t('calc.result')}</h4>
          {/* Long figures get a row each rather than wrapping inside a half-width tile. */}
          <dl className={`up-mcalc__periods${wideTiles(result, row.chainUnit) ? ' up-mcalc__periods--wide' : ''}`}>
            {CALC_PERIODS.map((p) => {
              const { income: fiatValue, incomeCoin: coinValue } = forPeriod(result, p);
              return (
                <div key={p} className="up-mcalc__period" data-testid={`calc-result-${p}`} data-fiat={fiatValue} data-coin={coinValue}>
                  <dt>{t(`calc.periods.${p}`)}</dt>
                  <dd>
                    <span className={`up-mcalc__fiat${fiatValue.startsWith('-') ? ' up-mcalc__fiat--loss' : ''}`}>{formatMoney(fiatValue, result.legalTender || fiat)}</span>
                    <span className="up-mcalc__coin">{formatGrouped(coinValue, row.chainUnit)}</span>
                  </dd>
                </div>
              );
            })}
          </dl>
          <p className="up-mcalc__hint">{t('calc.networkNote')}</p>
        </div>
      ) : null}
    </div>
  );
}

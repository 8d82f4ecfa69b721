import { useOverclockTexts } from '../texts';

/** The fields whose rules the overview shows: the ones people get wrong most (step, double, zero). */
const RULE_FIELDS = ['coreClock', 'memClock', 'power'] as const;

/**
 * OverclockRuleChips lists the main rules of a template's values as chips, each naming its
 * field ("Core clock offset: MHz, a multiple of 15; …"): a bare "MHz, a multiple of 15" did
 * not say which field it was about (issue 31). Plain markup, so desktop and phone share it
 * and style it with their own classes.
 */
export function OverclockRuleChips({ className, chipClassName }: { className: string; chipClassName: string }) {
  const { t } = useOverclockTexts();
  return (
    <div className={className} data-testid="overclock-rules">
      {RULE_FIELDS.map((k) => (
        <span key={k} className={chipClassName} data-testid={`overclock-rule-${k}`}>
          {t('form.ruleChip', { field: t(`form.${k}`), rule: t(`form.${k}Hint`) })}
        </span>
      ))}
    </div>
  );
}

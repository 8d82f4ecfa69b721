// The building blocks of a tutorial article: numbered steps, callouts, requirement
// lists and links to app pages and other tutorials. No UI kit: both sites use them.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { appPath, appTitleKey, entryOf, tutorialPath, type AppTarget, type TutorialId } from '../model/catalog';
import { AlertIcon, ArrowIcon, BulbIcon, CheckIcon, InfoIcon } from './icons';
import { Rich } from './rich';
import { TUTORIAL_NS } from './texts';
import { useTutorialState } from './tutorial-state';

/** Steps numbers its Step children. */
export function Steps({ children }: { children: ReactNode }) {
  return <ol className="up-tut-steps">{children}</ol>;
}

/**
 * Step is one numbered step: k is its locale keys' prefix, the heading k.title and (unless
 * body is false) the paragraph k.body; then its other content, and last the app pages it
 * links to, primary first.
 */
export function Step({
  k,
  body = true,
  primary,
  actions = [],
  children,
}: {
  k: string;
  body?: boolean;
  primary?: AppTarget;
  actions?: AppTarget[];
  children?: ReactNode;
}) {
  const { t } = useTranslation(TUTORIAL_NS);
  return (
    <li className="up-tut-step">
      <h2 className="up-tut-step__title">{t(`${k}.title`)}</h2>
      <div className="up-tut-step__body">
        {body && <Rich k={`${k}.body`} />}
        {children}
        {(primary || actions.length > 0) && (
          <Actions>
            {primary && <AppButton target={primary} primary />}
            {actions.map((target) => (
              <AppButton key={target} target={target} />
            ))}
          </Actions>
        )}
      </div>
    </li>
  );
}

const calloutIcons = { tip: BulbIcon, warning: AlertIcon, note: InfoIcon } as const;

/** Callout is a tip, a warning or a note beside a step; k is its text's locale key. */
export function Callout({ tone, k, children }: { tone: 'tip' | 'warning' | 'note'; k?: string; children?: ReactNode }) {
  const { t } = useTranslation(TUTORIAL_NS);
  const Icon = calloutIcons[tone];
  return (
    <aside className={`up-tut-callout up-tut-callout--${tone}`} role="note" data-testid={`callout-${tone}`}>
      <Icon className="up-tut-callout__icon" width={18} height={18} />
      <div className="up-tut-callout__text">
        <strong className="up-tut-callout__label">{t(`callout.${tone}`)}</strong>
        {k ? <Rich k={k} as="span" /> : children}
      </div>
    </aside>
  );
}

/** Checklist is a list of tutorial texts with ticks. */
export function Checklist({ keys, title }: { keys: string[]; title?: string }) {
  const { t } = useTranslation(TUTORIAL_NS);
  return (
    <section className="up-tut-needs" aria-label={title ? t(title) : undefined}>
      {title ? <h2 className="up-tut-needs__title">{t(title)}</h2> : null}
      <ul className="up-tut-needs__list">
        {keys.map((k) => (
          <li key={k}>
            <CheckIcon className="up-tut-needs__tick" />
            <Rich k={k} as="span" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Bullets is a plain list of tutorial texts. */
export function Bullets({ keys }: { keys: string[] }) {
  return (
    <ul className="up-tut-bullets">
      {keys.map((k) => (
        <Rich key={k} k={k} as="li" />
      ))}
    </ul>
  );
}

/** Actions is a row of buttons under a step. */
export function Actions({ children }: { children: ReactNode }) {
  return <div className="up-tut-actions">{children}</div>;
}

/** AppButton links to an app page, named by the page's own title. */
export function AppButton({ target, primary = false }: { target: AppTarget; primary?: boolean }) {
  const { t } = useTranslation();
  const { mobile } = useTutorialState();
  return (
    <Link to={appPath(target, mobile)} className={`up-tut-btn${primary ? ' up-tut-btn--primary' : ''}`} data-testid={`go-${target}`}>
      {t(appTitleKey(target))}
      <ArrowIcon className="up-tut-btn__arrow" />
    </Link>
  );
}

/** GuideCards link to other tutorials, each with its title. */
export function GuideCards({ ids }: { ids: TutorialId[] }) {
  const { t } = useTranslation();
  const { mobile } = useTutorialState();
  return (
    <ul className="up-tut-guides">
      {ids.map((id) => {
        const entry = entryOf(id);
        return (
          <li key={id}>
            <Link to={tutorialPath(entry, mobile)} className="up-tut-guide">
              <span>{t(entry.titleKey)}</span>
              <ArrowIcon className="up-tut-guide__arrow" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

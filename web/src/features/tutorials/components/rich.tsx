// Tutorial prose with markup: translators wrap words in tags, and the tags become
// emphasis, interface labels or links to app pages and other tutorials of this site.
import { useMemo, type ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { APP_TARGETS, appPath, TUTORIALS, tutorialPath } from '../model/catalog';
import { TUTORIAL_NS } from './texts';
import { useTutorialState } from './tutorial-state';

/** STYLE_TAGS are the tags that only style words. */
export const STYLE_TAGS = ['b', 'ui'] as const;

/** guideTag is the tag that links to a tutorial, for example guide-deviceAccess. */
export const guideTag = (id: string) => `guide-${id}`;

/** RICH_TAGS are every tag a tutorial text may use. */
export const RICH_TAGS: readonly string[] = [...STYLE_TAGS, ...APP_TARGETS, ...TUTORIALS.map((t) => guideTag(t.id))];

/** richComponents maps each tag to its element on one site. */
export function richComponents(mobile: boolean): Record<string, ReactElement> {
  const out: Record<string, ReactElement> = {
    b: <strong />,
    ui: <span className="up-tut-ui" />,
  };
  for (const target of APP_TARGETS) out[target] = <Link className="up-tut-link" to={appPath(target, mobile)} />;
  for (const entry of TUTORIALS) out[guideTag(entry.id)] = <Link className="up-tut-link" to={tutorialPath(entry, mobile)} />;
  return out;
}

/** Rich renders one tutorial text with its tags, in a paragraph unless told otherwise. */
export function Rich({ k, values, as: Tag = 'p', className }: { k: string; values?: Record<string, unknown>; as?: 'p' | 'span' | 'li'; className?: string }) {
  const { t } = useTranslation(TUTORIAL_NS);
  const { mobile } = useTutorialState();
  const components = useMemo(() => richComponents(mobile), [mobile]);
  return (
    <Tag className={className}>
      <Trans t={t} i18nKey={k} values={values} components={components} />
    </Tag>
  );
}

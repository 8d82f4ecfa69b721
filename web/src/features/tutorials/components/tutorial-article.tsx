// The parts of a tutorial page both sites share: the heading block, the article and the
// links to the previous and next tutorial.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CONTENTS } from '../content';
import { entryOf, neighbours, tutorialPath, type TutorialId } from '../model/catalog';
import { ArrowIcon } from './icons';
import { TUTORIAL_NS } from './texts';
import './tutorials.css';

/** TutorialHeading is the group, the title (the page's h1) and the lead of a tutorial. */
export function TutorialHeading({ id, ready }: { id: TutorialId; ready: boolean }) {
  const { t } = useTranslation();
  const { t: tt } = useTranslation(TUTORIAL_NS);
  const entry = entryOf(id);
  return (
    <div className="up-tut-heading">
      <p className="up-tut-heading__kicker">{ready ? `${tt('nav.title')} · ${tt(`nav.groups.${entry.group}`)}` : '\u00a0'}</p>
      <h1 id="up-tut-title" className="up-tut-heading__title" data-testid="tutorial-title">
        {t(entry.titleKey)}
      </h1>
      {ready ? (
        <p className="up-tut-heading__lead" data-testid="tutorial-lead">
          {tt(`${id}.lead`)}
        </p>
      ) : null}
    </div>
  );
}

/** TutorialBody is the article's steps, or a placeholder while the texts load. */
export function TutorialBody({ id, ready }: { id: TutorialId; ready: boolean }) {
  const { t } = useTranslation();
  if (!ready) return <div className="up-tut-skeleton up-tut-skeleton--tall" aria-busy="true" aria-label={t('common.loading')} />;
  const Content = CONTENTS[id];
  return (
    <div className="up-tut-body" data-testid={`tutorial-${id}`}>
      <Content />
    </div>
  );
}

/** TutorialPager links to the previous and next tutorial of the site. */
export function TutorialPager({ id, mobile }: { id: TutorialId; mobile: boolean }) {
  const { t } = useTranslation();
  const { t: tt } = useTranslation(TUTORIAL_NS);
  const { prev, next } = neighbours(id, mobile);
  return (
    <nav className="up-tut-pager" aria-label={tt('nav.pager')}>
      {prev ? (
        <Link to={tutorialPath(prev, mobile)} className="up-tut-pager__link up-tut-pager__link--prev" rel="prev">
          <span className="up-tut-pager__dir">
            <ArrowIcon className="up-tut-pager__arrow" /> {tt('nav.prev')}
          </span>
          <span className="up-tut-pager__title">{t(prev.titleKey)}</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={tutorialPath(next, mobile)} className="up-tut-pager__link up-tut-pager__link--next" rel="next">
          <span className="up-tut-pager__dir">
            {tt('nav.next')} <ArrowIcon className="up-tut-pager__arrow" />
          </span>
          <span className="up-tut-pager__title">{t(next.titleKey)}</span>
        </Link>
      ) : null}
    </nav>
  );
}

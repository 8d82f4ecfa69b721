// The desktop tutorial pages: navigation of every tutorial on the left, the article on
// the right. Also the IronFish tutorial at /ironFish.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TutorialPage } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { groupedTutorials, entryOf, type TutorialId } from './model/catalog';
import { TUTORIAL_NS, useTutorialTexts } from './components/texts';
import { TutorialBody, TutorialHeading, TutorialPager } from './components/tutorial-article';
import { TutorialStateProvider } from './components/tutorial-state';

function DesktopNav({ current, ready }: { current: TutorialId; ready: boolean }) {
  const { t } = useTranslation();
  const { t: tt } = useTranslation(TUTORIAL_NS);
  return (
    <nav className="up-tut-nav" aria-label={ready ? tt('nav.label') : undefined} data-testid="tutorial-nav">
      <p className="up-tut-nav__title">{ready ? tt('nav.title') : '\u00a0'}</p>
      {groupedTutorials(false).map(({ group, entries }) => (
        <div key={group} className="up-tut-nav__group">
          <p className="up-tut-nav__group-title">{ready ? tt(`nav.groups.${group}`) : '\u00a0'}</p>
          <ul>
            {entries.map((e) => (
              <li key={e.id}>
                <Link
                  to={e.desktopPath}
                  className={`up-tut-nav__link${e.id === current ? ' is-active' : ''}`}
                  aria-current={e.id === current ? 'page' : undefined}
                >
                  {t(e.titleKey)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** DesktopTutorialPage is one tutorial on the desktop site. */
export function DesktopTutorialPage({ id }: { id: TutorialId }) {
  const { t } = useTranslation();
  const { ready } = useTutorialTexts();
  useDocumentTitle(t(entryOf(id).titleKey));
  return (
    <TutorialStateProvider mobile={false}>
      <div className="up-tut up-tut--desktop">
        <div className="up-tut-layout">
          <header className="up-tut-head">
            <TutorialHeading id={id} ready={ready} />
          </header>
          <aside className="up-tut-aside">
            <DesktopNav current={id} ready={ready} />
          </aside>
          <article className="up-tut-article" aria-labelledby="up-tut-title">
            <div className="up-tut-card">
              <TutorialBody id={id} ready={ready} />
            </div>
            {ready ? <TutorialPager id={id} mobile={false} /> : null}
          </article>
        </div>
      </div>
    </TutorialStateProvider>
  );
}

/** DesktopTutorial is the route component of /tutorial/*; hadaSwithchOn arrives as deviceAccess. */
export function DesktopTutorial({ page }: { page: TutorialPage }) {
  const id = entryOf(page).id;
  return <DesktopTutorialPage key={id} id={id} />;
}

/** IronFishTutorial is the IronFish mining tutorial (/ironFish). */
export function IronFishTutorial() {
  return <DesktopTutorialPage id="ironFish" />;
}

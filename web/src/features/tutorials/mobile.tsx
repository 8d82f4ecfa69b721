// The mobile tutorial pages: a compact picker of every tutorial above the article.
import { List, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TutorialPage } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ChevronIcon } from './components/icons';
import { TUTORIAL_NS, useTutorialTexts } from './components/texts';
import { TutorialBody, TutorialHeading, TutorialPager } from './components/tutorial-article';
import { TutorialStateProvider } from './components/tutorial-state';
import { entryOf, groupedTutorials, tutorialsFor, type TutorialId } from './model/catalog';

function MobilePicker({ current }: { current: TutorialId }) {
  const { t } = useTranslation();
  const { t: tt } = useTranslation(TUTORIAL_NS);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const list = tutorialsFor(true);
  const n = list.findIndex((e) => e.id === current) + 1;
  return (
    <>
      <button type="button" className="up-mtut-picker" onClick={() => setOpen(true)} aria-haspopup="dialog" data-testid="tutorial-picker">
        <span className="up-mtut-picker__text">
          <span className="up-mtut-picker__label">{tt('nav.choose')}</span>
          <span className="up-mtut-picker__pos">{tt('nav.position', { n, total: list.length })}</span>
        </span>
        <ChevronIcon className="up-mtut-picker__chevron" width={18} height={18} />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        position="bottom"
        bodyClassName="up-mtut-sheet"
        destroyOnClose
      >
        <div className="up-mtut-sheet__head">
          <span className="up-mtut-sheet__title">{tt('nav.title')}</span>
          <button type="button" className="up-mtut-sheet__close" onClick={() => setOpen(false)}>
            {tt('nav.close')}
          </button>
        </div>
        <div className="up-mtut-sheet__body" data-testid="tutorial-sheet">
          {groupedTutorials(true).map(({ group, entries }) => (
            <List key={group} header={tt(`nav.groups.${group}`)} className="up-mtut-sheet__list">
              {entries.map((e) => (
                <List.Item
                  key={e.id}
                  className={e.id === current ? 'is-active' : undefined}
                  aria-current={e.id === current ? 'page' : undefined}
                  onClick={() => {
                    setOpen(false);
                    if (e.mobilePath && e.id !== current) navigate(e.mobilePath);
                  }}
                >
                  {t(e.titleKey)}
                </List.Item>
              ))}
            </List>
          ))}
        </div>
      </Popup>
    </>
  );
}

/** MobileTutorialPage is one tutorial on the mobile site. */
export function MobileTutorialPage({ id }: { id: TutorialId }) {
  const { t } = useTranslation();
  const { ready } = useTutorialTexts();
  useDocumentTitle(t(entryOf(id).titleKey));
  return (
    <TutorialStateProvider mobile>
      <article className="up-tut up-tut--mobile" aria-labelledby="up-tut-title">
        <header className="up-mtut-hero">
          {ready ? <MobilePicker current={id} /> : null}
          <TutorialHeading id={id} ready={ready} />
        </header>
        <div className="up-mtut-body">
          <TutorialBody id={id} ready={ready} />
          {ready ? <TutorialPager id={id} mobile /> : null}
        </div>
      </article>
    </TutorialStateProvider>
  );
}

/** MobileTutorial is the route component of /mobile/tutorial/*; hadaSwithchOn arrives as deviceAccess. */
export function MobileTutorial({ page }: { page: TutorialPage }) {
  const id = entryOf(page).id;
  return <MobileTutorialPage key={id} id={id} />;
}

// The phone's home sections around the coin list: the banner, the services, the service
// process and the contact form. Their texts and the contact rules are the home feature's
// (shared with the desktop home); only the layout is the phone's.
import { Skeleton } from 'antd-mobile';
import { lazy, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { mobilePaths } from '@/config/paths';
import { WhenVisible } from '@/components/when-visible';
import { CONTACT_ID, HOME_SERVICES, HOME_STEPS, SERVICES_ID, type HomeService } from '@/features/home/model/content';
import { useHomeTexts } from '@/features/home/texts';

// The contact form's code (antd-mobile's form kit) loads when the section comes into view.
const MobileContactForm = lazy(() => import('./contact-form'));

/** scrollToId brings a section into view (smoothly unless the visitor asked for less motion). */
export function scrollToId(id: string, behavior: ScrollBehavior = 'smooth'): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView({ behavior: reduce ? 'auto' : behavior, block: 'start' });
  return true;
}

/** MobileBanner is the dark hero: headline, highlights, learn-more (to the services) and start mining. */
export function MobileBanner() {
  const { t } = useHomeTexts();
  return (
    <header className="up-mhero" data-testid="home-banner">
      <p className="up-mhero__eyebrow">{t('banner.eyebrow')}</p>
      <h1 className="up-mhero__title">{t('banner.headline')}</h1>
      <p className="up-mhero__lead">{t('banner.subline')}</p>
      <ul className="up-mhero__chips">
        {(['pps', 'settle', 'hardware'] as const).map((k) => (
          <li key={k}>{t(`banner.highlights.${k}`)}</li>
        ))}
      </ul>
      <div className="up-mhero__actions">
        <Link to={mobilePaths.register} className="up-mhero__btn up-mhero__btn--primary">
          {t('banner.startMining')}
        </Link>
        <button type="button" className="up-mhero__btn" onClick={() => scrollToId(SERVICES_ID)} data-testid="learn-more">
          {t('banner.learnMore')}
        </button>
      </div>
    </header>
  );
}

const serviceIcons: Record<HomeService, ReactNode> = {
  pps: <path d="M4 19V9m5 10V5m5 14v-7m5 7V8" />,
  hardware: (
    <>
      <rect x="3" y="6" width="18" height="12" rx="2" />
      <path d="M7 10h4v4H7zM15 10h2m-2 4h2M6 18v2m12-2v2" />
    </>
  ),
  os: (
    <>
      <rect x="3" y="4" width="18" height="13" rx="2" />
      <path d="M8 21h8m-4-4v4M7 9l3 2-3 2m5 0h4" />
    </>
  ),
  subAccounts: (
    <>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M16 5a3 3 0 0 1 0 6m2 3c2 .7 3 2.9 3 6" />
    </>
  ),
  solo: (
    <>
      <path d="M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6L3.3 9.3l6.1-.7z" />
    </>
  ),
  withdraw: (
    <>
      <rect x="3" y="6" width="18" height="13" rx="2" />
      <path d="M3 10h18M16 14.5h2" />
    </>
  ),
};

/**
 * HomeSection is one titled section of the phone's home page: its heading and lead are the
 * home texts' <name>.title and <name>.lead, the heading names the section, and className
 * adds to up-msection.
 */
function HomeSection({ name, id, className, children }: { name: 'services' | 'process' | 'contact'; id?: string; className?: string; children: ReactNode }) {
  const { t } = useHomeTexts();
  return (
    <section id={id} className={className ? `up-msection ${className}` : 'up-msection'} aria-labelledby={`up-m${name}-title`} data-testid={`home-${name}`}>
      <h2 id={`up-m${name}-title`} className="up-msection__title">
        {t(`${name}.title`)}
      </h2>
      <p className="up-msection__lead">{t(`${name}.lead`)}</p>
      {children}
    </section>
  );
}

/** HomeItem is one item of a home section's list: its mark (an icon, a number), title and text; block names its classes. */
function HomeItem({ block, mark, markClass, title, body }: { block: string; mark: ReactNode; markClass: string; title: string; body: string }) {
  return (
    <li className={block}>
      <span className={markClass} aria-hidden="true">
        {mark}
      </span>
      <div>
        <h3 className={`${block}__title`}>{title}</h3>
        <p className={`${block}__body`}>{body}</p>
      </div>
    </li>
  );
}

/** MobileServices lists what the pool offers, one card each. */
export function MobileServices() {
  const { t } = useHomeTexts();
  return (
    <HomeSection name="services" id={SERVICES_ID}>
      <ul className="up-mservices">
        {HOME_SERVICES.map((id) => (
          <HomeItem
            key={id}
            block="up-mservice"
            mark={
              <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" focusable="false">
                {serviceIcons[id]}
              </svg>
            }
            markClass="up-mservice__icon"
            title={t(`services.items.${id}.title`)}
            body={t(`services.items.${id}.body`)}
          />
        ))}
      </ul>
    </HomeSection>
  );
}

/** MobileProcess is the service process as a numbered timeline. */
export function MobileProcess() {
  const { t } = useHomeTexts();
  return (
    <HomeSection name="process" className="up-msection--alt">
      <ol className="up-msteps">
        {HOME_STEPS.map((id, i) => (
          <HomeItem key={id} block="up-mstep" mark={i + 1} markClass="up-mstep__num" title={t(`process.steps.${id}.title`)} body={t(`process.steps.${id}.body`)} />
        ))}
      </ol>
    </HomeSection>
  );
}

/** MobileContact is the contact form: name and a way to reach the visitor, checked like the server does. */
export function MobileContact() {
  return (
    <HomeSection name="contact" id={CONTACT_ID} className="up-mcontact">
      <div className="up-mcontact__card up-mform up-mform--flush">
        <WhenVisible placeholder={<Skeleton.Paragraph lineCount={5} animated />} minHeight={220}>
          <MobileContactForm />
        </WhenVisible>
      </div>
    </HomeSection>
  );
}

// The desktop home page (SPEC.md section 2 "Home"): a banner whose learn-more button
// scrolls to the services, the pool coin table, the services, the service process and
// the contact form (the footer links to /#contact).
import { Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useDashboardList } from '@/features/dashboard/api/get-dashboard-list';
import { useLegalTender } from '@/features/dashboard/hooks/use-legal-tender';
import { useDashboardTexts } from '@/features/dashboard/texts';
import { CONTACT_ID, SERVICES_ID } from '@/features/home/model/content';
import { useHomeTexts } from '@/features/home/texts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CoinSection } from './coin-section';
import { ContactSection } from './contact-section';
import { Hero } from './hero';
import { ProcessSection, ServicesSection } from './services';
import './home.css';

/** scrollToSection brings a section under the sticky header (its scroll-margin leaves room). */
export function scrollToSection(id: string, behavior: ScrollBehavior = 'smooth'): void {
  const el = document.getElementById(id);
  if (!el) return;
  const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView({ behavior: reduce ? 'auto' : behavior, block: 'start' });
}

/**
 * useHashScroll scrolls to the section the address names (/#contact, /#services) once
 * the page is drawn, again when the coin table has come in (it changes the height above),
 * and whenever a link sets the hash again.
 */
function useHashScroll(ready: boolean, tableSettled: boolean) {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!ready || (id !== CONTACT_ID && id !== SERVICES_ID)) return;
    const frame = requestAnimationFrame(() => scrollToSection(id, 'auto'));
    return () => cancelAnimationFrame(frame);
  }, [hash, key, ready, tableSettled]);
}

/** DesktopHome is the page at /. */
export function DesktopHome() {
  const { t } = useTranslation();
  const home = useHomeTexts();
  const dash = useDashboardTexts();
  useDocumentTitle(t('pages.home'));
  const [legalTender, setLegalTender] = useLegalTender();
  const list = useDashboardList(legalTender);
  const ready = home.ready && dash.ready;
  useHashScroll(ready, !list.isPending);

  if (!ready) {
    return (
      <div className="up-home up-home--loading" role="status" aria-busy="true">
        <div className="up-home-hero">
          <div className="up-home__inner">
            <Skeleton active title paragraph={{ rows: 3 }} />
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="up-home" data-testid="home-page">
      <Hero list={list} legalTender={legalTender} onLearnMore={() => scrollToSection(SERVICES_ID)} />
      <CoinSection list={list} legalTender={legalTender} onLegalTender={setLegalTender} />
      <ServicesSection />
      <ProcessSection />
      <ContactSection />
    </div>
  );
}

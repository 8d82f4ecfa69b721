import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BrandLogo } from '@/components/brand-logo';
import { useLegalLinks } from '@/features/legal/api/get-agreement';
import type { AgreementSource } from '@/features/legal/model/types';
import { useSysConfig } from '@/features/sys-config/api/get-sys-config';
import { useLang } from './use-lang';
import './site-footer.css';

function ExternalLink({ href, label, testId }: { href: string; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {label}
      <span className="up-visually-hidden"> {t('common.opensInNewTab')}</span>
    </a>
  );
}

/**
 * SiteFooter is the footer of both trees: the messaging-group link from sys
 * config (hidden when empty), the three legal documents and a contact line.
 */
export function SiteFooter({ source }: { source: AgreementSource }) {
  const { t } = useTranslation();
  const { data: groupUrl } = useSysConfig({ keyType: 'global', sysKey: 'telegram_url' });
  // The server's standalone pages stand in while the agreement call is on its way or failed.
  const legal = useLegalLinks(useLang(), source);
  const home = source === 'mobile' ? '/mobile' : '/';

  return (
    <footer className={`up-footer up-footer--${source} up-on-dark`}>
      <div className="up-footer__inner">
        <div className="up-footer__brand">
          <BrandLogo compact={source === 'mobile'} />
          <p className="up-footer__tagline">{t('app.tagline')}</p>
          {groupUrl ? (
            <p className="up-footer__community">
              <ExternalLink href={groupUrl} label={t('footer.community')} testId="footer-community" />
            </p>
          ) : null}
        </div>
        <nav className="up-footer__col" aria-label={t('footer.legal')}>
          <h2 className="up-footer__heading">{t('footer.legal')}</h2>
          <ul>
            <li>
              <ExternalLink href={legal.serviceAgreement} label={t('footer.serviceAgreement')} testId="footer-service-agreement" />
            </li>
            <li>
              <ExternalLink href={legal.privacyPolicy} label={t('footer.privacyPolicy')} testId="footer-privacy-policy" />
            </li>
            <li>
              <ExternalLink href={legal.disclaimer} label={t('footer.disclaimer')} testId="footer-disclaimer" />
            </li>
          </ul>
        </nav>
        <div className="up-footer__col">
          <h2 className="up-footer__heading">{t('footer.contactTitle')}</h2>
          <p className="up-footer__contact" data-testid="footer-contact">
            {t('footer.contact')} <Link to={`${home}#contact`}>{t('footer.contactLink')}</Link>
          </p>
        </div>
      </div>
      <p className="up-footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}

// The Uniplus OS page (/OS, /mobile/OS) once for both sites. The routes hand in what differs:
// their icon set, their links and their skeleton and retry button (antd or antd-mobile).
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatReleaseDate, isExternalUrl, type ReleaseStatus } from '@/features/app-download/model/platforms';
import type { AppRelease } from '@/features/app-download/model/types';
import { osFacts as f } from '../model/os-facts';
import { OS_BIND, OS_FEATURES, OS_SOLO_MINIMUMS, OS_STEPS, type OsFeatureKey } from '../model/os-page';
import { DownloadLink } from './download-link';
import { ProductHero, ProductSection } from './product-layout';
import { RigVisual } from './rig-visual';

/** OsIcons are a layout's icons for the OS page. */
export type OsIcons = {
  features: Record<OsFeatureKey, ReactNode>;
  download: ReactNode;
  guide: ReactNode;
  more: ReactNode;
  bootDisk: ReactNode;
  oneId: ReactNode;
  installer: ReactNode;
  solo: ReactNode;
};

/** OsRelease is the OS image's release state (useOsRelease). */
export type OsRelease = { status: ReleaseStatus; release: AppRelease | undefined };

export type OsSectionsProps = {
  t: TFunction;
  lang: string;
  os: OsRelease;
  icons: OsIcons;
  /** links: the device tutorial and the manager installer tutorial on this site. */
  links: { guide: string; installer: string };
  /** loading and retry are this layout's skeleton and retry button for the download panel. */
  loading: ReactNode;
  retry: ReactNode;
  phone?: boolean;
};

function HeroAction({ t, os, icons }: { t: TFunction; os: OsRelease; icons: OsIcons }) {
  const { t: tApp } = useTranslation();
  const { status, release } = os;
  if (status === 'ready' && release) {
    return (
      <DownloadLink url={release.url} external={isExternalUrl(release.url)} externalHint={t('release.external')} testId="os-hero-download">
        {icons.download}
        {t('os.heroDownload', { version: release.version })}
      </DownloadLink>
    );
  }
  if (status === 'failed') {
    return (
      <a className="up-prod-btn up-prod-btn--ghost" href="#os-download">
        {icons.download}
        {t('os.get.title')}
      </a>
    );
  }
  return (
    <span className="up-prod-btn up-prod-btn--disabled" aria-disabled="true" data-testid="os-hero-unavailable">
      {icons.download}
      {status === 'loading' ? tApp('common.loading') : t('os.heroUnavailable')}
    </span>
  );
}

function ReleasePanel({ t, lang, os, icons, loading, retry }: Pick<OsSectionsProps, 't' | 'lang' | 'os' | 'icons' | 'loading' | 'retry'>) {
  const { status, release } = os;
  if (status === 'loading') {
    return <div className="up-os-get__card">{loading}</div>;
  }
  if (status === 'failed') {
    return (
      <div className="up-os-get__card up-os-get__card--muted" role="alert" data-testid="os-download-failed">
        <div className="up-os-get__main">
          <p className="up-os-get__name">{t('os.get.failed')}</p>
        </div>
        {retry}
      </div>
    );
  }
  if (status === 'missing' || !release) {
    return (
      <div className="up-os-get__card up-os-get__card--muted" data-testid="os-download-missing">
        <span className="up-os-get__icon up-os-get__icon--muted" aria-hidden="true">
          {icons.download}
        </span>
        <div className="up-os-get__main">
          <p className="up-os-get__name">{t('os.get.missingTitle')}</p>
          <p className="up-os-get__text">{t('os.get.missingBody')}</p>
        </div>
        <span className="up-prod-na">{t('release.notAvailable')}</span>
      </div>
    );
  }
  const date = formatReleaseDate(release.updatedAt, lang);
  return (
    <div className="up-os-get__card up-os-get__card--ready" data-testid="os-release">
      <span className="up-os-get__icon" aria-hidden="true">
        {icons.download}
      </span>
      <div className="up-os-get__main">
        <p className="up-os-get__name">
          {t('os.get.imageName')}
          <span className="up-os-get__version" data-testid="os-release-version">
            {t('release.version', { version: release.version })}
          </span>
        </p>
        {date ? <p className="up-os-get__meta">{t('release.updated', { date })}</p> : null}
        {release.notes ? (
          <div className="up-prod-notes">
            <p className="up-prod-notes__title">{t('release.notes')}</p>
            <p>{release.notes}</p>
          </div>
        ) : null}
      </div>
      <DownloadLink url={release.url} external={isExternalUrl(release.url)} externalHint={t('release.external')} testId="os-download">
        {icons.download}
        {t('release.download')}
      </DownloadLink>
    </div>
  );
}

function ReqItem({ icon, title, hint }: { icon: ReactNode; title: ReactNode; hint?: ReactNode }) {
  return (
    <li>
      <span className="up-prod-icon up-prod-icon--sm" aria-hidden="true">
        {icon}
      </span>
      <div>
        <strong>{title}</strong>
        {hint ? <p>{hint}</p> : null}
      </div>
    </li>
  );
}

/** OsSections is the OS page below the site's header: hero, features, requirements, steps and the download. */
export function OsSections({ t, lang, os, icons, links, loading, retry, phone }: OsSectionsProps) {
  const { t: tApp } = useTranslation();
  const more = (to: string, label: string, testId?: string) => (
    <Link className="up-prod-more" to={to} data-testid={testId}>
      {label}
      {icons.more}
    </Link>
  );
  return (
    <>
      <ProductHero
        titleId="up-os-title"
        eyebrow={t('os.eyebrow')}
        title={tApp('pages.os')}
        lead={t('os.lead')}
        actions={
          <>
            <HeroAction t={t} os={os} icons={icons} />
            <Link className="up-prod-btn up-prod-btn--ghost" to={links.guide}>
              {icons.guide}
              {t('os.heroGuide')}
            </Link>
          </>
        }
        facts={[t('os.facts.report', { n: f.reportMinutes }), t('os.facts.bind', OS_BIND), t('os.facts.disk', { n: f.bootDiskGb })]}
        visual={<RigVisual t={t} compact={phone} />}
      />

      <div className="up-prod-body">
        <ProductSection headingId="up-os-features" title={t('os.features.title')} subtitle={t('os.features.subtitle')}>
          <ul className="up-os-features" data-testid="os-features">
            {OS_FEATURES.map(({ key, values }) => (
              <li key={key} className="up-prod-card up-os-feature">
                <span className="up-prod-icon" aria-hidden="true">
                  {icons.features[key]}
                </span>
                <div>
                  <h3>{t(`os.features.${key}.title`)}</h3>
                  <p>{t(`os.features.${key}.body`, values)}</p>
                </div>
              </li>
            ))}
          </ul>
        </ProductSection>

        <ProductSection headingId="up-os-req" title={t('os.req.title')} subtitle={t('os.req.subtitle')}>
          <div className="up-os-req" data-testid="os-requirements">
            <article className="up-prod-card up-os-req__card">
              <h3>{t('os.req.image.title')}</h3>
              <ul className="up-os-req__list">
                <ReqItem icon={icons.bootDisk} title={t('os.req.image.bootDisk', { n: f.bootDiskGb })} />
                <ReqItem icon={icons.oneId} title={t('os.req.image.oneId')} hint={t('os.req.image.oneIdHint')} />
              </ul>
            </article>
            <article className="up-prod-card up-os-req__card">
              <h3>{t('os.req.installer.title')}</h3>
              <ul className="up-os-req__list">
                <ReqItem icon={icons.installer} title={t('os.req.installer.os', { a: f.ubuntu[0], b: f.ubuntu[1] })} hint={t('os.req.installer.osHint')} />
              </ul>
              {more(links.installer, t('os.req.installer.link'))}
            </article>
            <article className="up-prod-card up-os-req__card">
              <h3>
                <span className="up-os-req__title-icon" aria-hidden="true">
                  {icons.solo}
                </span>
                {t('os.req.solo.title')}
              </h3>
              <dl className="up-os-stats">
                {OS_SOLO_MINIMUMS.map(({ key, value, unit }) => (
                  <div key={key}>
                    <dt>{t(`os.req.solo.${key}`)}</dt>
                    <dd>
                      {value} {unit ? <small>{unit}</small> : null}
                    </dd>
                  </div>
                ))}
              </dl>
            </article>
          </div>
        </ProductSection>

        <ProductSection headingId="up-os-steps" title={t('os.steps.title')} more={more(links.guide, t('os.steps.tutorial'), 'os-tutorial-link')}>
          <ol className="up-os-steps">
            {OS_STEPS.map(({ key, values }, i) => (
              <li key={key} className="up-os-step">
                <span className="up-os-step__n" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <h3>{t(`os.steps.${key}.title`)}</h3>
                  <p>{t(`os.steps.${key}.body`, values)}</p>
                </div>
              </li>
            ))}
          </ol>
        </ProductSection>

        <ProductSection id="os-download" className="up-os-get" headingId="up-os-get" title={t('os.get.title')} subtitle={t('os.get.subtitle')}>
          <ReleasePanel t={t} lang={lang} os={os} icons={icons} loading={loading} retry={retry} />
        </ProductSection>
      </div>
    </>
  );
}

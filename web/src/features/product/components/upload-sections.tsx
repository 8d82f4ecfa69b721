// The app download page (/upload, /mobile/upload) once for both sites; the routes hand in
// their icons, the OS page's address and their skeleton and retry button.
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { APP_PLATFORMS, PLATFORM_NAMES, isExternalUrl } from '@/features/app-download/model/platforms';
import type { AppPlatform, AppRelease } from '@/features/app-download/model/types';
import { releaseDate, type UploadPage } from '../hooks/use-product-pages';
import { DownloadLink } from './download-link';
import { PlatformGlyph } from './platform-glyph';
import { ProductHero } from './product-layout';

/** UploadIcons are a layout's icons for the download page. */
export type UploadIcons = { download: ReactNode; none: ReactNode; more: ReactNode };

export type UploadSectionsProps = {
  t: TFunction;
  lang: string;
  page: UploadPage;
  icons: UploadIcons;
  /** osPath is the OS page on this site. */
  osPath: string;
  /** loading is one card's skeleton; retry the button that asks again. */
  loading: ReactNode;
  retry: ReactNode;
};

function PlatformCard({ t, lang, platform, release, featured, icon }: { t: TFunction; lang: string; platform: AppPlatform; release: AppRelease | undefined; featured?: boolean; icon: ReactNode }) {
  const date = releaseDate(release, lang);
  return (
    <article
      className={`up-prod-card up-dl-card up-dl-card--${platform}${featured ? ' up-dl-card--featured' : ''}${release ? '' : ' up-dl-card--empty'}`}
      data-testid={`upload-${platform}`}
      aria-labelledby={`up-dl-${platform}`}
    >
      <div className="up-dl-card__top">
        <span className="up-dl-card__glyph" aria-hidden="true">
          <PlatformGlyph platform={platform} />
        </span>
        <div className="up-dl-card__title">
          <h3 id={`up-dl-${platform}`}>{PLATFORM_NAMES[platform]}</h3>
          {release ? (
            <p className="up-dl-card__meta">
              <span data-testid={`upload-version-${platform}`}>{t('release.version', { version: release.version })}</span>
              {date ? <span>{t('release.updated', { date })}</span> : null}
            </p>
          ) : (
            <p className="up-dl-card__meta up-dl-card__meta--muted">{t('upload.missingBody')}</p>
          )}
        </div>
      </div>
      {release?.notes ? (
        <div className="up-prod-notes">
          <p className="up-prod-notes__title">{t('release.notes')}</p>
          <p className="up-prod-notes__text">{release.notes}</p>
        </div>
      ) : null}
      <div className="up-dl-card__action">
        {release ? (
          <DownloadLink
            url={release.url}
            external={isExternalUrl(release.url)}
            externalHint={t('release.external')}
            variant={featured ? 'primary' : 'light'}
            testId={`upload-download-${platform}`}
          >
            {icon}
            {t('release.download')}
          </DownloadLink>
        ) : (
          <span className="up-prod-na" data-testid={`upload-missing-${platform}`}>
            {t('release.notAvailable')}
          </span>
        )}
      </div>
    </article>
  );
}

function Releases({ t, lang, page, icons, loading, retry }: Omit<UploadSectionsProps, 'osPath'>) {
  const { state, mine, rest, byPlatform, none } = page;
  if (state === 'loading') {
    return (
      <div className="up-dl-grid">
        {APP_PLATFORMS.map((p) => (
          <div key={p} className="up-prod-card up-dl-card">
            {loading}
          </div>
        ))}
      </div>
    );
  }
  if (state === 'failed') {
    return (
      <div className="up-prod-card up-dl-notice" role="alert" data-testid="upload-failed">
        <p>{t('upload.failed')}</p>
        {retry}
      </div>
    );
  }
  return (
    <>
      {none ? (
        <div className="up-prod-card up-dl-notice" data-testid="upload-none">
          <span className="up-prod-icon" aria-hidden="true">
            {icons.none}
          </span>
          <div>
            <p className="up-dl-notice__title">{t('upload.noneTitle')}</p>
            <p>{t('upload.noneBody')}</p>
          </div>
        </div>
      ) : null}
      {mine ? (
        <section className="up-prod-section up-dl-section" aria-labelledby="up-dl-yours">
          <h2 id="up-dl-yours" className="up-dl-section__title">
            {t('upload.yours')}
          </h2>
          <PlatformCard t={t} lang={lang} platform={mine} release={byPlatform[mine]} featured icon={icons.download} />
        </section>
      ) : null}
      <section className="up-prod-section up-dl-section" aria-labelledby="up-dl-rest">
        <h2 id="up-dl-rest" className="up-dl-section__title">
          {mine ? t('upload.others') : t('upload.all')}
        </h2>
        <div className="up-dl-grid" data-testid="upload-list">
          {rest.map((p) => (
            <PlatformCard key={p} t={t} lang={lang} platform={p} release={byPlatform[p]} icon={icons.download} />
          ))}
        </div>
      </section>
    </>
  );
}

/** UploadSections is the download page below the site's header: the visitor's platform first, then the rest, then the OS. */
export function UploadSections({ osPath, ...props }: UploadSectionsProps) {
  const { t: tApp } = useTranslation();
  const { t, icons } = props;
  return (
    <>
      <ProductHero short titleId="up-dl-title" eyebrow={t('upload.eyebrow')} title={tApp('pages.upload')} lead={t('upload.lead')} />
      <div className="up-prod-body up-prod-body--raised" data-testid="upload-page-body">
        <Releases {...props} />
        <aside className="up-dl-os" aria-labelledby="up-dl-os">
          <div>
            <h2 id="up-dl-os">{t('upload.osTitle')}</h2>
            <p>{t('upload.osBody')}</p>
          </div>
          <Link className="up-prod-btn up-prod-btn--ghost" to={osPath} data-testid="upload-os-link">
            {t('upload.osLink')}
            {icons.more}
          </Link>
        </aside>
      </div>
    </>
  );
}

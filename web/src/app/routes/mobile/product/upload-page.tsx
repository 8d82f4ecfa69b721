import { Button, Skeleton } from 'antd-mobile';
import { DownlandOutline, RightOutline } from 'antd-mobile-icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { mobilePaths } from '@/config/paths';
import { APP_PLATFORMS, PLATFORM_NAMES, isExternalUrl } from '@/features/app-download/model/platforms';
import type { AppPlatform, AppRelease } from '@/features/app-download/model/types';
import { DownloadLink } from '@/features/product/components/download-link';
import { PlatformGlyph } from '@/features/product/components/platform-glyph';
import { releaseDate, useUploadPage } from '@/features/product/hooks/use-product-pages';
import { useProductTexts } from '@/features/product/texts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLang } from '../../../layouts/use-lang';
import './product.css';

function PlatformCard({ t, platform, release, featured }: { t: TFunction; platform: AppPlatform; release: AppRelease | undefined; featured?: boolean }) {
  const date = releaseDate(release, useLang());
  return (
    <article
      className={`up-mprod-card up-mdl-card up-mdl-card--${platform}${featured ? ' up-mdl-card--featured' : ''}${release ? '' : ' up-mdl-card--empty'}`}
      data-testid={`upload-${platform}`}
      aria-labelledby={`up-mdl-${platform}`}
    >
      <div className="up-mdl-card__top">
        <span className="up-mdl-card__glyph" aria-hidden="true">
          <PlatformGlyph platform={platform} />
        </span>
        <div className="up-mdl-card__title">
          <h3 id={`up-mdl-${platform}`}>{PLATFORM_NAMES[platform]}</h3>
          {release ? (
            <p className="up-mdl-card__meta">
              <span data-testid={`upload-version-${platform}`}>{t('release.version', { version: release.version })}</span>
              {date ? <span>{t('release.updated', { date })}</span> : null}
            </p>
          ) : (
            <p className="up-mdl-card__meta">
              <span className="up-prod-na" data-testid={`upload-missing-${platform}`}>
                {t('release.notAvailable')}
              </span>
            </p>
          )}
        </div>
        {release && !featured ? (
          <DownloadLink
            url={release.url}
            external={isExternalUrl(release.url)}
            externalHint={t('release.external')}
            variant="light"
            testId={`upload-download-${platform}`}
          >
            <DownlandOutline aria-hidden="true" />
            {t('release.download')}
          </DownloadLink>
        ) : null}
      </div>
      {release?.notes ? (
        <div className="up-mprod-notes">
          <p className="up-mprod-notes__title">{t('release.notes')}</p>
          <p className="up-mprod-notes__text">{release.notes}</p>
        </div>
      ) : null}
      {release && featured ? (
        <DownloadLink url={release.url} external={isExternalUrl(release.url)} externalHint={t('release.external')} testId={`upload-download-${platform}`}>
          <DownlandOutline aria-hidden="true" />
          {t('release.download')}
        </DownloadLink>
      ) : null}
    </article>
  );
}

function UploadBody({ t }: { t: TFunction }) {
  const { t: tApp } = useTranslation();
  const { state, retry, mine, rest, byPlatform, none } = useUploadPage();

  let content;
  if (state === 'loading') {
    content = (
      <div className="up-mdl-list">
        {APP_PLATFORMS.map((p) => (
          <div key={p} className="up-mprod-card up-mprod-card--pad">
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        ))}
      </div>
    );
  } else if (state === 'failed') {
    content = (
      <div className="up-mprod-card up-mprod-card--pad up-mdl-notice" role="alert" data-testid="upload-failed">
        <p>{t('upload.failed')}</p>
        <Button size="small" onClick={retry}>
          {tApp('common.retry')}
        </Button>
      </div>
    );
  } else {
    content = (
      <>
        {none ? (
          <div className="up-mprod-card up-mprod-card--pad up-mdl-notice" data-testid="upload-none">
            <p className="up-mdl-notice__title">{t('upload.noneTitle')}</p>
            <p>{t('upload.noneBody')}</p>
          </div>
        ) : null}
        {mine ? (
          <section aria-labelledby="up-mdl-yours">
            <h2 id="up-mdl-yours" className="up-mdl-section__title">
              {t('upload.yours')}
            </h2>
            <PlatformCard t={t} platform={mine} release={byPlatform[mine]} featured />
          </section>
        ) : null}
        <section aria-labelledby="up-mdl-rest">
          <h2 id="up-mdl-rest" className="up-mdl-section__title">
            {mine ? t('upload.others') : t('upload.all')}
          </h2>
          <div className="up-mdl-list" data-testid="upload-list">
            {rest.map((p) => (
              <PlatformCard key={p} t={t} platform={p} release={byPlatform[p]} />
            ))}
          </div>
        </section>
      </>
    );
  }

  return (
    <>
      <section className="up-mprod-hero up-mprod-hero--short" aria-labelledby="up-mdl-title">
        <p className="up-mprod-hero__eyebrow">{t('upload.eyebrow')}</p>
        <h1 id="up-mdl-title" className="up-mprod-hero__title">
          {tApp('pages.upload')}
        </h1>
        <p className="up-mprod-hero__lead">{t('upload.lead')}</p>
      </section>
      <div className="up-mprod-body up-mprod-body--raised" data-testid="upload-page-body">
        {content}
        <aside className="up-mdl-os" aria-labelledby="up-mdl-os">
          <h2 id="up-mdl-os">{t('upload.osTitle')}</h2>
          <p>{t('upload.osBody')}</p>
          <Link className="up-mdl-os__link" to={mobilePaths.os} data-testid="upload-os-link">
            {t('upload.osLink')}
            <RightOutline aria-hidden="true" />
          </Link>
        </aside>
      </div>
    </>
  );
}

/** MobileUploadPage is /mobile/upload: the app's releases, the phone's own platform first. */
export function MobileUploadPage() {
  const { t: tApp } = useTranslation();
  const { t, ready } = useProductTexts();
  useDocumentTitle(tApp('pages.upload'));
  return (
    <div className="up-mprod" data-testid="upload-page">
      {ready ? (
        <UploadBody t={t} />
      ) : (
        <section className="up-mprod-hero up-mprod-hero--short">
          <h1 className="up-mprod-hero__title">{tApp('pages.upload')}</h1>
        </section>
      )}
    </div>
  );
}

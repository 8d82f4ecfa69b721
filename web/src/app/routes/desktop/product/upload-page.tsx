import { ArrowRightOutlined, CloudDownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
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
        <div className="up-dl-card__notes">
          <p className="up-dl-card__notes-title">{t('release.notes')}</p>
          <p className="up-dl-card__notes-text">{release.notes}</p>
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
            <CloudDownloadOutlined aria-hidden="true" />
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

function UploadBody({ t }: { t: TFunction }) {
  const { t: tApp } = useTranslation();
  const { state, retry, mine, rest, byPlatform, none } = useUploadPage();

  let content;
  if (state === 'loading') {
    content = (
      <div className="up-dl-grid">
        {APP_PLATFORMS.map((p) => (
          <div key={p} className="up-prod-card up-dl-card">
            <Skeleton active avatar paragraph={{ rows: 2 }} />
          </div>
        ))}
      </div>
    );
  } else if (state === 'failed') {
    content = (
      <div className="up-prod-card up-dl-notice" role="alert" data-testid="upload-failed">
        <p>{t('upload.failed')}</p>
        <Button onClick={retry}>{tApp('common.retry')}</Button>
      </div>
    );
  } else {
    content = (
      <>
        {none ? (
          <div className="up-prod-card up-dl-notice" data-testid="upload-none">
            <span className="up-prod-icon" aria-hidden="true">
              <InboxOutlined />
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
            <PlatformCard t={t} platform={mine} release={byPlatform[mine]} featured />
          </section>
        ) : null}
        <section className="up-prod-section up-dl-section" aria-labelledby="up-dl-rest">
          <h2 id="up-dl-rest" className="up-dl-section__title">
            {mine ? t('upload.others') : t('upload.all')}
          </h2>
          <div className="up-dl-grid" data-testid="upload-list">
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
      <section className="up-prod-hero up-prod-hero--short" aria-labelledby="up-dl-title">
        <div className="up-prod-hero__inner">
          <p className="up-prod-hero__eyebrow">{t('upload.eyebrow')}</p>
          <h1 id="up-dl-title" className="up-prod-hero__title">
            {tApp('pages.upload')}
          </h1>
          <p className="up-prod-hero__lead">{t('upload.lead')}</p>
        </div>
      </section>
      <div className="up-prod-body up-prod-body--raised" data-testid="upload-page-body">
        {content}
        <aside className="up-dl-os" aria-labelledby="up-dl-os">
          <div>
            <h2 id="up-dl-os">{t('upload.osTitle')}</h2>
            <p>{t('upload.osBody')}</p>
          </div>
          <Link className="up-prod-btn up-prod-btn--ghost" to={paths.os} data-testid="upload-os-link">
            {t('upload.osLink')}
            <ArrowRightOutlined aria-hidden="true" />
          </Link>
        </aside>
      </div>
    </>
  );
}

/** DesktopUploadPage is /upload: the app's current release per operating system, the visitor's own first. */
export function DesktopUploadPage() {
  const { t: tApp } = useTranslation();
  const { t, ready } = useProductTexts();
  useDocumentTitle(tApp('pages.upload'));
  return (
    <div className="up-prod" data-testid="upload-page">
      {ready ? (
        <UploadBody t={t} />
      ) : (
        <div className="up-prod-hero up-prod-hero--short">
          <div className="up-prod-hero__inner">
            <h1 className="up-prod-hero__title">{tApp('pages.upload')}</h1>
          </div>
        </div>
      )}
    </div>
  );
}

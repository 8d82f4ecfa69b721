import { Button, Skeleton } from 'antd-mobile';
import {
  AppstoreOutline,
  ClockCircleOutline,
  DeleteOutline,
  DownlandOutline,
  EyeOutline,
  FolderOutline,
  HistogramOutline,
  PlayOutline,
  RightOutline,
  SetOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { mobilePaths } from '@/config/paths';
import { formatReleaseDate, isExternalUrl, type ReleaseStatus } from '@/features/app-download/model/platforms';
import type { AppRelease } from '@/features/app-download/model/types';
import { DownloadLink } from '@/features/product/components/download-link';
import { RigVisual } from '@/features/product/components/rig-visual';
import { osFacts } from '@/features/product/model/os-facts';
import { OS_BIND, OS_FEATURES, OS_STEPS, type OsFeatureKey } from '@/features/product/model/os-page';
import { useOsRelease } from '@/features/product/hooks/use-product-pages';
import { useProductTexts } from '@/features/product/texts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLang } from '../../../layouts/use-lang';
import './product.css';

const ICONS: Record<OsFeatureKey, ReactNode> = {
  boot: <PlayOutline />,
  telemetry: <HistogramOutline />,
  overclock: <SetOutline />,
  status: <EyeOutline />,
  binding: <ClockCircleOutline />,
  cleanup: <DeleteOutline />,
};

const f = osFacts;
const bind = OS_BIND;
const steps = OS_STEPS;

/** features are the OS page's feature cards with this layout's icons. */
const features: Array<{ key: string; icon: ReactNode; values?: Record<string, number> }> = OS_FEATURES.map((x) => ({ ...x, icon: ICONS[x.key] }));

function DownloadPanel({ t, status, release, retry }: { t: TFunction; status: ReleaseStatus; release: AppRelease | undefined; retry: () => void }) {
  const { t: tApp } = useTranslation();
  const lang = useLang();
  if (status === 'loading') {
    return (
      <div className="up-mprod-card up-mprod-card--pad">
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
    );
  }
  if (status === 'failed') {
    return (
      <div className="up-mprod-card up-mprod-card--pad up-mos-get--muted" role="alert" data-testid="os-download-failed">
        <p className="up-mos-get__name">{t('os.get.failed')}</p>
        <Button size="small" onClick={retry}>
          {tApp('common.retry')}
        </Button>
      </div>
    );
  }
  if (status === 'missing' || !release) {
    return (
      <div className="up-mprod-card up-mprod-card--pad up-mos-get--muted" data-testid="os-download-missing">
        <div className="up-mos-get__head">
          <span className="up-mos-get__icon up-mos-get__icon--muted" aria-hidden="true">
            <DownlandOutline />
          </span>
          <p className="up-mos-get__name">{t('os.get.missingTitle')}</p>
        </div>
        <p className="up-mos-get__text">{t('os.get.missingBody')}</p>
      </div>
    );
  }
  const date = formatReleaseDate(release.updatedAt, lang);
  return (
    <div className="up-mprod-card up-mprod-card--pad up-mos-get--ready" data-testid="os-release">
      <div className="up-mos-get__head">
        <span className="up-mos-get__icon" aria-hidden="true">
          <DownlandOutline />
        </span>
        <div>
          <p className="up-mos-get__name">{t('os.get.imageName')}</p>
          <p className="up-mos-get__text">
            <span data-testid="os-release-version">{t('release.version', { version: release.version })}</span>
            {date ? <span> · {t('release.updated', { date })}</span> : null}
          </p>
        </div>
      </div>
      {release.notes ? (
        <div className="up-mprod-notes">
          <p className="up-mprod-notes__title">{t('release.notes')}</p>
          <p>{release.notes}</p>
        </div>
      ) : null}
      <DownloadLink url={release.url} external={isExternalUrl(release.url)} externalHint={t('release.external')} testId="os-download">
        <DownlandOutline aria-hidden="true" />
        {t('release.download')}
      </DownloadLink>
    </div>
  );
}

function OsBody({ t }: { t: TFunction }) {
  const { t: tApp } = useTranslation();
  const { status, release, retry } = useOsRelease();
  const { aleoSolo } = f;

  return (
    <>
      <section className="up-mprod-hero" aria-labelledby="up-mos-title">
        <p className="up-mprod-hero__eyebrow">{t('os.eyebrow')}</p>
        <h1 id="up-mos-title" className="up-mprod-hero__title">
          {tApp('pages.os')}
        </h1>
        <p className="up-mprod-hero__lead">{t('os.lead')}</p>
        <div className="up-mprod-hero__actions">
          {status === 'ready' && release ? (
            <DownloadLink url={release.url} external={isExternalUrl(release.url)} externalHint={t('release.external')} testId="os-hero-download">
              <DownlandOutline aria-hidden="true" />
              {t('os.heroDownload', { version: release.version })}
            </DownloadLink>
          ) : status === 'failed' ? (
            <a className="up-prod-btn up-prod-btn--ghost" href="#os-download">
              {t('os.get.title')}
            </a>
          ) : (
            <span className="up-prod-btn up-prod-btn--disabled" aria-disabled="true" data-testid="os-hero-unavailable">
              {status === 'loading' ? tApp('common.loading') : t('os.heroUnavailable')}
            </span>
          )}
          <Link className="up-prod-btn up-prod-btn--ghost" to={mobilePaths.tutorial.page('deviceAccess')}>
            {t('os.heroGuide')}
          </Link>
        </div>
        <ul className="up-mprod-hero__facts">
          <li>{t('os.facts.report', { n: f.reportMinutes })}</li>
          <li>{t('os.facts.bind', bind)}</li>
          <li>{t('os.facts.disk', { n: f.bootDiskGb })}</li>
        </ul>
        <RigVisual t={t} compact />
      </section>

      <div className="up-mprod-body">
        <section className="up-mprod-section" aria-labelledby="up-mos-features">
          <h2 id="up-mos-features" className="up-mprod-section__title">
            {t('os.features.title')}
          </h2>
          <p className="up-mprod-section__sub">{t('os.features.subtitle')}</p>
          <ul className="up-mos-features" data-testid="os-features">
            {features.map(({ key, icon, values }) => (
              <li key={key} className="up-mprod-card up-mos-feature">
                <span className="up-mprod-icon" aria-hidden="true">
                  {icon}
                </span>
                <div>
                  <h3>{t(`os.features.${key}.title`)}</h3>
                  <p>{t(`os.features.${key}.body`, values)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section className="up-mprod-section" aria-labelledby="up-mos-req">
          <h2 id="up-mos-req" className="up-mprod-section__title">
            {t('os.req.title')}
          </h2>
          <p className="up-mprod-section__sub">{t('os.req.subtitle')}</p>
          <div className="up-mos-req" data-testid="os-requirements">
            <article className="up-mprod-card up-mprod-card--pad">
              <h3 className="up-mos-req__title">{t('os.req.image.title')}</h3>
              <ul className="up-mos-req__list">
                <li>
                  <FolderOutline aria-hidden="true" />
                  <div>
                    <strong>{t('os.req.image.bootDisk', { n: f.bootDiskGb })}</strong>
                  </div>
                </li>
                <li>
                  <UserContactOutline aria-hidden="true" />
                  <div>
                    <strong>{t('os.req.image.oneId')}</strong>
                    <p>{t('os.req.image.oneIdHint')}</p>
                  </div>
                </li>
              </ul>
            </article>
            <article className="up-mprod-card up-mprod-card--pad">
              <h3 className="up-mos-req__title">{t('os.req.installer.title')}</h3>
              <ul className="up-mos-req__list">
                <li>
                  <AppstoreOutline aria-hidden="true" />
                  <div>
                    <strong>{t('os.req.installer.os', { a: f.ubuntu[0], b: f.ubuntu[1] })}</strong>
                    <p>{t('os.req.installer.osHint')}</p>
                  </div>
                </li>
              </ul>
              <Link className="up-mprod-more" to={mobilePaths.tutorial.page('ownedSwitchOn')}>
                {t('os.req.installer.link')}
                <RightOutline aria-hidden="true" />
              </Link>
            </article>
            <article className="up-mprod-card up-mprod-card--pad">
              <h3 className="up-mos-req__title">{t('os.req.solo.title')}</h3>
              <dl className="up-mos-stats">
                <div>
                  <dt>{t('os.req.solo.cpu')}</dt>
                  <dd>{aleoSolo.cores}</dd>
                </div>
                <div>
                  <dt>{t('os.req.solo.ram')}</dt>
                  <dd>
                    {aleoSolo.ramGb} <small>GB</small>
                  </dd>
                </div>
                <div>
                  <dt>{t('os.req.solo.disk')}</dt>
                  <dd>
                    {aleoSolo.diskGb} <small>GB</small>
                  </dd>
                </div>
                <div>
                  <dt>{t('os.req.solo.network')}</dt>
                  <dd>
                    {aleoSolo.mbps} <small>Mbps</small>
                  </dd>
                </div>
              </dl>
            </article>
          </div>
        </section>

        <section className="up-mprod-section" aria-labelledby="up-mos-steps">
          <h2 id="up-mos-steps" className="up-mprod-section__title">
            {t('os.steps.title')}
          </h2>
          <ol className="up-mos-steps">
            {steps.map(({ key, values }, i) => (
              <li key={key} className="up-mos-step">
                <span className="up-mos-step__n" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <h3>{t(`os.steps.${key}.title`)}</h3>
                  <p>{t(`os.steps.${key}.body`, values)}</p>
                </div>
              </li>
            ))}
          </ol>
          <Link className="up-mprod-more" to={mobilePaths.tutorial.page('deviceAccess')} data-testid="os-tutorial-link">
            {t('os.steps.tutorial')}
            <RightOutline aria-hidden="true" />
          </Link>
        </section>

        <section id="os-download" className="up-mprod-section" aria-labelledby="up-mos-get">
          <h2 id="up-mos-get" className="up-mprod-section__title">
            {t('os.get.title')}
          </h2>
          <p className="up-mprod-section__sub">{t('os.get.subtitle')}</p>
          <DownloadPanel t={t} status={status} release={release} retry={retry} />
        </section>
      </div>
    </>
  );
}

/** MobileOsPage is /mobile/OS: the Uniplus OS product page on a phone. */
export function MobileOsPage() {
  const { t: tApp } = useTranslation();
  const { t, ready } = useProductTexts();
  useDocumentTitle(tApp('pages.os'));
  return (
    <div className="up-mprod" data-testid="os-page">
      {ready ? (
        <OsBody t={t} />
      ) : (
        <section className="up-mprod-hero">
          <h1 className="up-mprod-hero__title">{tApp('pages.os')}</h1>
          <Skeleton.Paragraph lineCount={3} animated />
        </section>
      )}
    </div>
  );
}

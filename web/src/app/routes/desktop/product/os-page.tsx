import {
  ArrowRightOutlined,
  ClearOutlined,
  ClusterOutlined,
  CloudDownloadOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FieldTimeOutlined,
  HddOutlined,
  IdcardOutlined,
  LineChartOutlined,
  PoweroffOutlined,
  ReadOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
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
  boot: <PoweroffOutlined />,
  telemetry: <LineChartOutlined />,
  overclock: <ThunderboltOutlined />,
  status: <DashboardOutlined />,
  binding: <FieldTimeOutlined />,
  cleanup: <ClearOutlined />,
};

const f = osFacts;
const bind = OS_BIND;
const steps = OS_STEPS;

/** features are the OS page's feature cards with this layout's icons. */
const features: Array<{ key: string; icon: ReactNode; values?: Record<string, number> }> = OS_FEATURES.map((x) => ({ ...x, icon: ICONS[x.key] }));

function HeroAction({ t, status, release }: { t: TFunction; status: ReleaseStatus; release: AppRelease | undefined }) {
  const { t: tApp } = useTranslation();
  if (status === 'ready' && release) {
    return (
      <DownloadLink url={release.url} external={isExternalUrl(release.url)} externalHint={t('release.external')} testId="os-hero-download">
        <CloudDownloadOutlined aria-hidden="true" />
        {t('os.heroDownload', { version: release.version })}
      </DownloadLink>
    );
  }
  if (status === 'failed') {
    return (
      <a className="up-prod-btn up-prod-btn--ghost" href="#os-download">
        <CloudDownloadOutlined aria-hidden="true" />
        {t('os.get.title')}
      </a>
    );
  }
  return (
    <span className="up-prod-btn up-prod-btn--disabled" aria-disabled="true" data-testid="os-hero-unavailable">
      <CloudDownloadOutlined aria-hidden="true" />
      {status === 'loading' ? tApp('common.loading') : t('os.heroUnavailable')}
    </span>
  );
}

function DownloadPanel({ t, status, release, retry }: { t: TFunction; status: ReleaseStatus; release: AppRelease | undefined; retry: () => void }) {
  const { t: tApp } = useTranslation();
  const lang = useLang();
  if (status === 'loading') {
    return (
      <div className="up-os-get__card">
        <Skeleton active paragraph={{ rows: 2 }} />
      </div>
    );
  }
  if (status === 'failed') {
    return (
      <div className="up-os-get__card up-os-get__card--muted" role="alert" data-testid="os-download-failed">
        <div className="up-os-get__main">
          <p className="up-os-get__name">{t('os.get.failed')}</p>
        </div>
        <Button onClick={retry}>{tApp('common.retry')}</Button>
      </div>
    );
  }
  if (status === 'missing' || !release) {
    return (
      <div className="up-os-get__card up-os-get__card--muted" data-testid="os-download-missing">
        <span className="up-os-get__icon up-os-get__icon--muted" aria-hidden="true">
          <CloudDownloadOutlined />
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
        <CloudDownloadOutlined />
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
          <div className="up-os-get__notes">
            <p className="up-os-get__notes-title">{t('release.notes')}</p>
            <p>{release.notes}</p>
          </div>
        ) : null}
      </div>
      <DownloadLink url={release.url} external={isExternalUrl(release.url)} externalHint={t('release.external')} testId="os-download">
        <CloudDownloadOutlined aria-hidden="true" />
        {t('release.download')}
      </DownloadLink>
    </div>
  );
}

function OsBody({ t }: { t: TFunction }) {
  const { status, release, retry } = useOsRelease();
  const { t: tApp } = useTranslation();
  const { aleoSolo } = f;

  return (
    <>
      <section className="up-prod-hero" aria-labelledby="up-os-title">
        <div className="up-prod-hero__inner up-os-hero">
          <div className="up-os-hero__text">
            <p className="up-prod-hero__eyebrow">{t('os.eyebrow')}</p>
            <h1 id="up-os-title" className="up-prod-hero__title">
              {tApp('pages.os')}
            </h1>
            <p className="up-prod-hero__lead">{t('os.lead')}</p>
            <div className="up-prod-hero__actions">
              <HeroAction t={t} status={status} release={release} />
              <Link className="up-prod-btn up-prod-btn--ghost" to={paths.tutorial.page('deviceAccess')}>
                <ReadOutlined aria-hidden="true" />
                {t('os.heroGuide')}
              </Link>
            </div>
            <ul className="up-prod-hero__facts">
              <li>{t('os.facts.report', { n: f.reportMinutes })}</li>
              <li>{t('os.facts.bind', bind)}</li>
              <li>{t('os.facts.disk', { n: f.bootDiskGb })}</li>
            </ul>
          </div>
          <RigVisual t={t} />
        </div>
      </section>

      <div className="up-prod-body">
        <section className="up-prod-section" aria-labelledby="up-os-features">
          <header className="up-prod-section__head">
            <h2 id="up-os-features">{t('os.features.title')}</h2>
            <p>{t('os.features.subtitle')}</p>
          </header>
          <ul className="up-os-features" data-testid="os-features">
            {features.map(({ key, icon, values }) => (
              <li key={key} className="up-prod-card up-os-feature">
                <span className="up-prod-icon" aria-hidden="true">
                  {icon}
                </span>
                <h3>{t(`os.features.${key}.title`)}</h3>
                <p>{t(`os.features.${key}.body`, values)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="up-prod-section" aria-labelledby="up-os-req">
          <header className="up-prod-section__head">
            <h2 id="up-os-req">{t('os.req.title')}</h2>
            <p>{t('os.req.subtitle')}</p>
          </header>
          <div className="up-os-req" data-testid="os-requirements">
            <article className="up-prod-card up-os-req__card">
              <h3>{t('os.req.image.title')}</h3>
              <ul className="up-os-req__list">
                <li>
                  <span className="up-prod-icon up-prod-icon--sm" aria-hidden="true">
                    <HddOutlined />
                  </span>
                  <div>
                    <strong>{t('os.req.image.bootDisk', { n: f.bootDiskGb })}</strong>
                  </div>
                </li>
                <li>
                  <span className="up-prod-icon up-prod-icon--sm" aria-hidden="true">
                    <IdcardOutlined />
                  </span>
                  <div>
                    <strong>{t('os.req.image.oneId')}</strong>
                    <p>{t('os.req.image.oneIdHint')}</p>
                  </div>
                </li>
              </ul>
            </article>
            <article className="up-prod-card up-os-req__card">
              <h3>{t('os.req.installer.title')}</h3>
              <ul className="up-os-req__list">
                <li>
                  <span className="up-prod-icon up-prod-icon--sm" aria-hidden="true">
                    <DesktopOutlined />
                  </span>
                  <div>
                    <strong>{t('os.req.installer.os', { a: f.ubuntu[0], b: f.ubuntu[1] })}</strong>
                    <p>{t('os.req.installer.osHint')}</p>
                  </div>
                </li>
              </ul>
              <Link className="up-prod-more" to={paths.tutorial.page('ownedSwitchOn')}>
                {t('os.req.installer.link')}
                <ArrowRightOutlined aria-hidden="true" />
              </Link>
            </article>
            <article className="up-prod-card up-os-req__card">
              <h3>
                <ClusterOutlined aria-hidden="true" className="up-os-req__title-icon" />
                {t('os.req.solo.title')}
              </h3>
              <dl className="up-os-stats">
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

        <section className="up-prod-section" aria-labelledby="up-os-steps">
          <header className="up-prod-section__head up-prod-section__head--row">
            <h2 id="up-os-steps">{t('os.steps.title')}</h2>
            <Link className="up-prod-more" to={paths.tutorial.page('deviceAccess')} data-testid="os-tutorial-link">
              {t('os.steps.tutorial')}
              <ArrowRightOutlined aria-hidden="true" />
            </Link>
          </header>
          <ol className="up-os-steps">
            {steps.map(({ key, values }, i) => (
              <li key={key} className="up-os-step">
                <span className="up-os-step__n" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{t(`os.steps.${key}.title`)}</h3>
                <p>{t(`os.steps.${key}.body`, values)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section id="os-download" className="up-prod-section up-os-get" aria-labelledby="up-os-get">
          <header className="up-prod-section__head">
            <h2 id="up-os-get">{t('os.get.title')}</h2>
            <p>{t('os.get.subtitle')}</p>
          </header>
          <DownloadPanel t={t} status={status} release={release} retry={retry} />
        </section>
      </div>
    </>
  );
}

/** DesktopOsPage is /OS: the Uniplus OS product page with its requirements, first steps and download. */
export function DesktopOsPage() {
  const { t: tApp } = useTranslation();
  const { t, ready } = useProductTexts();
  useDocumentTitle(tApp('pages.os'));
  return (
    <div className="up-prod" data-testid="os-page">
      {ready ? (
        <OsBody t={t} />
      ) : (
        <div className="up-prod-hero">
          <div className="up-prod-hero__inner">
            <h1 className="up-prod-hero__title">{tApp('pages.os')}</h1>
            <Skeleton active paragraph={{ rows: 3 }} className="up-prod-hero__skeleton" />
          </div>
        </div>
      )}
    </div>
  );
}

import { Button, ErrorBlock, Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { mobilePaths } from '@/config/paths';
import { useDevicePage } from '@/features/pool/machine/hooks/use-device-page';
import { DASH, orDash, withUnit } from '@/features/pool/machine/model/format';
import type { Gpu } from '@/features/pool/machine/model/types';
import { useMachineTexts } from '@/features/pool/machine/texts';
import '@/components/card/card.css';
import './machine-detail.css';

function GpuCard({ g, t }: { g: Gpu; t: ReturnType<typeof useMachineTexts>['t'] }) {
  const cells: Array<[string, string]> = [
    [t('gpus.hashrate'), g.hashrate === null ? DASH : `${g.hashRateShow.show} ${g.hashRateShow.unit}`],
    [t('gpus.temperature'), withUnit(g.temperature, '°C')],
    [t('gpus.fan'), withUnit(g.fan, '%')],
    [t('gpus.power'), withUnit(g.power, 'W')],
    [t('gpus.coreClock'), withUnit(g.coreClock, 'MHz')],
    [t('gpus.memoryClock'), withUnit(g.memoryClock, 'MHz')],
    [t('gpus.memoryModel'), orDash(g.memoryModel)],
    [t('gpus.manufacturer'), orDash(g.manufacturer)],
  ];
  return (
    <article className="up-card up-mgpu" data-testid="gpu-card">
      <header className="up-mgpu__head">
        <div>
          <span className="up-mgpu__index">{t('gpus.name', { index: g.index })}</span>
          <h2 className="up-mgpu__model">{orDash(g.model)}</h2>
        </div>
        {g.status === 'up' ? (
          <Tag color="success" fill="solid">
            {t('gpus.up')}
          </Tag>
        ) : g.status === 'down' ? (
          <Tag color="danger" fill="solid">
            {t('gpus.down')}
          </Tag>
        ) : (
          <Tag>{orDash(g.status)}</Tag>
        )}
      </header>
      {g.status === 'down' ? <p className="up-mmd-note">{t('gpus.downHint')}</p> : null}
      <dl className="up-mgpu__grid">
        {cells.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** MobileVideoCard is the mobile orePoolVideoCard page: one card per GPU of a device. */
export function MobileVideoCard() {
  const { t: tApp } = useTranslation();
  const x = useMachineTexts();
  const p = useDevicePage();
  const navigate = useNavigate();
  const { t, tp } = x;
  const title = 'pages.orePoolVideoCard';

  if (!x.ready || p.state === 'loading') {
    return (
      <PageFrame titleKey={title}>
        <div className="up-mmd" role="status" aria-label={tApp('common.loading')}>
          <Skeleton.Paragraph lineCount={6} animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      </PageFrame>
    );
  }

  if (p.state !== 'ready') {
    return (
      <PageFrame titleKey={title}>
        <div data-testid={`machine-${p.state}`} role={p.state === 'noId' ? undefined : 'alert'}>
          <ErrorBlock
            status={p.state === 'noId' ? 'empty' : 'default'}
            title={p.state === 'noId' ? t('state.noIdTitle') : p.state === 'refused' ? t('state.refusedTitle') : t('state.failedTitle')}
            description={p.state === 'noId' ? t('state.noIdBody') : p.message}
            fullPage={false}
          >
            <div className="up-mmd-buttons up-mmd-buttons--center">
              {p.state === 'failed' ? (
                <Button color="primary" onClick={p.refetch}>
                  {tp('common.retry')}
                </Button>
              ) : null}
              <Button onClick={() => navigate(mobilePaths.account.orePoolAnlageuebersicht)}>{t('state.toList')}</Button>
            </div>
          </ErrorBlock>
        </div>
      </PageFrame>
    );
  }

  const d = p.device!;
  return (
    <PageFrame titleKey={title}>
      <div className="up-mmd" data-testid="video-card">
        <button type="button" className="up-mmd-back" onClick={() => navigate(`${mobilePaths.account.orePoolMachineDetail}?id=${d.id}`)} data-testid="gpu-back">
          <span aria-hidden="true">‹</span>
          <span className="up-card-mono">{d.code}</span>
          <span className="up-mmd-back__count">{t('gpus.count', { count: d.gpus.length })}</span>
        </button>
        {d.gpus.length === 0 ? (
          <ErrorBlock status="empty" title={t('gpus.title')} description={t('gpus.empty')} fullPage={false} />
        ) : (
          d.gpus.map((g) => <GpuCard key={g.index} g={g} t={t} />)
        )}
      </div>
    </PageFrame>
  );
}

// Phone widgets the pool pages share: figures, copyable text, the connection panel,
// status tags and the error state.
import { Button, Dialog, ErrorBlock, Tag } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import { Figure } from '@/components/figure';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { MobileDialog } from '@/components/mobile-dialog';
import { mobilePaths } from '@/config/paths';
import type { HistoryChart } from '@/features/pool/hooks/use-history-chart';
import { useConnectPanel } from '@/features/pool/sub-accounts/hooks/use-connect-panel';
import { useCopy } from '@/lib/use-copy';

type T = TFunction;

/** MCard is one figure. */
export function MCard({ label, value, unit }: { label: string; value: string; unit?: string }) {
  return (
    <div className="up-mpool-card">
      <div className="up-mpool-card__label">{label}</div>
      <div className="up-mpool-card__value">
        <Figure value={value} unit={unit} />
      </div>
    </div>
  );
}

/** MLoadFailed is the error state with a retry. */
export function MLoadFailed({ tp, retry, title }: { tp: T; retry: () => void; title?: string }) {
  return (
    <ErrorBlock status="default" title={title ?? tp('common.loadFailed')} description="">
      <Button color="primary" size="small" onClick={retry} data-testid="retry">
        {tp('common.retry')}
      </Button>
    </ErrorBlock>
  );
}

/** MStatus shows a device status (and initialising). */
export function MStatus({ status, initialising, tp }: { status: string; initialising?: boolean; tp: T }) {
  const color = status === 'normal' ? 'success' : status === 'abnormal' ? 'warning' : 'default';
  return (
    <span>
      <Tag color={color} data-testid="device-status">
        {tp(`status.${status}`)}
      </Tag>
      {initialising ? <Tag color="primary">{tp('status.initialising')}</Tag> : null}
    </span>
  );
}

/** MCopy is text with a copy button. */
export function MCopy({ text, tp, testId }: { text: string; tp: T; testId?: string }) {
  const copy = useCopy();
  return (
    <div>
      <div className="up-mpool-mono" data-testid={testId}>
        {text}
      </div>
      <Button
        size="mini"
        fill="outline"
        onClick={() => void copy(text)}
      >
        {tp('common.copy')}
      </Button>
    </div>
  );
}

/**
 * MConnectPanel is what a rig needs to connect to a sub-account, with a QR code to scan,
 * and its Uniplus ID: the ID itself only right after it was made (fresh: the create
 * answer; or regenerate's), otherwise masked with a regenerate that asks first.
 */
export function MConnectPanel({ code, fresh, t, tp }: { code: string; fresh?: string; t: T; tp: T }) {
  const p = useConnectPanel(code, fresh);
  const copy = useCopy();
  const q = p.query;
  if (q.isError) return <MLoadFailed tp={tp} retry={() => void q.refetch()} />;
  const u = p.info;
  if (!u) return null;
  return (
    <section className="up-mpool-panel" data-testid="connect-panel">
      <h2>{t('connect.title', { code })}</h2>
      <div style={{ textAlign: 'center', margin: '8px 0' }}>
        <QRCodeSVG value={`${u.stratumUrl}\n${u.workerExample}`} size={148} />
        <p className="up-mpool-hint">{t('connect.scan')}</p>
      </div>
      <p className="up-mpool-hint">{t('connect.stratum')}</p>
      <MCopy text={u.stratumUrl} tp={tp} testId="stratum-url" />
      <p className="up-mpool-hint">{t('connect.worker')}</p>
      <MCopy text={u.workerExample} tp={tp} testId="worker-name" />
      <p className="up-mpool-hint">{t('connect.workerHint')}</p>
      {p.commands.length > 0 ? (
        <div data-testid="miner-commands">
          <p className="up-mpool-hint">{t('connect.commands')}</p>
          {p.commands.map((c) => (
            <div key={c.miner} data-testid={`miner-command-${c.miner}`} style={{ marginBottom: 8 }}>
              <strong style={{ fontSize: 13 }}>{c.miner}</strong>
              <div className="up-mpool-mono" data-testid="miner-command">
                {c.command}
              </div>
              <Button size="mini" fill="outline" aria-label={t('connect.copyCommand', { miner: c.miner })} data-testid={`copy-command-${c.miner}`} onClick={() => void copy(c.command)}>
                {tp('common.copy')}
              </Button>
            </div>
          ))}
          <p className="up-mpool-hint">{t('connect.commandsHint')}</p>
          {p.ironfish ? <p className="up-mpool-hint">{t('connect.ironfishAddress')}</p> : null}
        </div>
      ) : null}
      <p className="up-mpool-hint">{t('connect.uniplus')}</p>
      {p.secret ? (
        <>
          <MCopy text={p.secret} tp={tp} testId="uniplus-id" />
          <p className="up-mpool-error" data-testid="uniplus-once">
            {t('connect.uniplusOnce')}
          </p>
        </>
      ) : (
        <>
          <div className="up-mpool-mono" data-testid="uniplus-masked" aria-label={t('connect.uniplusHidden', { prefix: p.prefix })}>
            {p.masked}
          </div>
          <p className="up-mpool-hint">{t('connect.uniplusMasked')}</p>
        </>
      )}
      <p className="up-mpool-hint">{t('connect.uniplusHint')}</p>
      <div className="up-mpool-actions">
        {p.secret ? (
          <Button size="small" color="primary" onClick={p.saved} data-testid="uniplus-saved">
            {t('connect.uniplusSaved')}
          </Button>
        ) : (
          <Button
            size="small"
            loading={p.pending}
            data-testid="regenerate"
            onClick={() =>
              void Dialog.confirm({
                content: t('connect.regenerateConfirm'),
                confirmText: tp('common.confirm'),
                cancelText: tp('common.cancel'),
                onConfirm: () => void p.regenerate(),
              })
            }
          >
            {t('connect.regenerate')}
          </Button>
        )}
        <Link to={mobilePaths.tutorial.page('orePoolSignIn')}>{t('connect.tutorial')}</Link>
      </div>
      {p.error ? <p className="up-mpool-error">{p.error}</p> : null}
    </section>
  );
}

/** MHistoryChart is the 24h / 7d / 30d switch and the hashrate chart of an account or sub-account. */
export function MHistoryChart({ chart, tp }: { chart: HistoryChart; tp: T }) {
  return (
    <>
      <div className="up-mpool-actions" style={{ marginTop: 0, marginBottom: 8 }}>
        {chart.ranges.map((r) => (
          <Button key={r.value} size="mini" color={r.value === chart.range ? 'primary' : 'default'} onClick={() => chart.setRange(r.value)}>
            {r.label}
          </Button>
        ))}
      </div>
      {chart.failed ? <MLoadFailed tp={tp} retry={chart.retry} /> : <LazyHashrateChart points={chart.points} label={chart.label} compact height={200} />}
    </>
  );
}

/** MQrDialog shows text (an address, a link) as a QR code for another phone to scan, while text is not ''. */
export function MQrDialog({ text, title, onClose, testId, codeTestId }: { text: string; title: string; onClose: () => void; testId: string; codeTestId: string }) {
  return (
    <MobileDialog open={text !== ''} onClose={onClose} title={title} position="center" testId={testId}>
      <div style={{ display: 'grid', justifyItems: 'center', gap: 12 }}>
        <QRCodeSVG value={text || ' '} size={200} data-testid={codeTestId} />
        <span className="up-mpool-mono">{text}</span>
      </div>
    </MobileDialog>
  );
}

import type { TFunction } from 'i18next';
import './product-ui.css';

// Illustrative figures for the picture of a rig: four GPUs as the pool's device page shows them.
const gpus = [
  { name: 'GPU 0', load: 92, hashrate: '128.4', temp: 61, fan: 54, power: 172 },
  { name: 'GPU 1', load: 88, hashrate: '124.9', temp: 63, fan: 57, power: 169 },
  { name: 'GPU 2', load: 95, hashrate: '131.2', temp: 60, fan: 52, power: 175 },
  { name: 'GPU 3', load: 90, hashrate: '126.7', temp: 64, fan: 58, power: 171 },
];
const spark = [42, 55, 50, 63, 58, 70, 66, 74, 69, 78, 75, 82, 79, 86, 83, 88];

/**
 * RigVisual is the OS page's picture: a rig's GPUs and a minute-by-minute hashrate line,
 * drawn with CSS; screen readers get its one-line label.
 */
export function RigVisual({ t, compact = false }: { t: TFunction; compact?: boolean }) {
  return (
    <div className={`up-rig${compact ? ' up-rig--compact' : ''}`} role="img" aria-label={t('os.visual.label')}>
      <div className="up-rig__bar" aria-hidden="true">
        <span className="up-rig__dots">
          <i />
          <i />
          <i />
        </span>
        <span className="up-rig__host">rig-01 · Uniplus OS</span>
        <span className="up-rig__status">{t('os.visual.status')}</span>
      </div>
      <div className="up-rig__body" aria-hidden="true">
        <div className="up-rig__head">
          <span />
          <span>{t('os.visual.hashrate')}</span>
          <span>{t('os.visual.temp')}</span>
          <span>{t('os.visual.fan')}</span>
          <span>{t('os.visual.power')}</span>
        </div>
        {gpus.map((g) => (
          <div className="up-rig__gpu" key={g.name}>
            <span className="up-rig__name">{g.name}</span>
            <span className="up-rig__rate">
              <span className="up-rig__meter">
                <span style={{ width: `${g.load}%` }} />
              </span>
              <b>{g.hashrate}</b>
            </span>
            <span>{g.temp}°C</span>
            <span>{g.fan}%</span>
            <span>{g.power} W</span>
          </div>
        ))}
        <div className="up-rig__spark">
          {spark.map((h, i) => (
            <span key={i} style={{ height: `${h}%` }} />
          ))}
        </div>
      </div>
    </div>
  );
}

import { StratumPanel } from '../components/stratum-panel';
import { WorkerBuilder } from '../components/worker-builder';
import { Callout, Step, Steps } from './parts';

/** BTC_IDS find Bitcoin in the coin list. */
export const BTC_IDS = ['BTC', 'Bitcoin'] as const;

/** Btc: SHA-256 ASIC machines. */
export function Btc() {
  return (
    <Steps>
      <Step k="btc.accountType" actions={['basicsInfo']}>
        <Callout tone="warning" k="btc.accountType.warning" />
      </Step>
      <Step k="btc.subAccount" />
      <Step k="btc.pool">
        <StratumPanel coinIds={BTC_IDS} coinName="Bitcoin" />
      </Step>
      <Step k="btc.worker">
        <WorkerBuilder />
        <Callout tone="warning" k="btc.worker.warning" />
      </Step>
      <Step k="btc.check" primary="devices" />
    </Steps>
  );
}

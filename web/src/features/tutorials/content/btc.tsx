import { StratumPanel } from '../components/stratum-panel';
import { WorkerBuilder } from '../components/worker-builder';
import { Actions, AppButton, Callout, Rich, Step, Steps } from './parts';

/** BTC_IDS find Bitcoin in the coin list. */
export const BTC_IDS = ['BTC', 'Bitcoin'] as const;

/** Btc: SHA-256 ASIC machines. */
export function Btc() {
  return (
    <Steps>
      <Step title="btc.accountType.title">
        <Rich k="btc.accountType.body" />
        <Callout tone="warning" k="btc.accountType.warning" />
        <Actions>
          <AppButton target="basicsInfo" />
        </Actions>
      </Step>
      <Step title="btc.subAccount.title">
        <Rich k="btc.subAccount.body" />
      </Step>
      <Step title="btc.pool.title">
        <Rich k="btc.pool.body" />
        <StratumPanel coinIds={BTC_IDS} coinName="Bitcoin" />
      </Step>
      <Step title="btc.worker.title">
        <Rich k="btc.worker.body" />
        <WorkerBuilder />
        <Callout tone="warning" k="btc.worker.warning" />
      </Step>
      <Step title="btc.check.title">
        <Rich k="btc.check.body" />
        <Actions>
          <AppButton target="devices" primary />
        </Actions>
      </Step>
    </Steps>
  );
}

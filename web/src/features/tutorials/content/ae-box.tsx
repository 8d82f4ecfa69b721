import { StratumPanel } from '../components/stratum-panel';
import { WorkerBuilder } from '../components/worker-builder';
import { Actions, AppButton, Callout, Rich, Step, Steps } from './parts';

/** AeBox: an ASIC box set up in its web panel. */
export function AeBox() {
  return (
    <Steps>
      <Step title="AeBox.accountType.title">
        <Rich k="AeBox.accountType.body" />
        <Callout tone="warning" k="AeBox.accountType.warning" />
        <Actions>
          <AppButton target="basicsInfo" />
        </Actions>
      </Step>
      <Step title="AeBox.network.title">
        <Rich k="AeBox.network.body" />
      </Step>
      <Step title="AeBox.panel.title">
        <Rich k="AeBox.panel.body" />
      </Step>
      <Step title="AeBox.pool.title">
        <Rich k="AeBox.pool.body" />
        <StratumPanel />
      </Step>
      <Step title="AeBox.worker.title">
        <Rich k="AeBox.worker.body" />
        <WorkerBuilder />
      </Step>
      <Step title="AeBox.save.title">
        <Rich k="AeBox.save.body" />
        <Actions>
          <AppButton target="devices" primary />
        </Actions>
      </Step>
    </Steps>
  );
}

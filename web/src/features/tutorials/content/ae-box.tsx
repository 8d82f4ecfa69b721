import { StratumPanel } from '../components/stratum-panel';
import { WorkerBuilder } from '../components/worker-builder';
import { Callout, Step, Steps } from './parts';

/** AeBox: an ASIC box set up in its web panel. */
export function AeBox() {
  return (
    <Steps>
      <Step k="AeBox.accountType" actions={['basicsInfo']}>
        <Callout tone="warning" k="AeBox.accountType.warning" />
      </Step>
      <Step k="AeBox.network" />
      <Step k="AeBox.panel" />
      <Step k="AeBox.pool">
        <StratumPanel />
      </Step>
      <Step k="AeBox.worker">
        <WorkerBuilder />
      </Step>
      <Step k="AeBox.save" primary="devices" />
    </Steps>
  );
}

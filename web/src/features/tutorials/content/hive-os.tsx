import { HiveConfig } from '../components/commands';
import { StratumPanel } from '../components/stratum-panel';
import { WorkerBuilder } from '../components/worker-builder';
import { Callout, Step, Steps } from './parts';

/** HiveOs: a flight sheet pointed at this pool. */
export function HiveOs() {
  return (
    <Steps>
      <Step k="hiveOS.values">
        <StratumPanel />
        <WorkerBuilder hive />
      </Step>
      <Step k="hiveOS.wallet" />
      <Step k="hiveOS.flight" />
      <Step k="hiveOS.config">
        <HiveConfig />
        <Callout tone="warning" k="hiveOS.config.warning" />
      </Step>
      <Step k="hiveOS.apply" primary="devices">
        <Callout tone="note" k="hiveOS.apply.note" />
      </Step>
    </Steps>
  );
}

import { HiveConfig } from '../components/commands';
import { StratumPanel } from '../components/stratum-panel';
import { WorkerBuilder } from '../components/worker-builder';
import { Actions, AppButton, Callout, Rich, Step, Steps } from './parts';

/** HiveOs: a flight sheet pointed at this pool. */
export function HiveOs() {
  return (
    <Steps>
      <Step title="hiveOS.values.title">
        <Rich k="hiveOS.values.body" />
        <StratumPanel />
        <WorkerBuilder hive />
      </Step>
      <Step title="hiveOS.wallet.title">
        <Rich k="hiveOS.wallet.body" />
      </Step>
      <Step title="hiveOS.flight.title">
        <Rich k="hiveOS.flight.body" />
      </Step>
      <Step title="hiveOS.config.title">
        <Rich k="hiveOS.config.body" />
        <HiveConfig />
        <Callout tone="warning" k="hiveOS.config.warning" />
      </Step>
      <Step title="hiveOS.apply.title">
        <Rich k="hiveOS.apply.body" />
        <Callout tone="note" k="hiveOS.apply.note" />
        <Actions>
          <AppButton target="devices" primary />
        </Actions>
      </Step>
    </Steps>
  );
}

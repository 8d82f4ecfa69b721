import { INSTALL_COMMANDS, MinerCommand, PortCheck, TelemetryEndpoint } from '../components/commands';
import { CodeBlock } from '../components/copy';
import { StratumPanel } from '../components/stratum-panel';
import { UniplusPanel } from '../components/uniplus-panel';
import { WorkerBuilder } from '../components/worker-builder';
import { Actions, AppButton, Callout, Step, Steps } from './parts';

/** OwnedSwitchOn: own rigs with the manager, or any miner with a worker name. */
export function OwnedSwitchOn() {
  return (
    <Steps>
      <Step k="ownedSwitchOn.prepare">
        <StratumPanel />
        <PortCheck />
      </Step>
      <Step k="ownedSwitchOn.install">
        <Actions>
          <AppButton target="download" primary />
        </Actions>
        <CodeBlock code={INSTALL_COMMANDS} testId="install-command" />
        <UniplusPanel />
      </Step>
      <Step k="ownedSwitchOn.report">
        <TelemetryEndpoint />
      </Step>
      <Step k="ownedSwitchOn.miner">
        <WorkerBuilder />
        <MinerCommand />
        <Callout tone="note" k="ownedSwitchOn.miner.note" />
      </Step>
      <Step k="ownedSwitchOn.verify" primary="devices" />
    </Steps>
  );
}

import { INSTALL_COMMANDS, MinerCommand, PortCheck, TelemetryEndpoint } from '../components/commands';
import { CodeBlock } from '../components/copy';
import { StratumPanel } from '../components/stratum-panel';
import { UniplusPanel } from '../components/uniplus-panel';
import { WorkerBuilder } from '../components/worker-builder';
import { Actions, AppButton, Callout, Rich, Step, Steps } from './parts';

/** OwnedSwitchOn: own rigs with the manager, or any miner with a worker name. */
export function OwnedSwitchOn() {
  return (
    <Steps>
      <Step title="ownedSwitchOn.prepare.title">
        <Rich k="ownedSwitchOn.prepare.body" />
        <StratumPanel />
        <PortCheck />
      </Step>
      <Step title="ownedSwitchOn.install.title">
        <Rich k="ownedSwitchOn.install.body" />
        <Actions>
          <AppButton target="download" primary />
        </Actions>
        <CodeBlock code={INSTALL_COMMANDS} testId="install-command" />
        <UniplusPanel />
      </Step>
      <Step title="ownedSwitchOn.report.title">
        <Rich k="ownedSwitchOn.report.body" />
        <TelemetryEndpoint />
      </Step>
      <Step title="ownedSwitchOn.miner.title">
        <Rich k="ownedSwitchOn.miner.body" />
        <WorkerBuilder />
        <MinerCommand />
        <Callout tone="note" k="ownedSwitchOn.miner.note" />
      </Step>
      <Step title="ownedSwitchOn.verify.title">
        <Rich k="ownedSwitchOn.verify.body" />
        <Actions>
          <AppButton target="devices" primary />
        </Actions>
      </Step>
    </Steps>
  );
}

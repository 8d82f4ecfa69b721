import { DISK_WRITE_COMMAND } from '../components/commands';
import { CodeBlock } from '../components/copy';
import { UniplusPanel } from '../components/uniplus-panel';
import { Actions, AppButton, Bullets, Callout, Checklist, Rich, Step, Steps } from './parts';

/** DeviceAccess: Uniplus OS rigs, from the image to Device overview. */
export function DeviceAccess() {
  return (
    <>
      <Checklist
        title="requirements.title"
        keys={['deviceAccess.needs.rig', 'deviceAccess.needs.disk', 'deviceAccess.needs.computer', 'deviceAccess.needs.id']}
      />
      <Steps>
        <Step title="deviceAccess.download.title">
          <Rich k="deviceAccess.download.body" />
          <Actions>
            <AppButton target="os" primary />
            <AppButton target="download" />
          </Actions>
        </Step>
        <Step title="deviceAccess.write.title">
          <Rich k="deviceAccess.write.body" />
          <CodeBlock code={DISK_WRITE_COMMAND} testId="dd-command" />
          <Callout tone="warning" k="deviceAccess.write.warning" />
        </Step>
        <Step title="deviceAccess.idFile.title">
          <Rich k="deviceAccess.idFile.body" />
          <UniplusPanel />
          <Callout tone="warning" k="deviceAccess.idFile.warning" />
        </Step>
        <Step title="deviceAccess.boot.title">
          <Rich k="deviceAccess.boot.body" />
        </Step>
        <Step title="deviceAccess.bind.title">
          <Rich k="deviceAccess.bind.body" />
          <Callout tone="note" k="deviceAccess.bind.note" />
        </Step>
        <Step title="deviceAccess.check.title">
          <Rich k="deviceAccess.check.body" />
          <Bullets keys={['deviceAccess.check.normal', 'deviceAccess.check.abnormal', 'deviceAccess.check.offline']} />
          <Callout tone="note" k="deviceAccess.check.note" />
          <Callout tone="tip" k="deviceAccess.check.tip" />
          <Actions>
            <AppButton target="devices" primary />
          </Actions>
        </Step>
      </Steps>
    </>
  );
}

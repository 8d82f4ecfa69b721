import { DISK_WRITE_COMMAND } from '../components/commands';
import { CodeBlock } from '../components/copy';
import { UniplusPanel } from '../components/uniplus-panel';
import { Bullets, Callout, Checklist, Step, Steps } from './parts';

/** DeviceAccess: Uniplus OS rigs, from the image to Device overview. */
export function DeviceAccess() {
  return (
    <>
      <Checklist
        title="requirements.title"
        keys={['deviceAccess.needs.rig', 'deviceAccess.needs.disk', 'deviceAccess.needs.computer', 'deviceAccess.needs.id']}
      />
      <Steps>
        <Step k="deviceAccess.download" primary="os" actions={['download']} />
        <Step k="deviceAccess.write">
          <CodeBlock code={DISK_WRITE_COMMAND} testId="dd-command" />
          <Callout tone="warning" k="deviceAccess.write.warning" />
        </Step>
        <Step k="deviceAccess.idFile">
          <UniplusPanel />
          <Callout tone="warning" k="deviceAccess.idFile.warning" />
        </Step>
        <Step k="deviceAccess.boot" />
        <Step k="deviceAccess.bind">
          <Callout tone="note" k="deviceAccess.bind.note" />
        </Step>
        <Step k="deviceAccess.check" primary="devices">
          <Bullets keys={['deviceAccess.check.normal', 'deviceAccess.check.abnormal', 'deviceAccess.check.offline']} />
          <Callout tone="note" k="deviceAccess.check.note" />
          <Callout tone="tip" k="deviceAccess.check.tip" />
        </Step>
      </Steps>
    </>
  );
}

import { StratumPanel } from '../components/stratum-panel';
import { Actions, AppButton, Callout, Checklist, Rich, Step, Steps } from './parts';

/** ALEO_IDS find Aleo in the coin list. */
export const ALEO_IDS = ['ALEO', 'Aleo'] as const;

/** SoloAleo: an Aleo rig mining for its own address, followed on the solo page. */
export function SoloAleo() {
  return (
    <>
      <Callout tone="note" k="soloAleo.devnet" />
      <Checklist
        title="requirements.title"
        keys={['soloAleo.needs.cpu', 'soloAleo.needs.memory', 'soloAleo.needs.disk', 'soloAleo.needs.network', 'soloAleo.needs.os']}
      />
      <Steps>
        <Step title="soloAleo.check.title">
          <Rich k="soloAleo.check.body" />
        </Step>
        <Step title="soloAleo.os.title">
          <Rich k="soloAleo.os.body" />
        </Step>
        <Step title="soloAleo.address.title">
          <Rich k="soloAleo.address.body" />
        </Step>
        <Step title="soloAleo.connect.title">
          <Rich k="soloAleo.connect.body" />
          <StratumPanel coinIds={ALEO_IDS} coinName="Aleo" />
        </Step>
        <Step title="soloAleo.search.title">
          <Rich k="soloAleo.search.body" />
          <Actions>
            <AppButton target="soloSearch" primary />
          </Actions>
        </Step>
      </Steps>
    </>
  );
}

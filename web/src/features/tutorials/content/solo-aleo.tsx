import { StratumPanel } from '../components/stratum-panel';
import { Callout, Checklist, Step, Steps } from './parts';

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
        <Step k="soloAleo.check" />
        <Step k="soloAleo.os" />
        <Step k="soloAleo.address" />
        <Step k="soloAleo.connect">
          <StratumPanel coinIds={ALEO_IDS} coinName="Aleo" />
        </Step>
        <Step k="soloAleo.search" primary="soloSearch" />
      </Steps>
    </>
  );
}

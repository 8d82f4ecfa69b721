import { IronFishCommand, IronFishProtocol } from '../components/ironfish-command';
import { StratumPanel } from '../components/stratum-panel';
import { WorkerBuilder } from '../components/worker-builder';
import { Step, Steps } from './parts';

/** IRON_IDS find Iron Fish in the coin list. */
export const IRON_IDS = ['IRON', 'IronFish', 'Iron Fish'] as const;

/** IronFish: GPU rigs on Iron Fish. */
export function IronFish() {
  return (
    <Steps>
      <Step k="ironFish.subAccount" actions={['subAccounts']} />
      <Step k="ironFish.pool">
        <StratumPanel coinIds={IRON_IDS} coinName="Iron Fish" />
      </Step>
      <Step k="ironFish.connect">
        <IronFishProtocol coinIds={IRON_IDS} />
        <WorkerBuilder noPassword />
        <IronFishCommand coinIds={IRON_IDS} />
      </Step>
      <Step k="ironFish.check" primary="devices" actions={['earnings']} />
    </Steps>
  );
}

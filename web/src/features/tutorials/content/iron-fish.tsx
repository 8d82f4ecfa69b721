import { IronFishCommand, IronFishProtocol } from '../components/ironfish-command';
import { StratumPanel } from '../components/stratum-panel';
import { WorkerBuilder } from '../components/worker-builder';
import { Actions, AppButton, Rich, Step, Steps } from './parts';

/** IRON_IDS find Iron Fish in the coin list. */
export const IRON_IDS = ['IRON', 'IronFish', 'Iron Fish'] as const;

/** IronFish: GPU rigs on Iron Fish. */
export function IronFish() {
  return (
    <Steps>
      <Step title="ironFish.subAccount.title">
        <Rich k="ironFish.subAccount.body" />
        <Actions>
          <AppButton target="subAccounts" />
        </Actions>
      </Step>
      <Step title="ironFish.pool.title">
        <Rich k="ironFish.pool.body" />
        <StratumPanel coinIds={IRON_IDS} coinName="Iron Fish" />
      </Step>
      <Step title="ironFish.connect.title">
        <Rich k="ironFish.connect.body" />
        <IronFishProtocol coinIds={IRON_IDS} />
        <WorkerBuilder noPassword />
        <IronFishCommand coinIds={IRON_IDS} />
      </Step>
      <Step title="ironFish.check.title">
        <Rich k="ironFish.check.body" />
        <Actions>
          <AppButton target="devices" primary />
          <AppButton target="earnings" />
        </Actions>
      </Step>
    </Steps>
  );
}

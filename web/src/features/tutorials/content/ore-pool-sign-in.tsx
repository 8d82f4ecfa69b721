import { Actions, AppButton, Callout, GuideCards, Rich, Step, Steps } from './parts';
import { StratumPanel } from '../components/stratum-panel';
import { UniplusPanel } from '../components/uniplus-panel';

/** OrePoolSignIn: from sign-up to the first device. */
export function OrePoolSignIn() {
  return (
    <Steps>
      <Step title="orePoolSignIn.signUp.title">
        <Rich k="orePoolSignIn.signUp.body" />
        <Actions>
          <AppButton target="register" primary />
          <AppButton target="login" />
        </Actions>
      </Step>
      <Step title="orePoolSignIn.subAccount.title">
        <Rich k="orePoolSignIn.subAccount.body" />
        <Callout tone="warning" k="orePoolSignIn.subAccount.warning" />
        <Actions>
          <AppButton target="subAccounts" />
        </Actions>
      </Step>
      <Step title="orePoolSignIn.uniplus.title">
        <Rich k="orePoolSignIn.uniplus.body" />
        <UniplusPanel />
      </Step>
      <Step title="orePoolSignIn.coin.title">
        <Rich k="orePoolSignIn.coin.body" />
        <StratumPanel />
      </Step>
      <Step title="orePoolSignIn.connect.title">
        <Rich k="orePoolSignIn.connect.body" />
        <GuideCards ids={['deviceAccess', 'ownedSwitchOn', 'hiveOS', 'btc', 'AeBox']} />
      </Step>
      <Step title="orePoolSignIn.watch.title">
        <Rich k="orePoolSignIn.watch.body" />
        <Callout tone="tip" k="orePoolSignIn.watch.tip" />
        <Actions>
          <AppButton target="devices" />
          <AppButton target="earnings" />
        </Actions>
      </Step>
    </Steps>
  );
}

import { Callout, GuideCards, Step, Steps } from './parts';
import { StratumPanel } from '../components/stratum-panel';
import { UniplusPanel } from '../components/uniplus-panel';

/** OrePoolSignIn: from sign-up to the first device. */
export function OrePoolSignIn() {
  return (
    <Steps>
      <Step k="orePoolSignIn.signUp" primary="register" actions={['login']} />
      <Step k="orePoolSignIn.subAccount" actions={['subAccounts']}>
        <Callout tone="warning" k="orePoolSignIn.subAccount.warning" />
      </Step>
      <Step k="orePoolSignIn.uniplus">
        <UniplusPanel />
      </Step>
      <Step k="orePoolSignIn.coin">
        <StratumPanel />
      </Step>
      <Step k="orePoolSignIn.connect">
        <GuideCards ids={['deviceAccess', 'ownedSwitchOn', 'hiveOS', 'btc', 'AeBox']} />
      </Step>
      <Step k="orePoolSignIn.watch" actions={['devices', 'earnings']}>
        <Callout tone="tip" k="orePoolSignIn.watch.tip" />
      </Step>
    </Steps>
  );
}

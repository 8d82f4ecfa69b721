import { Bullets, Callout, Step, Steps } from './parts';

/** Observer: sharing devices or earnings read-only. */
export function Observer() {
  return (
    <Steps>
      <Step k="observer.open" primary="observer" />
      <Step k="observer.add">
        <Bullets keys={['observer.add.coins', 'observer.add.machine', 'observer.add.income', 'observer.add.note']} />
        <Callout tone="warning" k="observer.add.warning" />
      </Step>
      <Step k="observer.share" />
      <Step k="observer.sees" body={false}>
        <Bullets keys={['observer.sees.machine', 'observer.sees.income']} />
        <Callout tone="note" k="observer.sees.readOnly" />
      </Step>
      <Step k="observer.manage" />
    </Steps>
  );
}

import { Actions, AppButton, Bullets, Callout, Rich, Step, Steps } from './parts';

/** Observer: sharing devices or earnings read-only. */
export function Observer() {
  return (
    <Steps>
      <Step title="observer.open.title">
        <Rich k="observer.open.body" />
        <Actions>
          <AppButton target="observer" primary />
        </Actions>
      </Step>
      <Step title="observer.add.title">
        <Rich k="observer.add.body" />
        <Bullets keys={['observer.add.coins', 'observer.add.machine', 'observer.add.income', 'observer.add.note']} />
        <Callout tone="warning" k="observer.add.warning" />
      </Step>
      <Step title="observer.share.title">
        <Rich k="observer.share.body" />
      </Step>
      <Step title="observer.sees.title">
        <Bullets keys={['observer.sees.machine', 'observer.sees.income']} />
        <Callout tone="note" k="observer.sees.readOnly" />
      </Step>
      <Step title="observer.manage.title">
        <Rich k="observer.manage.body" />
      </Step>
    </Steps>
  );
}

// What the tutorial contents are written with.
export { Actions, AppButton, Bullets, Callout, Checklist, GuideCards, Step, Steps } from '../components/article';
export { Rich } from '../components/rich';

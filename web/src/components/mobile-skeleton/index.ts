export { MobileSkeletonRows } from './mobile-skeleton';

export { MobileTabs, type MobileTab } from './mobile-tabs';

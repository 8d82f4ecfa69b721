export { BrandLogo } from './brand-logo';

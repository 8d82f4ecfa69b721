export { WhenVisible } from './when-visible';

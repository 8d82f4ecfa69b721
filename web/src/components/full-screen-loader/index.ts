export { FullScreenLoader } from './full-screen-loader';

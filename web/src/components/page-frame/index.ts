export { ComingSoon, PageFrame, type PageFrameProps } from './page-frame';

export { MobileDialog, type MobileDialogProps } from './mobile-dialog';

/** OperateSystem is a platform the app is built for. */
export type OperateSystem = 'windows' | 'linux' | 'macos' | 'android' | 'ios';

/** AppRelease is the current download of one platform. */
export interface AppRelease {
  operateSystem: OperateSystem;
  version: string;
  url: string;
  notes: string;
  updatedAt: string;
}

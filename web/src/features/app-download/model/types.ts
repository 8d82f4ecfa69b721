/** AppPlatform is an operating system the pool's app is built for. */
export type AppPlatform = 'windows' | 'macos' | 'linux' | 'android' | 'ios';

/** OS_IMAGE is the platform of the pool's rig operating system image (Uniplus OS). */
export const OS_IMAGE = 'uniplus-os';

/**
 * OperateSystem is a platform the app download call knows (internal/content
 * OperatingSystems): the apps' operating systems and the rig OS image.
 */
export type OperateSystem = AppPlatform | typeof OS_IMAGE;

/** AppRelease is the current download of one platform. */
export interface AppRelease {
  operateSystem: OperateSystem;
  version: string;
  /** url is an http(s) URL or a path on this site. */
  url: string;
  notes: string;
  /** updatedAt is Unix milliseconds. */
  updatedAt: number;
}

import type { ComponentType } from 'react';
import type { TutorialId } from '../model/catalog';
import { AeBox } from './ae-box';
import { Btc } from './btc';
import { DeviceAccess } from './device-access';
import { HiveOs } from './hive-os';
import { IronFish } from './iron-fish';
import { Observer } from './observer';
import { OrePoolSignIn } from './ore-pool-sign-in';
import { OwnedSwitchOn } from './owned-switch-on';
import { SoloAleo } from './solo-aleo';

/** CONTENTS are the articles of the tutorials. */
export const CONTENTS: Record<TutorialId, ComponentType> = {
  orePoolSignIn: OrePoolSignIn,
  observer: Observer,
  deviceAccess: DeviceAccess,
  ownedSwitchOn: OwnedSwitchOn,
  hiveOS: HiveOs,
  btc: Btc,
  AeBox,
  soloAleo: SoloAleo,
  ironFish: IronFish,
};

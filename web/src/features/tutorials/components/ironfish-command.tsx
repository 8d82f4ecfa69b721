// How an IronFish miner connects: the port's protocol (IronFish's own stratum, or
// Stratum v1 while the coin runs on devnet) and the official miner's command line with
// the live pool address and the visitor's worker name.
import { useTranslation } from 'react-i18next';
import { ironfishMinerCommand, isDevnet, isTlsStratum, stratumAddresses } from '../model/stratum';
import { CodeBlock } from './copy';
import { Rich } from './rich';
import { useTutorialCoin } from './stratum-panel';
import { TUTORIAL_NS } from './texts';
import { useTutorialState } from './tutorial-state';
import { useWorkerCode, workerOrExample } from './worker-builder';

/** IronFishProtocol says what the coin's port speaks: IronFish's stratum, or v1 on devnet. */
export function IronFishProtocol({ coinIds }: { coinIds: readonly string[] }) {
  const { coin } = useTutorialCoin(coinIds);
  if (!coin) return null;
  return isDevnet(coin) ? (
    <Rich k="ironFish.connect.devnet" values={{ coin: coin.name }} />
  ) : (
    <Rich k="ironFish.connect.dialect" />
  );
}

/**
 * IronFishCommand is the official miner's command for the coin's main pool address, with
 * the worker the WorkerBuilder shows (both read the same tutorial state).
 */
export function IronFishCommand({ coinIds }: { coinIds: readonly string[] }) {
  const { t } = useTranslation(TUTORIAL_NS);
  const { suffix } = useTutorialState();
  const { code } = useWorkerCode();
  const { coin } = useTutorialCoin(coinIds);
  const main = coin ? stratumAddresses(coin.stratumUrls)[0] : undefined;
  if (!main) return null;
  const command = ironfishMinerCommand(main.hostPort, workerOrExample(code, suffix), isTlsStratum(main.url));
  return (
    <>
      <CodeBlock label={t('ironFish.connect.command')} code={command} testId="ironfish-command" />
      <Rich k="ironFish.connect.flags" className="up-tut-hint" />
    </>
  );
}

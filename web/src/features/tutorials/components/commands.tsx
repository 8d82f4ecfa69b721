// Command lines and settings built from the live pool address and the visitor's worker name.
import { useTranslation } from 'react-i18next';
import { minerCommand, portCheckCommand, stratumAddresses } from '../model/stratum';
import { codeProblem, hiveWorkerTemplate } from '../model/worker-name';
import { CodeBlock, CopyField } from './copy';
import { useTutorialCoin } from './stratum-panel';
import { TUTORIAL_NS } from './texts';
import { useTutorialState } from './tutorial-state';
import { useWorkerCode, workerOrExample } from './worker-builder';

/** DISK_WRITE_COMMAND writes an image to a disk on Linux. */
export const DISK_WRITE_COMMAND = 'sudo dd if=uniplus-os.img of=/dev/sdX bs=4M status=progress conv=fsync';

/** INSTALL_COMMANDS run the manager installer downloaded from the download page. */
export const INSTALL_COMMANDS = 'chmod +x ./INSTALLER\nsudo ./INSTALLER';

function useMainAddress(coinIds?: readonly string[]) {
  const { coin } = useTutorialCoin(coinIds);
  return coin ? stratumAddresses(coin.stratumUrls)[0] : undefined;
}

/** MinerCommand is the usual miner command line with the pool address and the worker name. */
export function MinerCommand({ coinIds }: { coinIds?: readonly string[] }) {
  const { t } = useTranslation(TUTORIAL_NS);
  const { suffix } = useTutorialState();
  const { code } = useWorkerCode();
  const main = useMainAddress(coinIds);
  if (!main) return null;
  return <CodeBlock label={t('ownedSwitchOn.miner.command')} code={minerCommand(main.url, workerOrExample(code, suffix))} testId="miner-command" />;
}

/** PortCheck tests from a rig that the main pool port answers. */
export function PortCheck({ coinIds }: { coinIds?: readonly string[] }) {
  const main = useMainAddress(coinIds);
  if (!main || main.port === null) return null;
  return <CodeBlock code={portCheckCommand(main)} testId="port-check" />;
}

/** TelemetryEndpoint is where the manager and Uniplus OS send reports (docs/mining.md). */
export function TelemetryEndpoint() {
  const { t } = useTranslation(TUTORIAL_NS);
  return <CodeBlock label={t('ownedSwitchOn.report.endpoint')} code={`POST ${window.location.origin}/api/agent/v1/report\nx-uniplus-id: UP-…`} />;
}

/** HiveConfig lists the three fields of a HiveOS miner config. */
export function HiveConfig() {
  const { t } = useTranslation(TUTORIAL_NS);
  const { code } = useWorkerCode();
  const main = useMainAddress();
  return (
    <div className="up-tut-fieldgrid" data-testid="hive-config">
      {codeProblem(code) ? (
        <p className="up-tut-muted">{t('worker.needCode')}</p>
      ) : (
        <CopyField label={t('worker.hiveResult')} value={hiveWorkerTemplate(code)} />
      )}
      {main ? <CopyField label={t('hiveOS.config.poolUrl')} value={main.url} /> : null}
      <CopyField label={t('hiveOS.config.pass')} value="x" />
    </div>
  );
}

// What the device detail page says, worked out once for both layouts: the desktop and the
// phone page only decide how a fact, a figure or a usage bar looks, never which ones there
// are, in what order, or how a value is written.
import type { DeviceOverclock } from '../../overclock/model/types';
import { settingChips } from '../../overclock/model/rules';
import { DASH, durationText, formatBytes, formatTime, orDash, rangeText, withUnit, type DurationParts } from './format';
import type { DeviceDetail } from './types';
import { formatCount } from '@/lib/format';
import { rateParts, rateText } from '@/lib/hashrate';

/** Translate is an i18next t bound to one namespace. */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** MachineTexts are the three namespaces the page reads: its own, pool mode's and overclock's. */
export interface MachineTexts {
  t: Translate;
  tp: Translate;
  to: Translate;
  lang: string;
}

/**
 * FactValue is how one fact's value is shown: plain text, a monospaced value (IPs), a
 * value with a copy button, or a yes/no flag the desktop shows as a coloured tag.
 */
export type FactValue =
  | { kind: 'text'; text: string }
  | { kind: 'mono'; text: string }
  | { kind: 'copy'; text: string; copyLabel: string }
  | { kind: 'flag'; ok: boolean; text: string };

/** Fact is one labelled row of a facts card; testId marks the rows tests read. */
export interface Fact {
  label: string;
  value: FactValue;
  testId?: string;
}

/** Usage is one usage bar: CPU, memory or disk. */
export interface Usage {
  label: string;
  percent: number | null;
  level: string;
  /** detail is "used of total" for memory and disk, empty for the CPU. */
  detail: string;
  testId: string;
}

/** Figure is one labelled number of the hero or the comparison card. */
export interface Figure {
  label: string;
  value: string;
  unit?: string;
  testId?: string;
}

const text = (s: string): FactValue => ({ kind: 'text', text: s });
const joined = (...parts: Array<string | null | undefined>) => orDash(parts.filter(Boolean).join(' '));

/** usageColor is the bar colour of a usage level. */
export function usageColor(level: string): string {
  return level === 'full' ? 'var(--up-danger)' : level === 'high' ? 'var(--up-warning)' : 'var(--up-brand)';
}

/** onlineText says how long the device has been online, or that it is offline. */
export function onlineText(d: DeviceDetail, online: DurationParts | null, { t }: MachineTexts): string {
  if (!online || d.status === 'offline') return t('duration.offline');
  const { key, params } = durationText(online);
  return t(key, params);
}

/** heroFigures are the hero's four headline figures, in order. */
export function heroFigures(d: DeviceDetail, online: DurationParts | null, x: MachineTexts): Figure[] {
  const { t, tp, lang } = x;
  return [
    { label: tp('figure.realTime'), ...rateParts(d.realTimeHashRate, tp('figure.measuring')), testId: 'machine-realtime' },
    { label: tp('figure.day'), ...rateParts(d.dayHashRate, tp('figure.measuring')), testId: 'machine-day' },
    { label: t('hero.onlineFor'), value: onlineText(d, online, x), testId: 'machine-online' },
    { label: t('hero.lastUpdate'), value: formatTime(d.lastUpdateTime, lang) },
  ];
}

/** shareCounts are the accepted, rejected and stale share counts, labelled. */
export function shareCounts(d: DeviceDetail, { tp, lang }: MachineTexts): Figure[] {
  return [
    { label: tp('figure.accepted'), value: formatCount(d.accepted, lang) },
    { label: tp('figure.rejected'), value: formatCount(d.rejected, lang) },
    { label: tp('figure.stale'), value: formatCount(d.stale, lang) },
  ];
}

/** comparisonFigures set the rig's own hashrate beside the pool's and its 95% range. */
export function comparisonFigures(d: DeviceDetail, { t, tp, lang }: MachineTexts): Figure[] {
  return [
    {
      label: t('compare.reported'),
      value: d.reportedHashRate ? `${d.reportedHashRate.show} ${d.reportedHashRate.unit}` : t('compare.notReported'),
      testId: 'compare-reported',
    },
    { label: t('compare.pool'), value: rateText(d.realTimeHashRate, tp('figure.measuring')), testId: 'compare-pool' },
    { label: t('compare.range'), value: rangeText(d.effectiveLow, d.effectiveHigh), testId: 'compare-range' },
    { label: t('compare.shares'), value: formatCount(d.windowShares, lang), testId: 'compare-shares' },
  ];
}

/** comparisonLegend names the three marks of the comparison scale. */
export function comparisonLegend({ t }: MachineTexts): Array<{ key: 'band' | 'pool' | 'rig'; label: string }> {
  return [
    { key: 'band', label: t('compare.legendRange') },
    { key: 'pool', label: t('compare.legendPool') },
    { key: 'rig', label: t('compare.legendReported') },
  ];
}

/** systemFacts are the system card's rows above the usage bars. */
export function systemFacts(d: DeviceDetail, { t }: MachineTexts): Fact[] {
  return [
    { label: t('system.os'), value: text(joined(d.os, d.osVersion)), testId: 'system-os' },
    { label: t('system.driver'), value: text(orDash(d.driverVersion)) },
    { label: t('system.cpuModel'), value: text(orDash(d.cpuModel)), testId: 'system-cpu' },
    { label: t('system.cpuTemp'), value: text(withUnit(d.cpuTemp, '°C')) },
  ];
}

/** UsageLevels are the hook's usage percentages and levels. */
export interface UsageLevels {
  cpu: { percent: number | null; level: string };
  mem: { percent: number | null; level: string };
  disk: { percent: number | null; level: string };
}

/** usages are the CPU, memory and disk bars. */
export function usages(d: DeviceDetail, u: UsageLevels, { t }: MachineTexts): Usage[] {
  const of = (used: number | null, total: number | null) => t('system.of', { used: formatBytes(used), total: formatBytes(total) });
  return [
    { label: t('system.cpuUsage'), ...u.cpu, detail: '', testId: 'usage-cpu' },
    { label: t('system.memory'), ...u.mem, detail: of(d.memUsed, d.memTotal), testId: 'usage-mem' },
    { label: t('system.disk'), ...u.disk, detail: of(d.diskUsed, d.diskTotal), testId: 'usage-disk' },
  ];
}

/** miningFacts are the miner program's rows: software, whether it runs, its pool. */
export function miningFacts(d: DeviceDetail, { t }: MachineTexts): Fact[] {
  return [
    { label: t('mining.software'), value: text(joined(d.minerSoftware, d.minerVersion)), testId: 'mining-software' },
    {
      label: t('mining.running'),
      value: d.minerRunning === null ? text(DASH) : { kind: 'flag', ok: d.minerRunning, text: d.minerRunning ? t('mining.runningYes') : t('mining.runningNo') },
    },
    {
      label: t('mining.pool'),
      value: d.runningPool ? { kind: 'copy', text: d.runningPool, copyLabel: t('mining.copyPool') } : text(DASH),
      testId: 'mining-pool',
    },
    { label: t('mining.burned'), value: text(d.burned ? t('mining.burnedYes') : t('mining.burnedNo')) },
  ];
}

/** networkFacts are the addresses and the times the pool last heard from the device. */
export function networkFacts(d: DeviceDetail, { t, lang }: MachineTexts): Fact[] {
  return [
    { label: t('network.intranetIp'), value: { kind: 'mono', text: orDash(d.intranetIp) }, testId: 'network-intranet' },
    { label: t('network.publicIp'), value: { kind: 'mono', text: orDash(d.publicIp) } },
    { label: t('network.region'), value: text(orDash(d.region)) },
    { label: t('network.firstSeen'), value: text(formatTime(d.firstSeenAt, lang)) },
    { label: t('network.lastShare'), value: text(formatTime(d.lastShareAt, lang)) },
    { label: t('network.lastReport'), value: text(formatTime(d.lastReportAt, lang)) },
    { label: t('network.lastUpdate'), value: text(formatTime(d.lastUpdateTime, lang)) },
    { label: t('network.onlineSince'), value: text(d.status === 'offline' ? DASH : formatTime(d.onlineSince, lang)) },
  ];
}

/** overclockFacts describe the device's last overclock request and the agent's answer. */
export function overclockFacts(s: DeviceOverclock, { t, lang }: MachineTexts): Fact[] {
  const rows: Fact[] = [
    { label: t('overclock.template'), value: text(s.factory ? t('overclock.factory') : orDash(s.templateName)), testId: 'overclock-template' },
    { label: t('overclock.requested'), value: text(formatTime(s.requestedAt, lang)) },
    { label: t('overclock.acknowledged'), value: text(formatTime(s.acknowledgedAt, lang)) },
  ];
  if (s.message) rows.push({ label: t('overclock.message'), value: text(s.message), testId: 'overclock-message' });
  return rows;
}

/** overclockChips are the applied settings, named and written with their units. */
export function overclockChips(s: DeviceOverclock, { to }: MachineTexts): Array<{ key: string; label: string; value: string }> {
  return settingChips(s.settings, to);
}

/** overclockQuery picks the device on the apply and cancel pages. */
export function overclockQuery(d: DeviceDetail): string {
  return `?coin=${encodeURIComponent(d.coin)}&device=${d.id}`;
}

/** PageStateText is the title and body of the no-id, refused and failed states. */
export function pageStateText(state: 'noId' | 'refused' | 'failed', message: string, { t }: MachineTexts): { title: string; body: string } {
  if (state === 'noId') return { title: t('state.noIdTitle'), body: t('state.noIdBody') };
  return { title: state === 'refused' ? t('state.refusedTitle') : t('state.failedTitle'), body: message };
}

import type { LegalTender } from '@/lib/legal-tender';

export type { LegalTender };

/**
 * CoinRow is SPEC.md section 3 "Coin or pool coin row" as GET /pc/v1/dashboard/list
 * answers it: hashrates are numbers in H/s with a display value (…Show) in …Unit; money
 * is a decimal string, income per one `minHashUnit` of hashrate a day.
 */
export interface CoinRow {
  currencyType: string;
  chainTypeName: string;
  chainUnit: string;
  algorithm: string;
  iconUrl: string;
  logoUrl: string;
  openStatus: boolean;
  closedMsg: string;
  tutorialUrl: string;
  driver: string;
  coinPrice: string;
  coinPriceUnit: string;
  poolHashRate: number;
  poolHashRateUnit: string;
  poolHashRateShow: string;
  networkHashRate: number;
  networkHashRateUnit: string;
  networkHashRateShow: string;
  dayExpectIncome: string;
  dayExpectIncomeCoin: string;
  dayExpectIncomeUnit: string;
  dayExpectIncomeFullUnit: string;
  blockReward: string;
  /** blockTime is seconds between blocks. */
  blockTime: number;
  /** rate is the pool fee as a fraction (0.01 = 1%). */
  rate: number;
  rateShow: string;
  fee: string;
  settleModel: string;
  settleTime: string;
  activeMiners: number;
  minHashUnit: string;
}

/** TrendPoint is SPEC.md section 3 "Trend point": the coin's price and the pool's hashrate at execTime (ms). */
export interface TrendPoint {
  execTime: number;
  price: string;
  cnyPrice: string;
  /** hashRate is in H/s, as every hashrate the server sends. */
  hashRate: number;
  /** hashRateShow is hashRate in hashRateUnit, the one unit of the whole series. */
  hashRateShow: string;
  hashRateUnit: string;
}

/** TrendRange is the chart's span: month = last 31 days, year = last 181 days. */
export type TrendRange = 'month' | 'year';

/** CalcVariant is the calculator's form: basic, or full with electricity. */
export type CalcVariant = 'basic' | 'full';

/** CalcPeriod is the span a result is shown for. */
export type CalcPeriod = 'day' | 'week' | 'month' | 'year';

/** CalcInput is SPEC.md section 3 "Income calculation input". */
export interface CalcInput {
  legalTender: LegalTender;
  currencyType: string;
  coinPrice: string;
  containConsumption: boolean;
  customerHashRate: string;
  customerHashRateUnit: string;
  networkHashRate: string;
  networkHashRateUnit: string;
  /** rate is the pool fee as a fraction. */
  rate: string;
  electricityPrice?: string;
  equipmentConsumption?: string;
}

/** PeriodIncome is the expected income over one period: fiat and coins. */
export interface PeriodIncome {
  income: string;
  incomeCoin: string;
}

/**
 * CalcResult is the expected income of one day, and of each period: the server computes
 * every period from the exact daily rate and rounds once (a year is not the rounded day
 * times 365).
 */
export interface CalcResult {
  dayExpectIncome: string;
  dayExpectIncomeCoin: string;
  legalTender: LegalTender;
  periods: Record<CalcPeriod, PeriodIncome>;
}

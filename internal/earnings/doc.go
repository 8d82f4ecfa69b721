// Package earnings pays miners per share (DESIGN.md "Earnings", docs/earnings.md).
//
// Every accepted share of a bound device accrues its own ratio share difficulty over the
// network difficulty of its moment, summed per sub-account, coin and minute in pps_minutes
// together with the block reward and fee in force. Once a day per coin, at the coin's
// settleTime in Asia/Shanghai, the previous Beijing day is settled: each minute row is worth
//
//	micro = floor(ratio_sum x reward x (10000 - fee_bps) x 100)
//
// millionths of a minor unit (float64, evaluated left to right), a sub-account's day is the
// sum of its minutes plus what it carried from the day before, and the whole minor units of
// that are booked to the ledger; the millionths left over carry to the next day. The audit
// CSV lists each minute's inputs so that a miner can recompute the day to the last unit.
package earnings

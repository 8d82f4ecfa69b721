package earnings

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"time"
)

// MicroPerMinor is how many accrual units make one minor unit of a coin: accruals keep six
// more decimals than the coin, so a day's rounding loses nothing a miner could be paid.
const MicroPerMinor = 1_000_000

// MinuteMicro is what one minute row earns, in millionths of a minor unit: ratio x reward x
// (10000 - feeBps) x 100, in float64 from left to right, rounded down. The audit CSV states
// this formula; a miner's own recomputation in any language with IEEE doubles agrees.
func MinuteMicro(ratio float64, reward int64, feeBps int) (*big.Int, error) {
	v, err := minuteFloor(ratio, reward, feeBps)
	if err != nil {
		return nil, err
	}
	f, _ := new(big.Float).SetFloat64(v).Int(nil)
	return f, nil
}

// minuteFloor is MinuteMicro as the float64 it is computed in: a whole number.
func minuteFloor(ratio float64, reward int64, feeBps int) (float64, error) {
	v := ratio * float64(reward) * float64(10000-feeBps) * 100
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		return 0, fmt.Errorf("earnings: minute worth %v (ratio %v, reward %d, fee %d)", v, ratio, reward, feeBps)
	}
	return math.Floor(v), nil
}

// micros is a sum of minute values: an int64 while it fits (every real chain's day), a
// big.Int once it does not (a test chain's made-up rewards can go past 2^63).
type micros struct {
	small int64
	big   *big.Int
}

// maxSmall keeps a sum and one more minute value below 2^63.
const maxSmall = 1 << 62

// add adds one minute's whole-number value.
func (m *micros) add(v float64) {
	if m.big == nil && v < maxSmall && m.small < maxSmall {
		m.small += int64(v) // exact: v is a whole number below 2^62
		return
	}
	if m.big == nil {
		m.big = big.NewInt(m.small)
	}
	f, _ := new(big.Float).SetFloat64(v).Int(nil)
	m.big.Add(m.big, f)
}

// Big is the sum as a big.Int.
func (m micros) Big() *big.Int {
	if m.big != nil {
		return new(big.Int).Set(m.big)
	}
	return big.NewInt(m.small)
}

// String is the sum in decimal, as the earnings log keeps it.
func (m micros) String() string {
	if m.big != nil {
		return m.big.String()
	}
	return strconv.FormatInt(m.small, 10)
}

// split is Split of this sum, in int64 arithmetic when the sum is small.
func (m micros) split(carryIn int64) (amount, carryOut int64, err error) {
	if m.big == nil && carryIn >= 0 && carryIn < MicroPerMinor {
		total := m.small + carryIn // below 2^62 + 10^6: no overflow
		return total / MicroPerMinor, total % MicroPerMinor, nil
	}
	return Split(m.Big(), carryIn)
}

// Split divides a day's accrual plus the carry into whole minor units and the millionths
// carried to the next day.
func Split(accrued *big.Int, carryIn int64) (amount, carryOut int64, err error) {
	total := new(big.Int).Add(accrued, big.NewInt(carryIn))
	q, r := new(big.Int).QuoRem(total, big.NewInt(MicroPerMinor), new(big.Int))
	if !q.IsInt64() {
		return 0, 0, fmt.Errorf("earnings: a day's amount %s does not fit 64 bits", q)
	}
	return q.Int64(), r.Int64(), nil
}

// beijing is the pool's business time zone (DESIGN.md "Storage"): days and the settlement
// time are Beijing's, whatever the server's or the reader's zone. China has had no daylight
// saving since 1991, so a fixed zone is exact and needs no tz database on the host.
var beijing = time.FixedZone("Asia/Shanghai", 8*3600)

// Beijing is the business time zone.
func Beijing() *time.Location { return beijing }

// Day is a Beijing calendar day, written YYYY-MM-DD.
type Day string

// DayOf is the Beijing day t falls in.
func DayOf(t time.Time) Day { return Day(t.In(beijing).Format(time.DateOnly)) }

// ParseDay reads YYYY-MM-DD.
func ParseDay(s string) (Day, error) {
	if _, err := time.ParseInLocation(time.DateOnly, s, beijing); err != nil {
		return "", fmt.Errorf("earnings: day %q: want YYYY-MM-DD", s)
	}
	return Day(s), nil
}

// Start is the day's first instant; End the next day's.
func (d Day) Start() time.Time {
	t, _ := time.ParseInLocation(time.DateOnly, string(d), beijing)
	return t
}

// End is the first instant of the next day.
func (d Day) End() time.Time { return d.Start().AddDate(0, 0, 1) }

// Next is the following day.
func (d Day) Next() Day { return DayOf(d.End()) }

// Prev is the day before.
func (d Day) Prev() Day { return DayOf(d.Start().Add(-time.Hour)) }

// SettleAt is when day d of a coin settling at settleTime ("HH:MM", Beijing) is settled:
// that time on the following day.
func SettleAt(d Day, settleTime string) (time.Time, error) {
	hm, err := time.Parse("15:04", settleTime)
	if err != nil {
		return time.Time{}, fmt.Errorf("earnings: settle time %q: want HH:MM", settleTime)
	}
	return d.End().Add(time.Duration(hm.Hour())*time.Hour + time.Duration(hm.Minute())*time.Minute), nil
}

// LastDue is the latest day whose settlement time has passed at now.
func LastDue(now time.Time, settleTime string) (Day, error) {
	d := DayOf(now).Prev()
	at, err := SettleAt(d, settleTime)
	if err != nil {
		return "", err
	}
	if now.Before(at) {
		d = d.Prev()
	}
	return d, nil
}

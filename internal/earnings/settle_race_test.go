package earnings

import (
	"context"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

var raceCoin = coin.Coin{Type: "LTC", Algorithm: "scrypt", SettleTime: "08:00", Decimals: 8}

// oneAccrual is sub-account sub's credit of ratio of a 1,000,000-unit reward at minute at.
func oneAccrual(sub int64, at time.Time, ratio float64) Accrual {
	return Accrual{SubAccountID: sub, UserID: 100 + sub, Coin: raceCoin.Type, Minute: at.Truncate(time.Minute).UnixMilli(),
		Reward: 1_000_000, RatioSum: ratio, DiffSum: ratio * 1000, Accepted: 1}
}

func addAccrual(t *testing.T, d *db.DB, a Accrual) {
	t.Helper()
	if err := d.InTx(context.Background(), func(tx *db.Tx) error { return AddAccruals(context.Background(), tx, []Accrual{a}) }); err != nil {
		t.Fatal(err)
	}
}

// waitingOnSettlementLock says whether a transaction of this schema waits for a settlement
// lock (lockSettlement) on PostgreSQL.
func waitingOnSettlementLock(t *testing.T, d *db.DB) bool {
	t.Helper()
	var n int
	if err := d.QueryRow(context.Background(), `SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
		AND classid = (hashtext(current_schema() || ':settle'))::oid`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n > 0
}

// untilDoneOrWaiting returns once done is closed or a transaction waits on a settlement
// lock: the settlement or flush under test has either finished or is held at the lock.
func untilDoneOrWaiting(t *testing.T, d *db.DB, done <-chan struct{}) {
	t.Helper()
	for {
		select {
		case <-done:
			return
		case <-time.After(10 * time.Millisecond):
			if waitingOnSettlementLock(t, d) {
				return
			}
		}
	}
}

// paidAccepted sums the accepted shares of the settled days and the units paid for them.
func paidAccepted(t *testing.T, d *db.DB) (accepted, amount int64) {
	t.Helper()
	if err := d.QueryRow(context.Background(), "SELECT COALESCE(SUM(accepted), 0), COALESCE(SUM(amount), 0) FROM earnings").
		Scan(&accepted, &amount); err != nil {
		t.Fatal(err)
	}
	return
}

// A share flush that is open while its day settles, on PostgreSQL with both transactions
// running side by side: the settlement waits for the flush to commit and pays its row
// with the day. Before the settlement lock the settlement read the day without the open
// flush's row, which then committed into the settled day and was never paid.
func TestFlushHeldOpenAcrossASettlementIsPaidOnce(t *testing.T) {
	d := dbtest.Postgres(t)
	ctx := context.Background()
	s := &Store{DB: d}
	day := Day("2026-03-10")
	now := day.End().Add(time.Hour)
	addAccrual(t, d, oneAccrual(1, day.Start().Add(time.Hour), 0.5))

	inside, release, flushed := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		flushed <- d.InTx(ctx, func(tx *db.Tx) error {
			if err := AddAccruals(ctx, tx, []Accrual{oneAccrual(2, day.End().Add(-time.Minute), 0.25)}); err != nil {
				return err
			}
			close(inside)
			<-release
			return nil
		})
	}()
	<-inside
	settled, settleErr := make(chan struct{}), make(chan error, 1)
	go func() {
		_, err := s.SettleThrough(ctx, raceCoin, day, now)
		settleErr <- err
		close(settled)
	}()
	untilDoneOrWaiting(t, d, settled)
	close(release)
	if err := <-flushed; err != nil {
		t.Fatal(err)
	}
	<-settled
	if err := <-settleErr; err != nil {
		t.Fatal(err)
	}
	if _, err := s.SettleThrough(ctx, raceCoin, day.Next(), day.Next().End().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	// 0.5 + 0.25 of 1,000,000 units: both shares paid, once.
	if accepted, amount := paidAccepted(t, d); accepted != 2 || amount != 750_000 {
		t.Fatalf("settled %d accepted shares for %d units; want 2 shares, 750000 units", accepted, amount)
	}
}

// The other order: a settlement is open (it has read the day) when a flush of that day
// arrives. The flush waits for the settlement to commit, then finds the day settled and
// moves its row to the next open day with a note; that day pays it. Before, it committed
// into the day being settled, after the settlement had read it.
func TestFlushArrivingDuringASettlementMovesToTheNextDay(t *testing.T) {
	d := dbtest.Postgres(t)
	ctx := context.Background()
	s := &Store{DB: d}
	day := Day("2026-03-10")
	now := day.End().Add(time.Hour)
	addAccrual(t, d, oneAccrual(1, day.Start().Add(time.Hour), 0.5))

	read, release := make(chan struct{}), make(chan struct{})
	testHookDayRead = func() { close(read); <-release }
	t.Cleanup(func() { testHookDayRead = nil })
	settleErr := make(chan error, 1)
	go func() {
		_, err := s.SettleThrough(ctx, raceCoin, day, now)
		settleErr <- err
	}()
	<-read
	testHookDayRead = nil
	late := oneAccrual(2, day.End().Add(-time.Minute), 0.25)
	flushed, flushErr := make(chan struct{}), make(chan error, 1)
	go func() {
		flushErr <- d.InTx(ctx, func(tx *db.Tx) error { return AddAccruals(ctx, tx, []Accrual{late}) })
		close(flushed)
	}()
	untilDoneOrWaiting(t, d, flushed)
	close(release)
	if err := <-settleErr; err != nil {
		t.Fatal(err)
	}
	<-flushed
	if err := <-flushErr; err != nil {
		t.Fatal(err)
	}
	checkLateNote(t, d, late, day.Next())
	if _, err := s.SettleThrough(ctx, raceCoin, day.Next(), day.Next().End().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if accepted, amount := paidAccepted(t, d); accepted != 2 || amount != 750_000 {
		t.Fatalf("settled %d accepted shares for %d units; want 2 shares, 750000 units", accepted, amount)
	}
}

// checkLateNote finds the one late_accruals row for a, moved to the start of to.
func checkLateNote(t *testing.T, d *db.DB, a Accrual, to Day) {
	t.Helper()
	var n int
	var sub, minute, movedTo, accepted int64
	var ratio float64
	if err := d.QueryRow(context.Background(), `SELECT COUNT(*), COALESCE(MAX(sub_account_id), 0), COALESCE(MAX(minute), 0), COALESCE(MAX(moved_to), 0),
		COALESCE(MAX(ratio_sum), 0), COALESCE(MAX(accepted), 0) FROM late_accruals`).
		Scan(&n, &sub, &minute, &movedTo, &ratio, &accepted); err != nil {
		t.Fatal(err)
	}
	if n != 1 || sub != a.SubAccountID || minute != a.Minute || movedTo != to.Start().UnixMilli() || ratio != a.RatioSum || accepted != int64(a.Accepted) {
		t.Fatalf("late notes: %d, last sub %d minute %d moved to %d ratio %v accepted %d; want one for %+v moved to %s",
			n, sub, minute, movedTo, ratio, accepted, a, to)
	}
}

// A flush that comes after its day settled (one after the other, both databases): its row
// is paid with the next day, once, and a note says from which minute it was moved.
func TestLateFlushIsNotedAndPaidWithTheNextDay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := &Store{DB: d}
		day := Day("2026-03-10")
		addAccrual(t, d, oneAccrual(1, day.Start().Add(time.Hour), 0.5))
		if _, err := s.SettleThrough(ctx, raceCoin, day, day.End().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		late := oneAccrual(2, day.Start().Add(2*time.Hour), 0.25)
		addAccrual(t, d, late)
		checkLateNote(t, d, late, day.Next())
		if _, err := s.SettleThrough(ctx, raceCoin, day.Next(), day.Next().End().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if accepted, amount := paidAccepted(t, d); accepted != 2 || amount != 750_000 {
			t.Fatalf("settled %d accepted shares for %d units; want 2 shares, 750000 units", accepted, amount)
		}
	})
}

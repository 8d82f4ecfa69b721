package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/alert"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/jobs"
	"github.com/uniplus-pool/pool/internal/notify"
	"github.com/uniplus-pool/pool/internal/pool"
)

// newAlertJob is the alert job of a jobs process: it sends through the process's email and
// SMS senders (SMTP, the SMS gateway, or the console outbox).
func newAlertJob(d *db.DB, cfg config.Config, email, sms account.CodeSender, log *slog.Logger) *alert.Job {
	return &alert.Job{Store: &alert.Store{DB: d}, Pool: &pool.Store{DB: d}, Accounts: &account.Store{DB: d}, Coins: &coin.Store{DB: d},
		Email: alertSender(email), SMS: alertSender(sms), MinOffline: cfg.AlertMinOffline, Log: log}
}

// alertSender is a code sender's alert side, when it has one (every sender of package
// notify does).
func alertSender(s account.CodeSender) notify.AlertSender {
	a, _ := s.(notify.AlertSender)
	return a
}

// alertsJob runs the alert job every --alert-every (docs/alerts.md). It judges devices by
// the wall clock, as the device sweep does: shares are stamped with it.
func alertsJob(job *alert.Job, every time.Duration, log *slog.Logger) jobs.Job {
	return jobs.Job{Name: "alerts", Every: every, Run: func(ctx context.Context) error {
		r, err := job.Run(ctx, time.Now())
		if r.Events+r.Digests+r.Sent+r.Failed > 0 {
			log.Info("alerts", "events", r.Events, "digests", r.Digests, "sent", r.Sent, "failed", r.Failed)
		}
		return err
	}}
}

package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/notify"
	"github.com/uniplus-pool/pool/internal/notify/smtptest"
)

// A simulated rig (poold sim) mines to farm1 on a running pool whose owner turned offline
// alerts on in the page's call, then stops: the jobs role's alert job, judging later than
// the rig's threshold, mails the owner through SMTP (the local sink), in the language
// they saved in, once however often it runs.
func TestStoppedSimRigSendsOfflineMailOverSMTP(t *testing.T) {
	ctx := context.Background()
	sink := smtptest.Start(t, smtptest.Options{TLS: notify.TLSNone})
	smtpFlags := []string{"--smtp", sink.Addr(), "--smtp-tls", "none", "--smtp-from", "Uniplus Pool <no-reply@pool.test>"}
	p := startDevnetPoolWith(t, []string{"--driver-config", "start_difficulty=0.000002", "--driver-config", "min_difficulty=0.000001"}, smtpFlags...)
	d, err := db.Open(ctx, p.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var userID int64
	if err := d.QueryRow(ctx, "SELECT id FROM users WHERE email = ?", "m@example.com").Scan(&userID); err != nil {
		t.Fatal(err)
	}
	token, err := (&account.Store{DB: d}).CreateSession(ctx, d, userID, "127.0.0.1", "test", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{"code": "farm1", "offlineEnabled": true, "hashrateEnabled": false, "hashratePercent": 70,
		"byEmail": true, "bySms": false, "digest": false, "digestHour": 8})
	req, _ := http.NewRequest("POST", p.httpURL+"/api/pc/v1/pool/alert/setting", bytes.NewReader(body))
	req.Header.Set("x-token", token)
	req.Header.Set("language", "zh_CN")
	req.Header.Set("timezone", "Asia/Shanghai")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var env envelope
	_ = json.NewDecoder(resp.Body).Decode(&env)
	resp.Body.Close()
	if env.Code != 0 {
		t.Fatalf("alert settings: %d %s", env.Code, env.Msg)
	}

	// The rig mines for a few seconds and stops.
	var out strings.Builder
	if err := Run(ctx, []string{"sim", "--stratum", fmt.Sprintf("127.0.0.1:%d", p.port), "--workers", "farm1.rig01",
		"--rate", "0", "--duration", "3s", "--report", "1h"}, noEnv, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if simAccepted(out.String(), "farm1.rig01") == 0 {
		t.Fatalf("the rig had no accepted share:\n%s", out.String())
	}
	// Its shares reach the database at the engine's next flush (every 10 s).
	var lastShare int64
	for deadline := time.Now().Add(30 * time.Second); lastShare == 0; {
		if time.Now().After(deadline) {
			t.Fatal("the rig's shares were never flushed")
		}
		time.Sleep(200 * time.Millisecond)
		_ = d.QueryRow(ctx, "SELECT COALESCE(MAX(last_share_at), 0) FROM devices WHERE worker = 'rig01'").Scan(&lastShare)
	}

	// The alert job as the jobs role builds it, with serve's own senders for these flags.
	cfg, _, err := config.Load("serve", config.ScopeServe, append([]string{"--db", p.dbPath}, smtpFlags...), noEnv, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	email, sms, err := notify.New(notify.Config{SMTPAddr: cfg.SMTP, SMTPFrom: cfg.SMTPFrom, SMTPTLS: cfg.SMTPTLS, OutboxPath: t.TempDir() + "/outbox.log"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	job := newAlertJob(d, cfg, email, sms, slog.New(slog.DiscardHandler))
	stopped := time.UnixMilli(lastShare)
	for _, at := range []time.Duration{0, 5 * time.Minute, 9 * time.Minute} {
		if r, err := job.Run(ctx, stopped.Add(at)); err != nil || r.Events != 0 {
			t.Fatalf("at %s: %+v %v", at, r, err)
		}
	}
	for i := 0; i < 3; i++ {
		r, err := job.Run(ctx, stopped.Add(11*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if want := map[bool]int{true: 1, false: 0}[i == 0]; r.Events != want || r.Sent != want {
			t.Fatalf("run %d after 11 minutes: %+v", i, r)
		}
	}
	msg, err := sink.WaitFor("m@example.com", 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(msg.Subject, "告警") || !strings.Contains(msg.Subject, "farm1") || !strings.Contains(msg.Text, "farm1.rig01（BTC）已离线") {
		t.Fatalf("mail %q:\n%s", msg.Subject, msg.Text)
	}
	n := 0
	for _, m := range sink.Messages() {
		if strings.Contains(strings.Join(m.To, ","), "m@example.com") {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d mails to the owner, want 1", n)
	}
}

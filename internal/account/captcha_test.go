package account_test

import (
	"context"
	"encoding/json"
	"math"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// humanTrack is a drag to the end of the slider as a hand makes it.
var humanTrack = accounttest.HumanTrack

// keyboardTrack is ten arrow presses: the handle eases along its track (as the web
// slider moves it), on the line, pressed at a person's uneven pace.
func keyboardTrack(width int) [][3]float64 {
	tr := [][3]float64{{0, 0, 0}}
	at := []float64{1, 140, 260, 330, 470, 560, 690, 800, 905, 1040}
	for i := 1; i <= 10; i++ {
		f := float64(i) / 10
		tr = append(tr, [3]float64{math.Round(float64(width)*f*f*(3-2*f)*10) / 10, 0, at[i-1]})
	}
	return tr
}

// keyboardHeldTrack is the arrow key held down: the first press, the system's repeat delay,
// then repeats about 33 ms apart; the press that begins the drag and its first step share a
// millisecond, so the step is recorded a millisecond later.
func keyboardHeldTrack(width int) [][3]float64 {
	tr := keyboardTrack(width)
	at := []float64{1, 501, 534, 568, 601, 634, 668, 701, 734, 768}
	for i := 1; i < len(tr); i++ {
		tr[i][2] = at[i-1]
	}
	return tr
}

// keyboardBackTrack: six presses on, one back, then on to the end and once more there
// (the handle stays at the end, the press is recorded).
func keyboardBackTrack(width int) [][3]float64 {
	tr := keyboardTrack(width)
	out := append([][3]float64{}, tr[:7]...)
	out = append(out, [3]float64{tr[5][0], 0, 0})
	out = append(out, tr[6:]...)
	out = append(out, [3]float64{tr[10][0], 0, 0})
	for i := range out {
		out[i][2] = float64(i*130 + (i*37)%50)
	}
	return out
}

// flatUnevenTrack (issue 29) keeps to the line with uneven steps, off the keyboard's
// positions: a script's, not a hand's nor the keys'.
var flatUnevenTrack = [][3]float64{{0, 0, 0}, {40, 0, 90}, {120, 0, 210}, {220, 0, 330}, {300, 0, 420}}

// stillTrack (issue 29) is five points that never move along the track: the "drag" sits
// at the end from the start, only y wobbling.
var stillTrack = [][3]float64{{300, 0, 0}, {300, 1, 100}, {300, 0, 230}, {300, 1, 300}, {300, 0, 420}}

// robotTrack is what a naive script sends: a ruled line at one speed, one sample every
// 60 ms. It passed the slider before the track rules and the proof of work.
func robotTrack(width int) [][3]float64 {
	var tr [][3]float64
	for i := 0; i <= 10; i++ {
		tr = append(tr, [3]float64{float64(width) * float64(i) / 10, 0, float64(1000 + i*60)})
	}
	return tr
}

// captcha is captcha/new's answer.
type captcha struct {
	ID    string      `json:"id"`
	Width int         `json:"width"`
	Pow   account.Pow `json:"pow"`
	raw   json.RawMessage
}

func (h *harness) newCaptcha() captcha {
	h.t.Helper()
	r := h.post("/api/pc/v1/common/captcha/new", "", nil)
	h.want(r, 200, 0, "")
	var c captcha
	if err := json.Unmarshal(r.Data, &c); err != nil {
		h.t.Fatal(err)
	}
	c.raw = r.Data
	return c
}

func (h *harness) checkCaptcha(c captcha, track any, nonce string) reply {
	h.t.Helper()
	return h.post("/api/pc/v1/common/captcha/check", "", map[string]any{"id": c.ID, "track": track, "nonce": nonce})
}

// ticket passes a slider from h.addr as the browser does: the proof of work, then a drag.
func (h *harness) ticket() string {
	h.t.Helper()
	c := h.newCaptcha()
	r := h.checkCaptcha(c, humanTrack(c.Width), account.SolvePow(c.Pow.Challenge, c.Pow.Bits))
	h.want(r, 200, 0, "")
	var tk struct{ Ticket string }
	_ = json.Unmarshal(r.Data, &tk)
	if tk.Ticket == "" {
		h.t.Fatalf("no ticket in %s", r.Data)
	}
	return tk.Ticket
}

func TestSliderCaptcha(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		solve := func(c captcha) string { return account.SolvePow(c.Pow.Challenge, c.Pow.Bits) }
		bad := map[string]func(w int) [][3]float64{
			"too few points": func(w int) [][3]float64 { return humanTrack(w)[8:] },
			"too fast": func(w int) [][3]float64 {
				tr := humanTrack(w)
				for i := range tr {
					tr[i][2] = float64(1000 + i*20 + i%2)
				}
				return tr
			},
			"not to the end": func(w int) [][3]float64 {
				tr := humanTrack(w)
				tr[len(tr)-1][0] = float64(w) - 20
				return tr
			},
			"time goes back": func(w int) [][3]float64 {
				tr := humanTrack(w)
				tr[5][2] = tr[3][2]
				return tr
			},
			"off the track": func(w int) [][3]float64 {
				tr := humanTrack(w)
				tr[4][0] = float64(w) * 3
				return tr
			},
			"far off the line": func(w int) [][3]float64 {
				tr := humanTrack(w)
				tr[4][1] = float64(w) + 1
				return tr
			},
			"robotic: ruled and evenly timed": robotTrack,
			"evenly timed, though it wobbles": func(w int) [][3]float64 {
				tr := humanTrack(w)
				for i := range tr {
					tr[i][2] = float64(1000 + i*55)
				}
				return tr
			},
			"flat, uneven steps": func(int) [][3]float64 { return flatUnevenTrack },
			"never moves":        func(int) [][3]float64 { return stillTrack },
			"ruled, though unevenly timed": func(w int) [][3]float64 {
				tr := robotTrack(w)
				for i := range tr {
					tr[i][2] += float64((i * 7) % 5)
				}
				return tr
			},
		}
		for name, mk := range bad {
			c := h.newCaptcha()
			r := h.checkCaptcha(c, mk(c.Width), solve(c))
			if r.Status != 400 || r.Code != 3 {
				t.Fatalf("%s: got %d code %d %q, want a refusal", name, r.Status, r.Code, r.Msg)
			}
			h.want(r, 400, 3, "Verification failed")
			// A challenge is judged once: a good drag afterwards is refused too.
			h.want(h.checkCaptcha(c, humanTrack(c.Width), solve(c)), 400, 3, "expired")
		}
		for name, mk := range map[string]func(int) [][3]float64{"a hand": humanTrack, "the keyboard": keyboardTrack} {
			c := h.newCaptcha()
			if r := h.checkCaptcha(c, mk(c.Width), solve(c)); r.Status != 200 {
				t.Fatalf("a drag by %s: got %d %q, want a pass", name, r.Status, r.Msg)
			}
		}
		h.want(h.checkCaptcha(captcha{ID: "nope"}, humanTrack(300), "1"), 400, 3, "expired")
		h.want(h.post("/api/pc/v1/common/captcha/check", "", map[string]any{"id": "x"}), 400, 3, "Slider track is required")
		h.want(h.post("/api/pc/v1/common/captcha/check", "", map[string]any{"id": "x", "track": "right"}), 400, 3, "not valid JSON")
		// Points are [x, y, ms]: the old [x, ms] is refused.
		old := [][2]float64{{0, 0}, {75, 100}, {150, 230}, {225, 310}, {300, 420}}
		h.want(h.post("/api/pc/v1/common/captcha/check", "", map[string]any{"id": "x", "track": old}), 400, 3, "not valid JSON")
		c := h.newCaptcha()
		h.clock.Add(3 * time.Minute)
		h.want(h.checkCaptcha(c, humanTrack(c.Width), solve(c)), 400, 3, "expired")

		// A ticket is single use and lives 2 minutes.
		tk := h.ticket()
		q := url.Values{"email": {"a@b.co"}, "scenes": {"register"}, "ticket": {tk}}
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", q), 200, 0, "")
		h.clock.Add(61 * time.Second)
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", q), 400, 3, "slider verification has expired")
		q.Set("ticket", "")
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", q), 400, 3, "complete the slider")
		q.Set("ticket", h.ticket())
		h.clock.Add(2*time.Minute + time.Second)
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", q), 400, 3, "slider verification has expired")
	})
}

func TestSliderProofOfWork(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		c := h.newCaptcha()
		if !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(c.Pow.Challenge) || c.Pow.Bits != account.DefaultPowBits {
			t.Fatalf("captcha/new answered %s, want pow {challenge: 32 hex digits, bits: %d}", c.raw, account.DefaultPowBits)
		}
		if c2 := h.newCaptcha(); c2.Pow.Challenge == c.Pow.Challenge || c2.ID == c.ID {
			t.Fatal("two challenges alike")
		}
		solve := func(c captcha) string { return account.SolvePow(c.Pow.Challenge, c.Pow.Bits) }
		// A missing, malformed or wrong nonce fails the check and spends the challenge.
		for name, mk := range map[string]func(c captcha) string{
			"missing": func(captcha) string { return "" },
			"wrong": func(c captcha) string {
				n := 0
				for account.PowOK(c.Pow.Challenge, strconv.Itoa(n), c.Pow.Bits) {
					n++
				}
				return strconv.Itoa(n)
			},
			"another challenge's": func(c captcha) string { return account.SolvePow("another challenge", c.Pow.Bits) },
			"signed":              func(c captcha) string { return "+" + solve(c) },
			"with a point":        func(c captcha) string { return solve(c) + ".0" },
			"spaced":              func(c captcha) string { return " " + solve(c) },
			"an exponent":         func(captcha) string { return "1e3" },
			"negative":            func(captcha) string { return "-1" },
			"over 20 digits":      func(captcha) string { return strings.Repeat("0", 21) },
		} {
			c := h.newCaptcha()
			nonce := mk(c)
			if name == "another challenge's" && account.PowOK(c.Pow.Challenge, nonce, c.Pow.Bits) {
				continue // 1 in 65536: it happens to answer this one too
			}
			if r := h.checkCaptcha(c, humanTrack(c.Width), nonce); r.Status != 400 || !strings.Contains(r.Msg, "Verification failed") {
				t.Fatalf("nonce %s (%q): got %d %q, want Verification failed", name, nonce, r.Status, r.Msg)
			}
			h.want(h.checkCaptcha(c, humanTrack(c.Width), solve(c)), 400, 3, "expired")
		}
		// The right nonce with a person's drag passes.
		r := h.checkCaptcha(c, humanTrack(c.Width), solve(c))
		h.want(r, 200, 0, "")

		// The bits are the server's setting; none is DefaultPowBits.
		store := &account.Store{DB: d}
		for set, want := range map[int]int{5: 5, 0: account.DefaultPowBits, 40: account.MaxPowBits} {
			got, err := store.NewCaptcha(context.Background(), "203.0.113.9", set, h.clock.Now())
			if err != nil || got.Pow.Bits != want || got.Width != account.CaptchaWidth {
				t.Fatalf("NewCaptcha(bits %d) = %+v, %v; want %d bits", set, got, err, want)
			}
		}
	})
}

func TestPowVectors(t *testing.T) {
	// The same figures guard the browser's solver (web/src/features/auth/model/pow.test.ts).
	const challenge = "00112233445566778899aabbccddeeff"
	for bits, want := range map[int]string{0: "0", 12: "1373", 16: "60803"} {
		if got := account.SolvePow(challenge, bits); got != want {
			t.Errorf("SolvePow(%d bits) = %s, want %s", bits, got, want)
		}
		if !account.PowOK(challenge, want, bits) {
			t.Errorf("PowOK(%s, %d bits) = false", want, bits)
		}
	}
	if account.PowOK(challenge, "1372", 12) || account.PowOK(challenge, "1373", 13) || account.PowOK(challenge, "012345678901234567890", 0) {
		t.Error("PowOK took a wrong nonce")
	}
}

func TestSliderTicketBoundToAddress(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.addr = "198.51.100.7"
		tk := h.ticket()
		q := url.Values{"email": {"a@b.co"}, "scenes": {"register"}, "ticket": {tk}}
		// Another address cannot spend it, and trying does not spend it either.
		h.addr = "203.0.113.50"
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", q), 400, 3, "slider verification has expired")
		h.want(h.post("/api/pc/v1/common/customer/login/email/pwd", "", map[string]any{"email": "a@b.co", "password": "password1", "ticket": tk}),
			400, 3, "slider verification has expired")
		h.addr = "198.51.100.7"
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", q), 200, 0, "Code sent")

		// The address is the one that passed the check.
		c := h.newCaptcha()
		h.addr = "203.0.113.50"
		r := h.checkCaptcha(c, humanTrack(c.Width), account.SolvePow(c.Pow.Challenge, c.Pow.Bits))
		h.want(r, 200, 0, "")
		var got struct{ Ticket string }
		_ = json.Unmarshal(r.Data, &got)
		h.addr = "198.51.100.7"
		q = url.Values{"email": {"b@b.co"}, "scenes": {"register"}, "ticket": {got.Ticket}}
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", q), 400, 3, "slider verification has expired")
		h.addr = "203.0.113.50"
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", q), 200, 0, "Code sent")
	})
}

func TestCheckTrack(t *testing.T) {
	// The points go through JSON as a request's would.
	pts := func(tr [][3]float64) []account.TrackPoint {
		b, _ := json.Marshal(tr)
		var out []account.TrackPoint
		if err := json.Unmarshal(b, &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	w := account.CaptchaWidth
	// The keyboard's positions are the web slider's (keyPosition in
	// web/src/features/auth/model/track-recorder.test.ts lists the same): a flat track
	// passes only on them, so the two must not drift apart.
	var xs []float64
	for _, p := range keyboardTrack(w) {
		xs = append(xs, p[0])
	}
	if want := []float64{0, 8.4, 31.2, 64.8, 105.6, 150, 194.4, 235.2, 268.8, 291.6, 300}; !slices.Equal(xs, want) {
		t.Fatalf("keyboard positions %v, want the web slider's %v", xs, want)
	}
	for name, tc := range map[string]struct {
		track [][3]float64
		ok    bool
	}{
		"a hand":               {humanTrack(w), true},
		"the keyboard":         {keyboardTrack(w), true},
		"a script":             {robotTrack(w), false},
		"a script, 0.1 steps":  {[][3]float64{{0, 0, 0}, {42.9, 0, 100}, {85.7, 0, 230}, {128.6, 0, 300}, {171.4, 0, 420}, {214.3, 0, 500}, {257.1, 0, 640}, {300, 0, 700}}, false},
		"one wobble is enough": {[][3]float64{{0, 0, 0}, {75, 0, 100}, {150, 1, 230}, {225, 0, 300}, {300, 0, 420}}, true},
		"evenly timed":         {[][3]float64{{0, 0, 0}, {60, 1, 100}, {160, 2, 200}, {225, 1, 300}, {300, 0, 400}}, false},
		// Flat tracks are the keyboard's: a flat one off the key positions is a script's,
		// whatever its steps (issue 29: this one passed).
		"flat, uneven steps":  {flatUnevenTrack, false},
		"flat, one uneven x":  {[][3]float64{{0, 0, 0}, {75, 0, 100}, {160, 0, 230}, {225, 0, 300}, {300, 0, 420}}, false},
		"flat, off the line":  {[][3]float64{{0, 5, 0}, {40, 5, 90}, {120, 5, 210}, {220, 5, 330}, {300, 5, 420}}, false},
		"never moves":         {stillTrack, false},
		"never moves, on end": {[][3]float64{{300, 0, 0}, {300, 0, 90}, {300, 0, 210}, {300, 0, 330}, {300, 0, 420}}, false},
		"begins half way":     {[][3]float64{{150, 0, 0}, {180, 1, 110}, {230, 2, 230}, {280, 1, 300}, {300, 0, 420}}, false},
		// The pointer's first move in the press's millisecond replaces the press's point.
		"a hand, first point moved":    {append([][3]float64{{1.5, 0.3, 0}}, humanTrack(w)[1:]...), true},
		"the keyboard, held":           {keyboardHeldTrack(w), true},
		"the keyboard, one back":       {keyboardBackTrack(w), true},
		"keys, one skipped":            {append(keyboardTrack(w)[:3:3], keyboardTrack(w)[4:]...), false},
		"keys, not from 0":             {keyboardTrack(w)[1:], false},
		"keys, then a jump to the end": {append(keyboardTrack(w)[:6:6], [3]float64{300, 0, 1100}), false},
	} {
		if got := account.CheckTrack(pts(tc.track), w); got != tc.ok {
			t.Errorf("%s: CheckTrack = %v, want %v", name, got, tc.ok)
		}
	}
}

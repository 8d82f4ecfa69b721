package accounttest

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/uniplus-pool/pool/internal/account"
)

// HumanTrack is a drag to the end of a slider of width as a hand makes it, in the
// [x, y, ms] points captcha/check takes: slow at the ends, about 660 ms, the pointer
// wobbling a little off the line, samples unevenly spaced.
func HumanTrack(width int) [][3]float64 {
	ys := []float64{0, 0.4, 0.9, 1.3, 1.1, 0.6, 0, -0.5, -0.8, -0.4, 0.2, 0.5, 0.5}
	var tr [][3]float64
	for i := 0; i <= 12; i++ {
		f := float64(i) / 12
		x := math.Round(float64(width)*f*f*(3-2*f)*10) / 10
		tr = append(tr, [3]float64{x, ys[i], float64(1000 + i*55 + (i*7)%5)})
	}
	return tr
}

// CaptchaCheck is the captcha/check body that passes the challenge captcha/new answered
// (data, its envelope's data): the proof of work solved and a person's drag, as the
// browser sends them.
func CaptchaCheck(t testing.TB, data []byte) map[string]any {
	t.Helper()
	var c account.Captcha
	if err := json.Unmarshal(data, &c); err != nil || c.ID == "" || c.Pow.Challenge == "" {
		t.Fatalf("accounttest: captcha/new answered %s (%v)", data, err)
	}
	return map[string]any{"id": c.ID, "track": HumanTrack(c.Width), "nonce": account.SolvePow(c.Pow.Challenge, c.Pow.Bits)}
}

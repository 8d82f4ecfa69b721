package account

import "testing"

// BenchmarkHashPassword is the cost of one login or registration on one core: it bounds
// how many password logins a second one api process can take.
func BenchmarkHashPassword(b *testing.B) {
	for b.Loop() {
		if _, err := HashPassword("correct horse battery", DefaultArgon2); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCheckTrack(b *testing.B) {
	var track []TrackPoint
	for i := 0; i <= 60; i++ {
		// A hand's drag: x eased, y wobbling, samples about 12 ms apart.
		f := float64(i) / 60
		track = append(track, TrackPoint{CaptchaWidth * f * f * (3 - 2*f), float64(i%5) / 2, float64(i*12 + i%3)})
	}
	for b.Loop() {
		if !CheckTrack(track, CaptchaWidth) {
			b.Fatal("rejected")
		}
	}
}

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
		track = append(track, TrackPoint{float64(CaptchaWidth*i) / 60, float64(i * 12)})
	}
	for b.Loop() {
		if !CheckTrack(track, CaptchaWidth) {
			b.Fatal("rejected")
		}
	}
}

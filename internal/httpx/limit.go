package httpx

import (
	"context"
	"net/http"
	"time"
)

// Allower is a rate limiter (ratelimit.Limiter), seen from here.
type Allower interface {
	Allow(ctx context.Context, bucket string, limit int, window time.Duration) (bool, error)
}

// LimitClient counts a request against its client address's bucket "prefix:address" and
// answers 429 past perMinute in the minute; a nil limiter counts nothing. Public reads that
// ask a node or scan tables use it.
func LimitClient(r *http.Request, l Allower, prefix string, perMinute int) error {
	if l == nil {
		return nil
	}
	ctx := r.Context()
	ok, err := l.Allow(ctx, prefix+":"+From(ctx).ClientAddr, perMinute, time.Minute)
	if err != nil {
		return err
	}
	if !ok {
		return TooManyRequests("")
	}
	return nil
}

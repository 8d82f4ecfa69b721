package explorer

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/scope"
)

// The ranking: the pool's miners (sub-accounts) by 24-hour hashrate or by blocks found in
// the last 30 days, masked (docs/explorer.md "What is public").
const (
	RankingSize   = 20
	RankingBlocks = 30 * 24 * time.Hour
)

// Ranked is one miner of the ranking.
type Ranked struct {
	SubAccountID int64
	UserID       int64
	Code         string
	HashRate24h  float64
	Blocks       int
}

// RankingKey keys the ranking's public ids: derived from the pool's secret key, so the id
// of a sub-account cannot be computed, nor a sub-account's number found from its id,
// without that key. (A hash of the number alone was undone for every small number in
// well under a second: issue 29.)
type RankingKey [sha256.Size]byte

// NewRankingKey derives the ranking's key from the pool's secret key (seal.LoadKey): a
// key of its own, so the ids are never computed with the key that seals observer links.
// With no secret (a test's handler) the key is random, for this process alone.
func NewRankingKey(secret []byte) RankingKey {
	if len(secret) == 0 {
		return processRankingKey()
	}
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("uniplus-ranking-id-key"))
	var k RankingKey
	m.Sum(k[:0])
	return k
}

var processRankingKey = sync.OnceValue(func() RankingKey {
	var k RankingKey
	_, _ = rand.Read(k[:]) // crypto/rand.Read never fails (Go 1.24)
	return k
})

// PublicID names a ranked miner in addresses without telling who it is: HMAC-SHA256 of
// the sub-account's number under k, its first 8 bytes in hex (the code, the user and
// the number itself are never shown). The same sub-account keeps its id for as long as
// the pool keeps its secret key, on every api process.
func (k RankingKey) PublicID(subAccountID int64) string {
	m := hmac.New(sha256.New, k[:])
	m.Write([]byte("uniplus-ranking:" + strconv.FormatInt(subAccountID, 10)))
	var sum [sha256.Size]byte
	return hex.EncodeToString(m.Sum(sum[:0])[:8])
}

// Ranking is every miner with work in the last 24 hours or a block in the last 30 days,
// sorted by by ("hashrate" or "blocks"), the other figure breaking ties.
func (e *Explorer) Ranking(ctx context.Context, c coin.Coin, by string, now time.Time) ([]Ranked, error) {
	work, err := e.Pool.DayWork(ctx, c.Type, now)
	if err != nil {
		return nil, err
	}
	found, err := e.Blocks.BlocksBySubAccount(ctx, c.Type, now.Add(-RankingBlocks))
	if err != nil {
		return nil, err
	}
	byID := map[int64]*Ranked{}
	for _, w := range work {
		byID[w.SubAccountID] = &Ranked{SubAccountID: w.SubAccountID, UserID: w.UserID, Code: w.Code,
			HashRate24h: hashrate.FromDifficulty(w.DiffSum, c.Algorithm, pool.DayWindow)}
	}
	for _, f := range found {
		r := byID[f.SubAccountID]
		if r == nil {
			r = &Ranked{SubAccountID: f.SubAccountID, UserID: f.UserID, Code: f.Code}
			byID[f.SubAccountID] = r
		}
		r.Blocks = f.Blocks
	}
	out := make([]Ranked, 0, len(byID))
	for _, r := range byID {
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b Ranked) int {
		ka, kb := [2]float64{a.HashRate24h, float64(a.Blocks)}, [2]float64{b.HashRate24h, float64(b.Blocks)}
		if by == "blocks" {
			ka, kb = [2]float64{float64(a.Blocks), a.HashRate24h}, [2]float64{float64(b.Blocks), b.HashRate24h}
		}
		for i := range ka {
			if ka[i] != kb[i] {
				if ka[i] > kb[i] {
					return -1
				}
				return 1
			}
		}
		return int(a.SubAccountID - b.SubAccountID)
	})
	return out, nil
}

type rankedView struct {
	Rank     int           `json:"rank"`
	ID       string        `json:"id"`
	Miner    string        `json:"miner"` // masked
	HashRate hashrate.Rate `json:"hashRate24h"`
	Share    float64       `json:"share"` // of the ranked miners' 24-hour hashrate, 0..1
	Blocks   int           `json:"blocks30d"`
}

// ranking: GET /api/pc/v1/explorer/ranking?currencyType&by=hashrate|blocks: the top RankingSize.
func (h *Handler) ranking(w http.ResponseWriter, r *http.Request) error {
	c, err := h.coinOf(r)
	if err != nil {
		return err
	}
	by := strings.TrimSpace(r.URL.Query().Get("by"))
	if by == "" {
		by = "hashrate"
	}
	if by != "hashrate" && by != "blocks" {
		return httpx.Invalid("explorer.field.by")
	}
	list, err := h.Explorer.Ranking(r.Context(), c, by, h.now())
	if err != nil {
		return err
	}
	total := 0.0
	for _, x := range list {
		total += x.HashRate24h
	}
	key := NewRankingKey(h.SecretKey)
	rows := make([]rankedView, 0, min(len(list), RankingSize))
	for i, x := range list[:min(len(list), RankingSize)] {
		share := 0.0
		if total > 0 {
			share = x.HashRate24h / total
		}
		rows = append(rows, rankedView{Rank: i + 1, ID: key.PublicID(x.SubAccountID), Miner: Mask(x.Code), HashRate: hashrate.New(x.HashRate24h),
			Share: share, Blocks: x.Blocks})
	}
	return httpx.OK(w, r, map[string]any{"by": by, "miners": len(list), "rows": rows})
}

type pointView struct {
	Time     int64         `json:"time"`
	HashRate hashrate.Rate `json:"hashRate"`
}

// rankingDetail: GET /api/pc/v1/explorer/ranking/detail?currencyType&id: one ranked miner's place,
// 24-hour chart and latest blocks.
func (h *Handler) rankingDetail(w http.ResponseWriter, r *http.Request) error {
	c, err := h.coinOf(r)
	if err != nil {
		return err
	}
	id := strings.TrimSpace(r.URL.Query().Get("id"))
	if id == "" {
		return httpx.Required("explorer.field.id")
	}
	ctx := r.Context()
	now := h.now()
	list, err := h.Explorer.Ranking(ctx, c, "hashrate", now)
	if err != nil {
		return err
	}
	key := NewRankingKey(h.SecretKey)
	i := slices.IndexFunc(list, func(x Ranked) bool { return key.PublicID(x.SubAccountID) == id })
	if i < 0 {
		return httpx.NotFound("explorer.minerNotFound")
	}
	x := list[i]
	pts, err := h.Explorer.Pool.UserHistory(ctx, scope.Scope{UserID: x.UserID, SubAccounts: []int64{x.SubAccountID}}, c.Type, c.Algorithm, pool.Range24h, now)
	if err != nil {
		return err
	}
	chart := make([]pointView, len(pts))
	for j, p := range pts {
		chart[j] = pointView{Time: p.Time, HashRate: hashrate.New(p.HashRate)}
	}
	found, err := h.Explorer.Blocks.SubAccountFound(ctx, c.Type, x.SubAccountID, 20)
	if err != nil {
		return err
	}
	blocks, err := h.poolBlockViews(ctx, found, c)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]any{"id": id, "miner": Mask(x.Code), "rank": i + 1, "hashRate24h": hashrate.New(x.HashRate24h),
		"blocks30d": x.Blocks, "chart": chart, "blocks": blocks})
}

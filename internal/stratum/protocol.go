package stratum

import (
	"context"
	"fmt"
	"time"
)

// Standard Stratum v1 error codes, as cgminer and every pool since use them.
const (
	CodeOther         = 20 // anything else, including malformed requests
	CodeJobNotFound   = 21 // job unknown or no longer current: the share is stale
	CodeDuplicate     = 22 // this share (its block header) was already submitted on this connection since the tip
	CodeLowDifficulty = 23 // the share does not meet its difficulty
	CodeUnauthorized  = 24 // the worker is not authorized on this connection
	CodeNotSubscribed = 25 // mining.subscribe has not been done
)

// Error is a Stratum error as sent to the miner: [code, message, null].
type Error struct {
	Code    int
	Message string
}

// Error implements error.
func (e *Error) Error() string { return fmt.Sprintf("stratum: error %d: %s", e.Code, e.Message) }

// Standard errors. A Handler may return them as they are; they must not be modified.
var (
	ErrStale         = &Error{CodeJobNotFound, "job not found"}
	ErrDuplicate     = &Error{CodeDuplicate, "duplicate share"}
	ErrLowDifficulty = &Error{CodeLowDifficulty, "low difficulty share"}
	ErrUnauthorized  = &Error{CodeUnauthorized, "unauthorized worker"}
	ErrNotSubscribed = &Error{CodeNotSubscribed, "not subscribed"}
)

// Job is one unit of work as mining.notify carries it. The server never changes a Job
// after Broadcast; neither may anyone else.
type Job struct {
	ID           string
	PrevHash     [32]byte   // previous block hash in header byte order
	Coinb1       []byte     // coinbase transaction up to extranonce1
	Coinb2       []byte     // coinbase transaction after extranonce2
	MerkleBranch [][32]byte // hashes to fold the coinbase hash with, in header byte order
	Version      uint32
	NBits        uint32
	NTime        uint32
	CleanJobs    bool // earlier jobs are void: miners drop them, the server answers their shares stale
	CreatedAt    time.Time
	// PerWorker, when set, gives each connection its own coinbase (a solo port pays each
	// miner's block to the miner's address), by the connection as it is when the job goes
	// out (its id and first authorized worker): the job goes out with those parts instead
	// of Coinb1 and Coinb2, and a connection for which it answers false gets no job.
	PerWorker func(s *SessionInfo) (coinb1, coinb2 []byte, ok bool)
	// Header is the work of a header-work dialect (IronFish, Kaspa: Config.Dialect), whose
	// node built the whole block: what the miner hashes, in the dialect's form (IronFish
	// the 180-byte header with zero randomness; Kaspa the pre-PoW hash and the timestamp,
	// 8 bytes little-endian). Such a job has no coinbase, branch, version, nbits or ntime.
	Header []byte
}

// Share is a mining.submit that passed the protocol checks, for Handler.Submit to judge.
type Share struct {
	Worker      string
	Job         *Job
	Extranonce1 []byte // shared with SessionInfo: do not modify
	Extranonce2 []byte
	NTime       uint32
	Nonce       uint32
	Version     uint32 // the job's version with the rolled bits applied
	// HeaderNonce is the nonce of a header-work dialect's share, the connection's
	// extranonce1 in its top bytes: IronFish's 8-byte randomness read big-endian, Kaspa's
	// nonce. Zero on Stratum v1.
	HeaderNonce uint64
	Difficulty  float64 // the difficulty this connection had when the job was sent to it
	ReceivedAt  time.Time
}

// RejectObserver may be implemented by a Handler to be told of shares the protocol checks
// refused before Submit saw them (stale, duplicate, malformed, bad ntime or version), so
// that per-worker statistics count them. It is called only for workers authorized on the
// connection, and must not block.
type RejectObserver interface {
	Rejected(s *SessionInfo, worker string, difficulty float64, e *Error)
}

// SubmitResult is a Handler's verdict on a share.
type SubmitResult struct {
	Accepted bool
	Err      *Error // why not accepted; nil means a plain "rejected" (code 20)
	Block    bool   // the share was a block candidate
}

// SessionInfo describes a connection. The server hands each Handler call a snapshot that
// it never changes afterwards; the Handler must not change it either.
type SessionInfo struct {
	ID             uint64
	RemoteAddr     string
	UserAgent      string
	Extranonce1    []byte
	Worker         string // first worker authorized on the connection, "" before
	Difficulty     float64
	VersionRolling bool
	VersionMask    uint32 // negotiated mask when VersionRolling
	ConnectedAt    time.Time
}

// Handler is the mining engine as the protocol sees it. The server calls it from the
// connection's own goroutine, one call at a time per connection, with a context that
// ends when the connection does.
type Handler interface {
	// Authorize decides a mining.authorize; a non-nil *Error refuses it (sent to the miner).
	// The same connection may authorize several workers. A refusal with CodeUnauthorized
	// says the name is wrong and counts as an offence of the client's address toward its
	// ban (names must not be probed without limit); any other refusal (the pool could not
	// check the name) does not.
	Authorize(ctx context.Context, s *SessionInfo, worker, password string) error
	// Submit judges a share that passed the protocol checks (job known, not duplicate,
	// ntime and version within rules). It does the PoW check.
	Submit(ctx context.Context, s *SessionInfo, sh Share) SubmitResult
	// Disconnected is told when a connection ends, once, after every other call for it
	// has returned.
	Disconnected(s *SessionInfo)
}

// Stats are a Server's counters: live gauges and totals since it started.
type Stats struct {
	Connections     int // live connections
	Authorized      int // live connections with at least one authorized worker
	SharesAccepted  uint64
	SharesRejected  uint64 // rejected for any reason other than stale or duplicate
	SharesStale     uint64 // code 21
	SharesDuplicate uint64 // code 22
	Blocks          uint64 // accepted shares that the Handler called block candidates
	Banned          int    // addresses refused at accept right now
	Bans            uint64 // bans issued
	Refused         uint64 // connections refused at accept (banned address or a connection cap)
	// Rejections counts refused shares by reason (RejectReason of the error code), stale
	// and duplicate included.
	Rejections map[string]uint64
	// ConnectionsByListener is the live connections of each listener, by its address.
	ConnectionsByListener map[string]int
	DifficultyChanges     uint64 // set_difficulty changes by vardiff, suggestions and version rolling
}

package stratum

import (
	"crypto/sha256"
	"encoding/binary"
)

// jobBook is the set of jobs whose shares are still judged: those broadcast since the
// last clean one, at most JobHistory of them. A book is never changed once published;
// Broadcast publishes a new one, so submits read it without a lock.
type jobBook struct {
	jobs    []*Job // oldest first
	byID    map[string]*Job
	prints  map[*Job]jobPrint
	current *Job // the newest; what a newly authorized connection gets
}

// with returns the book after j is broadcast.
func (b *jobBook) with(j *Job, history int) *jobBook {
	n := &jobBook{byID: make(map[string]*Job, history), prints: make(map[*Job]jobPrint, history), current: j}
	if b != nil && !j.CleanJobs {
		for _, old := range b.jobs {
			// A job id that comes again replaces the job it named.
			if old.ID != j.ID {
				n.jobs = append(n.jobs, old)
			}
		}
	}
	n.jobs = append(n.jobs, j)
	if len(n.jobs) > history {
		n.jobs = n.jobs[len(n.jobs)-history:]
	}
	for _, x := range n.jobs {
		n.byID[x.ID] = x
		if p, ok := b.print(x); ok {
			n.prints[x] = p
		} else {
			n.prints[x] = printJob(x)
		}
	}
	return n
}

// live says whether j is still judged.
func (b *jobBook) live(j *Job) bool { return b != nil && b.byID[j.ID] == j }

// print is j's print as the book keeps it.
func (b *jobBook) print(j *Job) (jobPrint, bool) {
	if b == nil {
		return jobPrint{}, false
	}
	p, ok := b.prints[j]
	return p, ok
}

// jobPrint is what of a job goes into the block header a share makes, besides the share's
// own extranonce2, ntime, nonce and version and the connection's extranonce1. Two jobs
// with the same work value give the same header for the same share, so a connection keeps
// the shares it sent by work value rather than by job: the same solution sent under two
// jobs identical but for their id (a refresh on a quiet chain) is a duplicate, not a
// second share.
type jobPrint struct {
	base [32]byte // SHA-256 of the previous hash, nbits and merkle branch
	work uint64   // workValue of base and the job's own coinbase parts (not for PerWorker jobs)
}

func printJob(j *Job) jobPrint {
	if j.Header != nil { // header work: the header is the whole work
		var p jobPrint
		p.base = sha256.Sum256(j.Header)
		p.work = binary.LittleEndian.Uint64(p.base[:8])
		return p
	}
	h := sha256.New()
	h.Write(j.PrevHash[:])
	h.Write(binary.LittleEndian.AppendUint32(nil, j.NBits))
	h.Write(binary.AppendUvarint(nil, uint64(len(j.MerkleBranch))))
	for _, m := range j.MerkleBranch {
		h.Write(m[:])
	}
	var p jobPrint
	h.Sum(p.base[:0])
	if j.PerWorker == nil {
		p.work = workValue(&p.base, j.Coinb1, j.Coinb2)
	}
	return p
}

// workValue names the header a job makes with coinbase parts coinb1 and coinb2: 64 bits of
// a SHA-256, so two different works of one connection share a value with a chance of
// about 2^-64 (and that only makes a share a false duplicate: it never lets one be paid
// twice, since the same header always has the same value).
func workValue(base *[32]byte, coinb1, coinb2 []byte) uint64 {
	h := sha256.New()
	h.Write(base[:])
	h.Write(binary.AppendUvarint(nil, uint64(len(coinb1))))
	h.Write(coinb1)
	h.Write(coinb2)
	var sum [32]byte
	return binary.LittleEndian.Uint64(h.Sum(sum[:0]))
}

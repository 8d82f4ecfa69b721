package stratum

// jobBook is the set of jobs whose shares are still judged: those broadcast since the
// last clean one, at most JobHistory of them. A book is never changed once published;
// Broadcast publishes a new one, so submits read it without a lock.
type jobBook struct {
	jobs    []*Job // oldest first
	byID    map[string]*Job
	current *Job // the newest; what a newly authorized connection gets
}

// with returns the book after j is broadcast.
func (b *jobBook) with(j *Job, history int) *jobBook {
	n := &jobBook{byID: make(map[string]*Job, history), current: j}
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
	}
	return n
}

// live says whether j is still judged.
func (b *jobBook) live(j *Job) bool { return b != nil && b.byID[j.ID] == j }

package stratum

import (
	"encoding/hex"
	"encoding/json"
	"strconv"
	"time"
)

// The parts of a session that only the header-work dialects (dialect.go) have.

// handleIronFishLine answers one line of the IronFish dialect.
func (ss *session) handleIronFishLine(line []byte, params []json.RawMessage) (closeReason, bool) {
	req, err := parseIronFish(line, params)
	if err != nil {
		ss.enqueue(appendIronFishError(nil, ss.msgSeq.Add(1), json.RawMessage("0"), &Error{CodeOther, "parse error"}), false)
		return ss.junkLine()
	}
	switch req.Method {
	case "mining.subscribe":
		return ss.onIronFishSubscribe(req)
	case "mining.submit":
		return ss.onSubmit(req)
	case "mining.get_status":
		ss.onIronFishStatus()
		return closeReason{}, false
	}
	ss.replyError(req, &Error{CodeOther, "unknown method"})
	return ss.junkLine()
}

// ironFishSubscribe is the body of the IronFish mining.subscribe.
type ironFishSubscribe struct {
	Version       *int   `json:"version"`
	Name          string `json:"name"`
	PublicAddress string `json:"publicAddress"`
	Agent         string `json:"agent"`
}

// onIronFishSubscribe is subscribe and authorize in one: the miner's name is its worker
// ("subaccount.rig"), and its public address, which IronFish's own pools pay, is only
// checked for form: this pool pays the sub-account's own addresses.
func (ss *session) onIronFishSubscribe(req request) (closeReason, bool) {
	var body ironFishSubscribe
	if len(req.Params) != 1 || json.Unmarshal(req.Params[0], &body) != nil || body.Version == nil {
		return ss.malformed(req, "want {version, publicAddress, name}")
	}
	if v := *body.Version; v != ironFishVersion {
		ss.replyError(req, &Error{CodeOther, "Client version " + strconv.Itoa(v) + " is not handled by this server"})
		ss.enqueue(appendIronFishMessage(nil, ss.msgSeq.Add(1), "mining.disconnect",
			[]byte(`{"reason":"bad_version","versionExpected":`+strconv.Itoa(ironFishVersion)+`}`)), false)
		return closeReason{text: "ironfish stratum version " + strconv.Itoa(v)}, true
	}
	if !isIronFishAddress(body.PublicAddress) {
		return ss.malformed(req, "publicAddress must be an IronFish public address (64 hex digits)")
	}
	if body.Name == "" {
		ss.replyError(req, &Error{CodeUnauthorized, "name the miner after its worker: subaccount.rig"})
		return ss.refusedAuthorize("")
	}
	ua := body.Agent
	if ua == "" {
		ua = "ironfish-miner/" + strconv.Itoa(ironFishVersion)
	}
	ua = cutUserAgent(ua)
	ss.mu.Lock()
	if !ss.subscribed {
		ss.subscribed = true
		ss.updateInfoLocked(func(i *SessionInfo) { i.UserAgent = ua })
	}
	ss.mu.Unlock()
	return ss.authorize(req, body.Name, body.PublicAddress, func() {
		b := make([]byte, 0, 48)
		b = append(b, `{"clientId":`...)
		b = strconv.AppendUint(b, ss.id, 10)
		b = append(b, `,"xn":"`...)
		b = appendHexBytes(b, ss.en1)
		b = append(b, `"}`...)
		ss.enqueue(appendIronFishMessage(nil, ss.msgSeq.Add(1), "mining.subscribed", b), false)
	})
}

// isIronFishAddress checks an IronFish public address's form: 32 bytes in hex. (Whether
// it is a point of the curve only the SDK can tell; nothing is paid to it here.)
func isIronFishAddress(s string) bool {
	if len(s) != 64 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// HashRater may be implemented by a Handler to give the pool's hash rate (H/s) that the
// IronFish dialect's mining.status reports.
type HashRater interface {
	HashRate() float64
}

// onIronFishStatus answers mining.get_status with the pool's figures.
func (ss *session) onIronFishStatus() {
	st := ss.srv.Stats()
	var rate float64
	if hr, ok := ss.srv.h.(HashRater); ok {
		rate = hr.HashRate()
	}
	b := make([]byte, 0, 128)
	b = append(b, `{"name":`...)
	b = appendJSONString(b, ss.srv.cfg.PoolName)
	b = append(b, `,"hashRate":`...)
	b = strconv.AppendFloat(b, rate, 'f', 0, 64)
	b = append(b, `,"miners":`...)
	b = strconv.AppendInt(b, int64(st.Authorized), 10)
	b = append(b, `,"clients":`...)
	b = strconv.AppendInt(b, int64(st.Connections), 10)
	b = append(b, `,"bans":`...)
	b = strconv.AppendInt(b, int64(st.Banned), 10)
	// Pay per share: a share is credited when accepted, so none wait.
	b = append(b, `,"sharesPending":0}`...)
	ss.enqueue(appendIronFishMessage(nil, ss.msgSeq.Add(1), "mining.status", b), false)
}

// onKaspaSubscribe answers the Kaspa mining.subscribe, and picks the notify form by the
// miner's user agent.
func (ss *session) onKaspaSubscribe(req request) {
	ua := ss.userAgent(req)
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if !ss.subscribed {
		ss.subscribed = true
		ss.bigJob = kaspaBigJob.MatchString(ua)
		ss.updateInfoLocked(func(i *SessionInfo) { i.UserAgent = ua })
	}
	ss.reply(req, []byte(`[true,"EthereumStratum/1.0.0"]`))
	ss.maybeReadyLocked()
}

// ironFishSubmit is the body of the IronFish mining.submit.
type ironFishSubmit struct {
	MiningRequestID json.Number `json:"miningRequestId"`
	Randomness      string      `json:"randomness"`
}

// checkHeaderShare is checkShare for the header-work dialects: subscribed, worker
// authorized, well-formed, job known, the nonce within the connection's extranonce, not a
// duplicate.
func (ss *session) checkHeaderShare(req request, recv time.Time) (Share, *SessionInfo, *Error) {
	var worker, wireID, nonceHex string
	kaspa := ss.srv.cfg.Dialect == DialectKaspa
	if kaspa {
		// [worker, job, nonce]; some miners add fields after.
		var ok1, ok2, ok3 bool
		worker, ok1 = req.paramString(0)
		wireID, ok2 = req.paramString(1)
		nonceHex, ok3 = req.paramString(2)
		if !ok1 || !ok2 || !ok3 {
			return Share{}, nil, &Error{CodeOther, "malformed mining.submit: want [worker, job, nonce]"}
		}
	} else {
		ok := len(req.Params) == 1
		if ok {
			wireID, nonceHex, ok = parseIronFishSubmit(req.Params[0])
		}
		if !ok {
			return Share{}, nil, &Error{CodeOther, "malformed mining.submit: want {miningRequestId, randomness}"}
		}
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if !ss.subscribed {
		return Share{}, nil, ErrNotSubscribed
	}
	if !kaspa {
		worker = ss.worker
	}
	if worker == "" || !ss.authorizedLocked(worker) {
		return Share{}, nil, ErrUnauthorized
	}
	nonce, e := parseHeaderNonce(nonceHex, ss.en1, kaspa)
	if e != nil {
		return Share{}, nil, e
	}
	sj, ok := ss.sentLocked(wireID)
	if !ok || !ss.srv.book.Load().live(sj.job) {
		return Share{}, nil, ErrStale
	}
	if e := ss.rememberLocked(sj.work, shareKey{en2: nonce}); e != nil {
		return Share{}, nil, e
	}
	return Share{
		Worker: worker, Job: sj.job, Extranonce1: ss.en1, HeaderNonce: nonce,
		Difficulty: sj.diff, ReceivedAt: recv,
	}, ss.info, nil
}

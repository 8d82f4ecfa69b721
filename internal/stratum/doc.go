// Package stratum speaks Stratum v1, the line-delimited JSON-RPC that mining hardware
// uses to fetch work from a pool and hand back shares.
//
// The package knows the wire protocol and nothing else: framing, sessions, extranonce1
// assignment, version rolling (BIP310), per-connection variable difficulty, the protocol
// checks on mining.submit (job known, not a duplicate, ntime and version within the rules),
// junk and flood protection, and bans. It never hashes and never touches a database. The
// mining engine plugs in through a Handler: it decides authorizations, judges the shares
// that passed the protocol checks (proof of work, blocks, accounting) and hears when a
// connection ends. It feeds work in with Server.Broadcast.
//
// A session goes: mining.configure (optional) and mining.subscribe, then
// mining.authorize; once both are done the server sends mining.set_difficulty and then
// mining.notify with the current job, and from then on every broadcast job and every
// difficulty change. Client is the other end of the same protocol, for the simulated
// fleet and for tests.
package stratum

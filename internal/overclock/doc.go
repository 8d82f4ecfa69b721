// Package overclock owns GPU overclocking in pool mode (SPEC sections 3, 5, 6 and 8;
// docs/mining.md "Overclocking"): a user's overclock templates, requests to apply one to
// chosen devices or to put them back to factory settings, and the device agent's side
// (pull the pending request, acknowledge it). It owns the tables overclock_templates and
// overclock_devices; devices and the agent's Uniplus ID are the pool's, reached through
// pool.Store.DevicesOf, pool.Store.AgentDevice, pool.AgentAuth and pool.AgentSubAccount.
//
// Decisions where the specification is silent:
//
//   - A template: name (1-20 characters, trimmed, no control or bidi formatting
//     characters (internal/textcheck); unique per user and coin), coin (must exist and
//     have gpuOverclockingFlag at create and edit), gpuCategory (NVIDIA or AMD: the
//     vendor decides which tool applies the values and in which scale they are; a model
//     family would be free text nothing reads, and the template's name can say it), and
//     six integer settings, null when unset, at least one set (SPEC section 5):
//     coreClock (core offset, MHz, -5000..5000), coreClockLock (locked core clock, MHz,
//     0..5000), memClock (memory offset, -10000..10000), memClockLock (locked memory clock,
//     0..30000), power (W, 0..1000; 0 = factory power limit), fan (%, 0..100; 0 = automatic,
//     the factory behaviour). "Core frequency divisible by 15" applies to both core values,
//     coreClock and coreClockLock (negative offsets too). Memory values are double what a
//     tuning tool shows (SPEC section 5: the page says so beside the fields); the server
//     stores and sends them as typed, and converting to a tool's scale is the agent's. A
//     lock of 0 means no lock. A user has at most MaxTemplatesPerUser templates.
//   - Apply {templateId, deviceIds} and cancel {deviceIds} (factory settings) are all or
//     nothing: every device must be a live device of the caller's sub-accounts (otherwise
//     404 "no such device", the same for unknown, removed and someone else's ids), on a
//     coin with gpuOverclockingFlag (otherwise SPEC section 8's "Coin does not support
//     overclocking", naming the coin, in the request language), and, for apply, mining
//     the template's coin. A refused call writes nothing. At most MaxDevicesPerCall ids
//     a call; repeated ids count once.
//   - Each apply or cancel gives each device a new request: state pending, version one
//     more than its last, and a JSON snapshot of the six values, so that editing or
//     deleting the template later never changes what a rig was told. A device never sent
//     anything shows state none (factory settings).
//   - Deleting a template is allowed while devices have it applied or pending: rigs keep
//     what they were sent (the snapshot is still delivered), and their requests keep the
//     template's name but no longer its id. Putting rigs back is cancel's job.
//   - The agent pulls GET /api/agent/v1/overclock/pending?worker=<suffix or full name>:
//     data null when nothing is pending (or the worker has no live device yet), else
//     {version, factory, coreClock, coreClockLock, memClock, memClockLock, power, fan}.
//     It answers POST /api/agent/v1/overclock/ack {worker, version, status: applied |
//     failed, message}: the request of that version takes it only while it is pending, so
//     a late answer to an older version, or a second answer, changes nothing (data.accepted
//     false, with the device's current version and state). The message is kept cleaned:
//     control and bidi formatting characters dropped, at most MaxMessage characters (longer ones are cut, not
//     refused: the agent's own limit is larger). Both calls authenticate like reports
//     (x-uniplus-id; the worker must be the ID's sub-account's) and share their rate
//     limit.
//   - A pending request is delivered whatever happened to the coin's flag since: the
//     user asked while it was allowed.
//   - Templates list newest first, paged with SPEC section 9's page sizes, optionally by
//     coin (an unknown coin is refused; a coin whose flag is off still lists).
package overclock

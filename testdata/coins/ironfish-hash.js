// The IronFish SDK as the judge of internal/chain/ironfish: the Go tests start this script
// once and talk to it in lines of JSON, one request in, one answer out, in order, so that
// thousands of cases cost one node process.
//
// Requests ({"op": ...}) and answers:
//   header     {randomness, sequence, previousBlockHash, noteCommitment,
//               transactionCommitment, target, timestamp, graffiti}: a real SDK BlockHeader
//               built from these fields (randomness and target as decimal strings, hashes
//               and graffiti as hex, timestamp in milliseconds), hashed by the SDK's
//               BlockHasher under devnet consensus (Blake3). Answers
//               {blake3, serialize, fishHash, hash, meets}: the hasher's serialization, the
//               header's own serialize(), serializeHeaderFishHash, the hash, and
//               verifyTarget().
//   difficulty {difficulty}: Target.fromDifficulty. Answers {target} (decimal) and
//               {poolTarget}: the hex the SDK's MiningPool sends in mining.set_target for
//               that poolDifficulty.
//   target     {target}: Target.toDifficulty. Answers {difficulty} (decimal) and
//               {number}: Number(difficulty).
//   genesis    {network: devnet|testnet|mainnet}: the network's genesis header fields from
//               the SDK's definitions, its 180-byte serialization and its Blake3 hash.
//   retarget   {network, sequence, time, prevTime, prevTarget}: Target.calculateTarget under
//               that network's consensus (times in ms, the target decimal), as the verifier
//               checks a header's target. Answers {target} (decimal) and {consensus}: the
//               network's consensus parameters.
//   mine       {header, target, xn, miningRequestId}: @ironfish/rust-nodejs's miner
//               (ThreadPoolHandler, Blake3) on a 180-byte header with the xn prefix written
//               over its randomness, as MiningPoolMiner does. Answers {randomness,
//               miningRequestId} from getFoundBlock.
// A request that fails is answered {error}.
'use strict'

const readline = require('readline')
const { BlockHeader, Target } = require('@ironfish/sdk')
const { BlockHasher, serializeHeaderBlake3, serializeHeaderFishHash } = require('@ironfish/sdk/build/src/blockHasher')
const { Consensus } = require('@ironfish/sdk/build/src/consensus')
const { BigIntUtils } = require('@ironfish/sdk/build/src/utils/bigint')
const { DEVNET } = require('@ironfish/sdk/build/src/networks/definitions/devnet')
const { TESTNET } = require('@ironfish/sdk/build/src/networks/definitions/testnet')
const { MAINNET } = require('@ironfish/sdk/build/src/networks/definitions/mainnet')
const { blake3 } = require('@napi-rs/blake-hash')
const { ThreadPoolHandler } = require('@ironfish/rust-nodejs')

// Devnet never activates FishHash, so this hasher is the Blake3 one and builds no FishHash
// context.
const devnetHasher = new BlockHasher({ consensus: new Consensus(DEVNET.consensus) })

let miner = null

function rawHeader(h) {
  return {
    sequence: h.sequence,
    previousBlockHash: Buffer.from(h.previousBlockHash, 'hex'),
    noteCommitment: Buffer.from(h.noteCommitment, 'hex'),
    transactionCommitment: Buffer.from(h.transactionCommitment, 'hex'),
    target: new Target(BigInt(h.target)),
    randomness: BigInt(h.randomness),
    timestamp: new Date(h.timestamp),
    graffiti: Buffer.from(h.graffiti, 'hex'),
  }
}

function header(req) {
  const raw = rawHeader(req)
  const hash = devnetHasher.hashHeader(raw)
  const bh = new BlockHeader(raw, hash)
  return {
    blake3: devnetHasher.serializeHeader(bh).toString('hex'),
    serialize: bh.serialize().toString('hex'),
    fishHash: serializeHeaderFishHash(bh).toString('hex'),
    hash: bh.hash.toString('hex'),
    meets: bh.verifyTarget(),
  }
}

function genesis(req) {
  const net = { devnet: DEVNET, testnet: TESTNET, mainnet: MAINNET }[req.network]
  if (!net) throw new Error(`unknown network ${req.network}`)
  const g = net.genesis.header
  const raw = {
    sequence: g.sequence,
    previousBlockHash: Buffer.from(g.previousBlockHash, 'hex'),
    noteCommitment: g.noteCommitment,
    transactionCommitment: g.transactionCommitment,
    target: new Target(g.target),
    randomness: BigInt(g.randomness),
    timestamp: new Date(g.timestamp),
    graffiti: Buffer.from(g.graffiti, 'hex'),
  }
  // Genesis (sequence 1) comes before every network's FishHash activation, so it is
  // Blake3-hashed everywhere; the mainnet and testnet hashers are not built because they
  // would build a FishHash context for nothing.
  const serialized = serializeHeaderBlake3(raw)
  const out = {
    sequence: raw.sequence,
    previousBlockHash: raw.previousBlockHash.toString('hex'),
    noteCommitment: raw.noteCommitment.toString('hex'),
    transactionCommitment: raw.transactionCommitment.toString('hex'),
    target: raw.target.asBigInt().toString(),
    randomness: raw.randomness.toString(),
    timestamp: raw.timestamp.getTime(),
    graffiti: raw.graffiti.toString('hex'),
    serialized: serialized.toString('hex'),
    hash: blake3(serialized).toString('hex'),
  }
  if (net === DEVNET) {
    out.hasherHash = devnetHasher.hashHeader(raw).toString('hex')
  }
  return out
}

function difficulty(req) {
  const d = BigInt(req.difficulty)
  const t = Target.fromDifficulty(d)
  return {
    target: t.asBigInt().toString(),
    // As MiningPool's constructor turns poolDifficulty into the set_target it sends.
    poolTarget: BigIntUtils.writeBigU256BE(t.asBigInt()).toString('hex'),
  }
}

function target(req) {
  const d = new Target(BigInt(req.target)).toDifficulty()
  return { difficulty: d.toString(), number: Number(d) }
}

function retarget(req) {
  const net = { devnet: DEVNET, testnet: TESTNET, mainnet: MAINNET }[req.network]
  if (!net) throw new Error(`unknown network ${req.network}`)
  const consensus = new Consensus(net.consensus)
  const t = Target.calculateTarget(consensus, req.sequence, new Date(req.time), new Date(req.prevTime), new Target(BigInt(req.prevTarget)))
  return { target: t.asBigInt().toString(), consensus: net.consensus }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

async function mine(req) {
  if (miner === null) {
    // One thread, pause after a find, Blake3 only (no FishHash context).
    miner = new ThreadPoolHandler(1, 10000, true, false, false)
  }
  const headerBytes = Buffer.from(req.header, 'hex')
  const xn = Buffer.from(req.xn, 'hex')
  // What MiningPoolMiner.newWork does with a mining.notify header under Blake3.
  headerBytes.set(xn, 0)
  miner.newWork(headerBytes, Buffer.from(req.target, 'hex'), req.miningRequestId, false, xn.byteLength)
  for (;;) {
    const found = miner.getFoundBlock()
    if (found != null && found.miningRequestId === req.miningRequestId) {
      return { randomness: found.randomness, miningRequestId: found.miningRequestId }
    }
    if (found == null) {
      await sleep(1)
    }
  }
}

const ops = { header, genesis, difficulty, target, retarget, mine }

async function main() {
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity })
  for await (const line of rl) {
    if (line.trim() === '') continue
    let answer
    try {
      const req = JSON.parse(line)
      const op = ops[req.op]
      if (!op) throw new Error(`unknown op ${req.op}`)
      answer = await op(req)
    } catch (e) {
      answer = { error: String(e && e.stack ? e.stack : e) }
    }
    process.stdout.write(JSON.stringify(answer) + '\n')
  }
  if (miner !== null) miner.stop()
}

main().catch((e) => {
  process.stderr.write(String(e && e.stack ? e.stack : e) + '\n')
  process.exit(1)
})

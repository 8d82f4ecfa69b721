'use strict'
// IronFish's own pool miner, unmodified: the SDK's MiningPoolMiner hashing through
// @ironfish/rust-nodejs, connected by its StratumTcpClient to the pool under test.
//
//   node ironfish-miner.js <host> <port> <worker name> [threads]
//
// It mines with Blake3 (devnet: FishHash is never active there) for a fresh public
// address, logs what the SDK logs to stderr, and prints one JSON line a second on stdout
// with the miner's own hash rate: {"hashRate": H/s over the last 5 s, "average": H/s since
// it started, "found": shares found, "answered": shares the pool answered}. It exits when
// stdin closes, so a test that dies takes it along.
const { MiningPoolMiner, StratumTcpClient, createRootLogger } = require('@ironfish/sdk')
const { generateKey } = require('@ironfish/rust-nodejs')

const [host, port, name, threads] = process.argv.slice(2)
if (!host || !port || !name) {
  console.error('usage: node ironfish-miner.js <host> <port> <worker name> [threads]')
  process.exit(2)
}
const logger = createRootLogger()
logger.level = 3 // info
// The SDK logs through consola; keep stdout for our JSON lines.
logger.setReporters([{ log: (o) => process.stderr.write(`${o.args.join(' ')}\n`) }])

const stratum = new StratumTcpClient({ host, port: Number(port), logger })
const miner = new MiningPoolMiner({
  threadCount: Number(threads || 1),
  batchSize: 10000,
  logger,
  publicAddress: generateKey().publicAddress,
  stratum,
  name,
  fishHashFullContext: false,
  blake3: true,
})
let shares = 0
stratum.onSubmitted.on(() => shares++)
const submit = stratum.submit.bind(stratum)
let found = 0
stratum.submit = (id, randomness) => { found++; submit(id, randomness) }
miner.start()
// The average is the mean of the meter's 1-second figures since the first hash: the
// meter's own avg is a slow moving average that starts from zero.
let sum = 0
let seconds = 0
const tick = setInterval(() => {
  const rate = miner.hashRate.rate1s
  if (rate > 0 || seconds > 0) {
    sum += rate
    seconds++
  }
  const average = seconds ? sum / seconds : 0
  process.stdout.write(JSON.stringify({ hashRate: miner.hashRate.rate5s, average, found, answered: shares }) + '\n')
}, 1000)
const stop = () => { clearInterval(tick); miner.stop(); setTimeout(() => process.exit(0), 200) }
process.stdin.on('end', stop)
process.stdin.on('close', stop)
process.stdin.resume()
process.on('SIGTERM', stop)

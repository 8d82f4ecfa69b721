// An IronFish devnet full node (the SDK's own FullNode) for the Go tests of
// internal/chain/ironfishrpc and of anything that needs a real IronFish node.
//
//   node ironfish-node.js DATADIR [ACCOUNT]
//
// Starts a node on devnet (network id 2: Blake3 proof of work, genesis difficulty 131072,
// no peers, no syncing) with RPC over plain TCP on 127.0.0.1 and a port the system picks,
// makes sure the wallet has the account ACCOUNT ("pool" when not given) and that it is the
// default account, which receives every template's miner fee, and prints one line:
//
//   READY {"rpcHost":"127.0.0.1","rpcPort":N,"account":"pool","publicAddress":"...",
//          "networkId":2,"dataDir":"...","pid":N,"sdkVersion":"2.12.0"}
//
// Everything else the SDK logs goes to stderr. The node stops cleanly on SIGTERM or SIGINT,
// or when stdin closes, so a Go test that dies without cleanup does not leave it running.
// A data dir used before is opened as it is: its chain and wallet carry over.
//
// Plain TCP RPC in SDK 2.12.0 never asks for the auth token (RpcTcpAdapter turns
// authentication off; only the TLS adapter checks rpcAuthToken), so none is set here.
'use strict'

const path = require('path')
const { IronfishSdk, NodeUtils } = require('@ironfish/sdk')

async function main() {
  const dataDir = process.argv[2]
  const accountName = process.argv[3] || 'pool'
  if (!dataDir) {
    throw new Error('usage: node ironfish-node.js DATADIR [ACCOUNT]')
  }

  // The SDK's logger writes to stdout; stdout carries only the READY line for the Go side.
  const writeOut = process.stdout.write.bind(process.stdout)
  process.stdout.write = (chunk, ...rest) => process.stderr.write(chunk, ...rest)

  const sdk = await IronfishSdk.init({
    dataDir: path.resolve(dataDir),
    configOverrides: {
      networkId: 2,
      enableRpc: true,
      enableRpcTcp: true,
      enableRpcTls: false,
      enableRpcIpc: false,
      enableRpcHttp: false,
      rpcTcpHost: '127.0.0.1',
      rpcTcpPort: 0,
      enableListenP2P: false,
      bootstrapNodes: [],
      enableSyncing: false,
      enableTelemetry: false,
      enableMetrics: false,
      // No network here: the verified-assets list cannot be fetched, and nothing needs it.
      enableAssetVerification: false,
      // Without peers the node counts as not synced; mining must go on anyway.
      miningForce: true,
      logLevel: '*:warn',
    },
    internalOverrides: { networkId: 2 },
  })

  const node = await sdk.node()
  await NodeUtils.waitForOpen(node)

  let account = node.wallet.getAccountByName(accountName)
  if (!account) {
    account = await node.wallet.createAccount(accountName)
  }
  await node.wallet.setDefaultAccount(account.name)

  await node.start()

  const tcp = node.rpc.adapters.find((a) => a.constructor.name.includes('Tcp'))
  if (!tcp || !tcp.server) {
    throw new Error('the node has no TCP RPC adapter')
  }

  let stopping = false
  const stop = async (why) => {
    if (stopping) {
      return
    }
    stopping = true
    process.stderr.write(`ironfish-node: stopping (${why})\n`)
    try {
      await node.shutdown()
      await node.closeDB()
    } finally {
      process.exit(0)
    }
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
  process.stdin.on('end', () => void stop('stdin closed'))
  process.stdin.on('close', () => void stop('stdin closed'))
  process.stdin.resume()

  const ready = {
    rpcHost: '127.0.0.1',
    rpcPort: tcp.server.address().port,
    account: account.name,
    publicAddress: account.publicAddress,
    networkId: node.internal.get('networkId'),
    dataDir: path.resolve(dataDir),
    pid: process.pid,
    sdkVersion: node.pkg.version,
  }
  writeOut('READY ' + JSON.stringify(ready) + '\n')
}

main().catch((e) => {
  process.stderr.write(`ironfish-node: ${e && e.stack ? e.stack : e}\n`)
  process.exit(1)
})

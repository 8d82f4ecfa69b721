// kaspa-wasm's own RpcClient (rusty-kaspa 0.13.0 compiled to WASM) makes the wallet's
// calls against the Go test server: its requests are compared with the driver's, it must
// read the server's answers, and it signs and submits a transaction of its own, which the
// server judges (signatures, mass, fee). Usage:
//   node wallet-client.js <coin harness dir> <ws url> <input json file>
// Input: {address, key, walletKey, recipientKey (x-only keys in hex), mempoolTx, startHash,
// spent ("txid:index" of the wallet's outputs the mempool spends)}. Prints one JSON line with what
// it read.
'use strict';
const path = require('path');
const fs = require('fs');
const [dir, url, inputFile] = process.argv.slice(2);
globalThis.WebSocket = require(path.join(dir, 'node_modules', 'ws'));
console.log = (...a) => process.stderr.write(a.join(' ') + '\n');
const k = require(path.join(dir, 'node_modules', 'kaspa-wasm'));
const input = JSON.parse(fs.readFileSync(inputFile, 'utf8'));

const plain = (v) => JSON.parse(JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? x.toString() : x)));
const errText = (e) => String(e && e.message ? e.message : e);

async function step(out, name, f) {
  try {
    out[name] = plain(await f());
  } catch (e) {
    out[name] = { error: errText(e) };
  }
}

async function main() {
  const out = {};
  const rpc = new k.RpcClient(url, k.Encoding.SerdeJson, 'mainnet');
  await rpc.connect();
  let utxos;
  await step(out, 'utxos', async () => (utxos = await rpc.getUtxosByAddresses({ addresses: [input.address] })));
  await step(out, 'mempoolEntry', () => rpc.getMempoolEntry({ transactionId: input.mempoolTx, includeOrphanPool: false, filterTransactionPool: false }));
  await step(out, 'mempoolByAddress', () => rpc.getMempoolEntriesByAddresses({ addresses: [input.address], includeOrphanPool: false, filterTransactionPool: false }));
  await step(out, 'chain', () => rpc.getVirtualChainFromBlock({ startHash: input.startHash, includeAcceptedTransactionIds: true }));

  // A transaction of kaspa-wasm's own: the first unspent output of the wallet to the
  // recipient, change back, a fee of 0.001 KAS, signed by kaspa-wasm.
  await step(out, 'submit', async () => {
    // kaspa-wasm 0.13's getUtxosByAddresses hands back the entries array itself.
    const list = Array.isArray(plain(utxos)) ? plain(utxos) : plain(utxos).entries;
    const e = list.find((x) => !input.spent.includes(x.outpoint.transactionId + ':' + x.outpoint.index));
    const amount = BigInt(e.utxoEntry.amount);
    const spk = (a) => ({ version: 0, script: '20' + a + 'ac' });
    const tx = new k.Transaction({
      version: 0,
      inputs: [{ previousOutpoint: { transactionId: e.outpoint.transactionId, index: e.outpoint.index }, signatureScript: '', sequence: 0n, sigOpCount: 1 }],
      outputs: [
        { value: 100000000n, scriptPublicKey: new k.ScriptPublicKey(0, spk(input.recipientKey).script) },
        { value: amount - 100000000n - 100000n, scriptPublicKey: new k.ScriptPublicKey(0, spk(input.walletKey).script) },
      ],
      lockTime: 0n, gas: 0n, subnetworkId: '00'.repeat(20), payload: '',
    });
    const entries = new k.UtxoEntries([{
      address: new k.Address(input.address),
      outpoint: { transactionId: e.outpoint.transactionId, index: e.outpoint.index },
      utxoEntry: { amount, scriptPublicKey: new k.ScriptPublicKey(0, spk(input.walletKey).script), blockDaaScore: BigInt(e.utxoEntry.blockDaaScore), isCoinbase: e.utxoEntry.isCoinbase },
    }]);
    const id = tx.id;
    const signed = k.signTransaction(new k.SignableTransaction(tx, entries), [new k.PrivateKey(input.key)], true);
    const r = await rpc.submitTransaction(signed.tx, false);
    return { id, answer: r };
  });
  await rpc.disconnect();
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e) => {
  process.stderr.write(errText(e) + '\n');
  process.exit(1);
});

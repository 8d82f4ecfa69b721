// Judge for internal/chain/kaspa (Go) transactions: kaspa-wasm computes a transaction's
// id, its inputs' signature hashes and its mass, signs it, and verifies signatures made
// by Go. Protocol: one JSON request per line on stdin, one JSON answer per line on
// stdout, in order. Amounts and other u64 values are decimal strings, bytes are hex.
//   {"op":"hash","tx":TX,"entries":[ENTRY...]}
//     -> {"id","sighashes":[hex...],"mass"} (mass: MassCalculator.calcMassForTransaction
//        of the transaction as given, on mainnet's consensus parameters)
//   {"op":"sign","tx":TX,"entries":[ENTRY...],"key":hex}
//     -> {"id","scripts":[hex...]} (signTransaction with verification on)
//   {"op":"verify","tx":TX,"entries":[ENTRY...]}
//     -> {"ok":true} or {"ok":false,"error"}: signTransaction with no keys and
//        verification on checks the signature scripts the transaction carries
// TX: {version,inputs:[{txid,index,sequence,sigOpCount,signatureScript}],
//      outputs:[{value,spk:{version,script}}],lockTime,subnetworkId,gas,payload}
// ENTRY: {amount,spk:{version,script},blockDaaScore,isCoinbase} (in input order)
'use strict';
// kaspa-wasm prints notes with console.log ("js_value->TransactionOutput: ..."): they go
// to stderr, so that stdout carries only answers.
console.log = (...a) => process.stderr.write(a.join(' ') + '\n');
const readline = require('readline');

const modPath = require.resolve('kaspa-wasm', { paths: [__dirname] });
let k = require(modPath);

// A fixed address for the UTXO entries: kaspa-wasm's entries carry one, but neither the
// id, the signature hash nor the verification reads it.
const entryAddress = new k.PrivateKey('01'.repeat(32)).toKeypair().toAddress('mainnet');

function transaction(t) {
  return new k.Transaction({
    version: t.version,
    inputs: t.inputs.map((i) => ({
      previousOutpoint: { transactionId: i.txid, index: i.index },
      signatureScript: i.signatureScript,
      sequence: BigInt(i.sequence),
      sigOpCount: i.sigOpCount,
    })),
    outputs: t.outputs.map((o) => ({ value: BigInt(o.value), scriptPublicKey: new k.ScriptPublicKey(o.spk.version, o.spk.script) })),
    lockTime: BigInt(t.lockTime),
    gas: BigInt(t.gas),
    subnetworkId: t.subnetworkId,
    payload: t.payload,
  });
}

function signable(req) {
  const tx = transaction(req.tx);
  const entries = new k.UtxoEntries(req.entries.map((e, i) => ({
    address: entryAddress,
    outpoint: { transactionId: req.tx.inputs[i].txid, index: req.tx.inputs[i].index },
    utxoEntry: {
      amount: BigInt(e.amount),
      scriptPublicKey: new k.ScriptPublicKey(e.spk.version, e.spk.script),
      blockDaaScore: BigInt(e.blockDaaScore),
      isCoinbase: e.isCoinbase,
    },
  })));
  return { tx, mtx: new k.SignableTransaction(tx, entries) };
}

const hex = (v) => (typeof v === 'string' ? v : Buffer.from(v).toString('hex'));
const mass = new k.MassCalculator(k.getConsensusParametersByNetwork(0));

function handle(req) {
  switch (req.op) {
    case 'hash': {
      const { tx, mtx } = signable(req);
      return { id: tx.id, sighashes: mtx.getScriptHashes(), mass: String(mass.calcMassForTransaction(tx)) };
    }
    case 'sign': {
      const { tx, mtx } = signable(req);
      const id = tx.id;
      const signed = k.signTransaction(mtx, [new k.PrivateKey(req.key)], true);
      const inner = JSON.parse(signed.toJSON()).tx.inner;
      return { id, scripts: inner.inputs.map((i) => hex(i.inner.signatureScript)) };
    }
    case 'verify': {
      const { mtx } = signable(req);
      try {
        k.signTransaction(mtx, [], true);
        return { ok: true };
      } catch (e) {
        return { ok: false, error: String(e && e.message ? e.message : e) };
      }
    }
  }
  throw new Error('unknown op ' + req.op);
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
const out = [];
rl.on('line', (line) => {
  if (!line.trim()) return;
  let ans;
  try {
    ans = handle(JSON.parse(line));
  } catch (e) {
    ans = { error: String(e && e.message ? e.message : e) };
    if (e instanceof WebAssembly.RuntimeError) {
      delete require.cache[modPath];
      k = require(modPath);
    }
  }
  out.push(JSON.stringify(ans));
  if (out.length >= 256) {
    process.stdout.write(out.join('\n') + '\n');
    out.length = 0;
  }
});
rl.on('close', () => {
  if (out.length) process.stdout.write(out.join('\n') + '\n');
});

// Judge for internal/chain/kaspa (Go) addresses: kaspa-wasm parses, prints and re-encodes
// addresses, derives the script an output to them carries, and makes Schnorr addresses of
// fresh keys. Protocol: one JSON request per line on stdin, one JSON answer per line on
// stdout, in order.
//   {"op":"parse","s":"kaspa:..."}
//     -> {"ok":true,"str","prefix","version","spk":{"version","script"}}
//        or {"ok":false,"error"} when kaspa-wasm refuses the address
//   {"op":"reprefix","s":"kaspa:...","prefix":"kaspatest"} -> {"str"} (the same address
//        encoded by kaspa-wasm under another prefix)
//   {"op":"keypair","network":0..3} -> {"str","xonly"} (NetworkType: 0 mainnet,
//        1 testnet, 2 devnet, 3 simnet)
// kaspa-wasm 0.13.0 refuses a bad address by panicking (Address's constructor unwraps),
// which traps the WASM instance; the module is then loaded afresh from time to time, since
// a trapped instance may be left inconsistent.
'use strict';
const readline = require('readline');

const modPath = require.resolve('kaspa-wasm', { paths: [__dirname] });
let k = require(modPath);
// Reloading costs tens of milliseconds, so it happens every trapsPerReload traps; a
// damaged instance would show as a mismatch in the Go test, never as a false agreement.
const trapsPerReload = 50;
let traps = 0;
function trapped() {
  if (++traps % trapsPerReload !== 0) return;
  delete require.cache[modPath];
  k = require(modPath);
}

// scriptOf has kaspa-wasm build a transaction paying the address and reads the output's
// script back: createTransaction runs rusty-kaspa's pay_to_address_script.
function scriptOf(addr) {
  const dummy = new k.ScriptPublicKey(0, '20' + '11'.repeat(32) + 'ac');
  const entry = {
    address: addr,
    outpoint: { transactionId: '00'.repeat(32), index: 0 },
    utxoEntry: { amount: 100000000000n, scriptPublicKey: dummy, blockDaaScore: 0n, isCoinbase: false },
  };
  const tx = k.createTransaction([entry], [[addr, 1000000000n]], addr, 0n, undefined, undefined, undefined);
  const spk = tx.tx.outputs[0].scriptPublicKey;
  return { version: spk.version, script: spk.script };
}

function parse(req) {
  let a;
  try {
    a = new k.Address(req.s);
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) trapped();
    return { ok: false, error: String(e && e.message ? e.message : e) };
  }
  return { ok: true, str: a.toString(), prefix: a.prefix, version: a.version, spk: scriptOf(a) };
}

function reprefix(req) {
  const a = new k.Address(req.s);
  a.prefix = req.prefix;
  return { str: a.toString() };
}

function keypair(req) {
  const kp = k.Keypair.random();
  return { str: kp.toAddress(req.network).toString(), xonly: kp.xOnlyPublicKey };
}

const ops = { parse, reprefix, keypair };

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on('line', (line) => {
  let res;
  try {
    const req = JSON.parse(line);
    const op = ops[req.op];
    if (!op) throw new Error('unknown op ' + req.op);
    res = op(req);
  } catch (e) {
    res = { error: String(e && e.message ? e.message : e) };
    if (e instanceof WebAssembly.RuntimeError) trapped();
  }
  process.stdout.write(JSON.stringify(res) + '\n');
});

// Judge for internal/chain/kaspa (Go): kaspa-wasm's Header and State compute the block
// hash, the pre-PoW hash, the target from bits and checkPow for headers the Go test sends.
// Protocol: one JSON request per line on stdin, one JSON answer per line on stdout, in
// order. Integers wider than 53 bits travel as decimal strings.
//   {"op":"header","header":{...RpcHeader fields...},"nonces":["1","2"]}
//     -> {"hash","prePowHash","target","pows":[[ok,"pow"],...]}
//   {"op":"difficulty","d":4} -> {"target":"..."} (calculateDifficulty) or {"error":"..."}
// A request that makes the module trap (a Rust panic) is answered {"error":...}, and the
// module is loaded afresh from time to time, since a trapped instance may be left
// inconsistent.
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

function header(req) {
  const h = req.header;
  const header = new k.Header({
    version: h.version,
    parentsByLevel: h.parentsByLevel,
    hashMerkleRoot: h.hashMerkleRoot,
    acceptedIdMerkleRoot: h.acceptedIdMerkleRoot,
    utxoCommitment: h.utxoCommitment,
    timestamp: BigInt(h.timestamp),
    bits: h.bits,
    nonce: BigInt(h.nonce),
    daaScore: BigInt(h.daaScore),
    blueWork: BigInt('0x' + (h.blueWork || '0')),
    blueScore: BigInt(h.blueScore),
    pruningPoint: h.pruningPoint,
  });
  try {
    const hash = header.finalize();
    const state = new k.State(header);
    try {
      const pows = req.nonces.map((n) => {
        const [ok, pow] = state.checkPow(BigInt(n));
        return [ok, pow.toString()];
      });
      return { hash, prePowHash: state.prePowHash, target: state.target.toString(), pows };
    } finally {
      state.free();
    }
  } finally {
    header.free();
  }
}

function difficulty(req) {
  return { target: k.calculateDifficulty(req.d).toString() };
}

const ops = { header, difficulty };

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

// kaspa-wasm's own RpcClient (rusty-kaspa's wRPC client compiled to WASM) against the Go
// test server: it is the judge of the server's framing and of the recorded messages'
// shapes. Usage: node wrpc-client.js <coin harness dir> <ws url> <input json file>.
// Prints one JSON line {"step":"subscribed"} when it has subscribed (the Go test then
// sends a notification), and a last JSON line with everything it read.
'use strict';
const path = require('path');
const fs = require('fs');
const [dir, url, inputFile] = process.argv.slice(2);
globalThis.WebSocket = require(path.join(dir, 'node_modules', 'ws'));
const k = require(path.join(dir, 'node_modules', 'kaspa-wasm'));
const input = JSON.parse(fs.readFileSync(inputFile, 'utf8'));

const plain = (v) => JSON.parse(JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? x.toString() : x)));
const errText = (e) => String(e && e.message ? e.message : e);

async function main() {
  const out = {};
  const rpc = new k.RpcClient(url, k.Encoding.SerdeJson, 'mainnet');
  await rpc.connect();
  let notified;
  const gotNotification = new Promise((resolve) => { notified = resolve; });
  await rpc.notify((op, payload) => { if (op === 'newBlockTemplateNotification') notified(plain(payload)); });

  out.dag = plain(await rpc.getBlockDagInfo());
  out.estimate = plain(await rpc.estimateNetworkHashesPerSecond({ windowSize: 1000 }));
  out.blocks = {};
  for (const h of input.blocks) {
    const got = await rpc.getBlock({ hash: h, includeTransactions: false });
    const r = plain(got);
    // kaspa-wasm's own header hashing of what it read.
    r.wasmHash = new k.Header(got.block.header).finalize();
    out.blocks[h] = r;
  }
  try {
    await rpc.getBlock({ hash: input.unknown, includeTransactions: false });
    out.unknownBlock = 'answered';
  } catch (e) {
    out.unknownBlock = errText(e);
  }
  // getBlockTemplate: kaspa-wasm 0.13 sends the request; it cannot read kaspad v1.x's
  // answer (its header type wants a hash the raw template header has not), so only the
  // request is judged (by the Go server).
  try {
    await rpc.getBlockTemplate({ payAddress: input.payAddress, extraData: Array.from(Buffer.from(input.extraData)) });
    out.template = 'read';
  } catch (e) {
    out.template = errText(e);
  }
  // The recorded templates' headers, hashed and judged by kaspa-wasm's Header and State.
  out.templates = input.templates.map((t) => {
    const hdr = new k.Header(Object.assign({}, t.header, { hash: '00'.repeat(32) }));
    const hash = hdr.finalize();
    const st = new k.State(hdr);
    const verdicts = t.nonces.map((n) => {
      const [ok, pow] = st.checkPow(BigInt(n));
      return { nonce: n, ok, pow: pow.toString(16) };
    });
    return { hash, prePowHash: st.prePowHash, verdicts };
  });
  await rpc.subscribeNewBlockTemplate();
  process.stdout.write(JSON.stringify({ step: 'subscribed' }) + '\n');
  out.notification = await Promise.race([gotNotification, new Promise((r) => setTimeout(() => r('none within 30 s'), 30000))]);
  await rpc.disconnect();
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().then(() => process.exit(0), (e) => { process.stderr.write(errText(e) + '\n'); process.exit(1); });

'use strict'
// Stand-in: a devnet node without peers and without the SDK's pool database never calls this.
const fail = () => { throw new Error('node-datachannel is not installed in this test harness') }
module.exports = new Proxy(function () {}, { get: (t, k) => (k === '__esModule' ? false : k === 'default' ? module.exports : fail), apply: fail, construct: fail })

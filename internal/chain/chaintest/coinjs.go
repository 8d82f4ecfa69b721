package chaintest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// CoinJSEnv names the variable that controls the tests judged by the coins' own
// JavaScript (the IronFish node and miner, kaspa-wasm): "skip" skips them; otherwise they
// need node and the harness in testdata/coins installed (make coin-deps; make test does).
const CoinJSEnv = "POOLD_TEST_COINJS"

// CoinJS returns the absolute path of the coin harness (testdata/coins, with its
// node_modules installed) and the node binary that runs it. It skips the test when
// POOLD_TEST_COINJS=skip and fails it when either is missing: a judge that silently does
// not run judges nothing.
func CoinJS(t testing.TB) (dir, nodeBin string) {
	t.Helper()
	if os.Getenv(CoinJSEnv) == "skip" {
		t.Skip(CoinJSEnv + "=skip: tests against the coins' own code skipped")
	}
	_, here, _, _ := runtime.Caller(0)
	dir = filepath.Join(filepath.Dir(here), "..", "..", "..", "testdata", "coins")
	dir, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", ".package-lock.json")); err != nil {
		t.Fatalf("the coin harness is not installed in %s: run make coin-deps (make test does), or set %s=skip", dir, CoinJSEnv)
	}
	nodeBin, err = exec.LookPath("node")
	if err != nil {
		t.Fatalf("node (Node.js) not found: it runs the coins' own code; or set %s=skip", CoinJSEnv)
	}
	return dir, nodeBin
}

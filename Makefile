# Uniplus Pool. `make run` to try it, `make test` for everything CI checks.
SHELL := /bin/bash
.DEFAULT_GOAL := build

VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)-$(shell date -u +%Y%m%d%H%M%S)
LDFLAGS := -s -w -X github.com/uniplus-pool/pool/internal/buildinfo.Version=$(VERSION)
WEB_SOURCES := $(shell find web/src web/public web/scripts web/index.html web/ops.html web/vite.config.ts web/tsconfig*.json -type f 2>/dev/null)
HTTP ?= 127.0.0.1:8080
# ADMIN_HTTP, when set (make run ADMIN_HTTP=127.0.0.1:9100), adds the admin listener with
# the operator console (docs/operations.md).
ADMIN_HTTP ?=
GOTEST_FLAGS ?=

.PHONY: coin-deps run build test test-go test-web test-e2e fuzz fuzz-short bench crash multiprocess load lint deps deps-system clean

## run: install what is missing, build, and start the pool on http://$(HTTP)
run: build
	@echo "Starting poold with demo data on http://$(HTTP) (SQLite in ./data). Ctrl-C stops it."
	./bin/poold serve --http $(HTTP) --db ./data/poold.db --demo $(if $(ADMIN_HTTP),--admin-http $(ADMIN_HTTP))

## build: bin/poold with the web app inside
build: web/dist/app/index.html
	@mkdir -p bin
	go build -trimpath -ldflags '$(LDFLAGS)' -o bin/poold ./cmd/poold

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	@command -v npm >/dev/null || { echo "npm is required (Node.js 20.19 or newer)"; exit 1; }
	cd web && npm ci --no-audit --no-fund

web/dist/app/index.html: web/node_modules/.package-lock.json $(WEB_SOURCES)
	cd web && npm run build

# Debian packages the tests need: Chromium for browser tests, CJK fonts so pages in
# Chinese and Korean render in screenshots, litecoind for the chain driver's regtest tests.
SYSTEM_PACKAGES := chromium fonts-noto-cjk litecoind

## deps-system: install the Debian packages the tests need, when missing
deps-system:
	@missing=$$(for p in $(SYSTEM_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing $$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

# The coins' own code that judges ours in Go tests (testdata/coins: the IronFish node and
# miner, kaspa-wasm). --ignore-scripts: no native build runs; two modules a devnet node never
# uses are stubbed (testdata/coins/stubs/README.md).
COIN_JS := testdata/coins/node_modules/.package-lock.json
$(COIN_JS): testdata/coins/package.json testdata/coins/package-lock.json
	cd testdata/coins && npm ci --ignore-scripts --no-audit --no-fund

## coin-deps: install the coin harness (testdata/coins)
coin-deps: $(COIN_JS)

deps: deps-system web/node_modules/.package-lock.json $(COIN_JS)

## test: everything CI checks
test: lint test-go test-web test-e2e

test-go: deps-system $(COIN_JS) web/dist/app/index.html
	go test -race -count=1 -timeout 25m $(GOTEST_FLAGS) ./...
	$(MAKE) fuzz-short

test-web: web/node_modules/.package-lock.json
	cd web && npm run typecheck && npm test

# Browser suites run E2E_JOBS at a time, each with its own poold and Chromium: two keep CI
# well under 30 minutes on a 2-CPU machine (one at a time took 16 of its 30). A suite that
# fails is run once more alone (E2E_RETRY=0 turns that off); one that then passes is FLAKY
# and runs again beside other suites, and FLAKY twice fails: web/scripts/e2e.mjs, whose
# rules scripts/e2e.test.mjs checks first.
E2E_JOBS ?= 2
test-e2e: deps-system build
	cd web && node --test scripts/e2e.test.mjs
	cd web && POOLD_BIN=$(CURDIR)/bin/poold E2E_JOBS=$(E2E_JOBS) node scripts/e2e.mjs

## fuzz: every fuzz target for FUZZTIME each (default 10m), FUZZ_JOBS at a time; FUZZFLAGS
## adds go test flags (e.g. -parallel 1). fuzz-short is CI's run, 10 s each (test-go).
## A target is one "package:FuzzName" line of FUZZ_TARGETS; scripts/fuzz-one.sh runs it (and
## once more after Go's fuzz-deadline race, go.dev/issue/75804, which writes no input).
FUZZTIME ?= 10m
FUZZFLAGS ?=
FUZZ_TARGETS := \
	./internal/stratum:FuzzParseRequest \
	./internal/stratum:FuzzParseIronFish \
	./internal/proxyproto:FuzzParse \
	./internal/pool:FuzzParseReport \
	./internal/httpx:FuzzDecode \
	./internal/withdraw:FuzzParseAmount \
	./internal/withdraw:FuzzMoneyCalls \
	./internal/overclock:FuzzCleanMessage \
	./internal/textcheck:FuzzStrip \
	./internal/agent:FuzzParseNvidiaSMI \
	./internal/agent:FuzzParseRocmSMI \
	./internal/agent:FuzzParseTRexSummary \
	./internal/agent:FuzzParseProcFiles \
	./internal/agent:FuzzParseIDFile \
	./internal/chain:FuzzParseTx \
	./internal/chain:FuzzParseAmount \
	./internal/chain:FuzzParseNodeAmount \
	./internal/chain/devnet:FuzzParseBlock \
	./internal/chain/kaspa:FuzzParseTransaction
## FUZZ_JOBS runs that many targets at once (fuzz-short: 2, each on one worker, so CI's
## 19 ten-second runs take half the wall time on 2 CPUs; fuzz: 1, on every CPU).
FUZZ_JOBS ?= 1
fuzz:
	@printf '%s\n' $(FUZZ_TARGETS) | xargs -P $(FUZZ_JOBS) -I{} sh -c \
		't={}; echo "fuzz: $${t#*:} in $${t%%:*} for $(FUZZTIME)"; exec scripts/fuzz-one.sh $${t%%:*} $${t#*:} $(FUZZTIME) $(FUZZFLAGS)'

fuzz-short:
	@$(MAKE) --no-print-directory fuzz FUZZTIME=10s FUZZ_JOBS=2 FUZZFLAGS=-parallel=1

## bench: benchmarks (speed figures live here, never in timed tests)
bench:
	go test -run '^$$' -bench . -benchmem ./...

## crash: the settlement and payout kill loops, 200 SIGKILLs each (CI runs short ones in test-go)
crash:
	POOLD_CRASH_KILLS=200 go test -count=1 -run SIGKILL -v -timeout 60m ./cmd/poold

## multiprocess: two api, one stratum and two jobs processes on one PostgreSQL database, with SIGKILLs (test-go runs it too)
multiprocess:
	go test -race -count=1 -run '^TestMultiProcessPool$$' -v -timeout 10m ./cmd/poold

## load: API and stratum load against a fresh demo pool per database (not in CI; scripts/load.sh).
## Short run: make load LOAD_API_DURATION=30s LOAD_STRATUM_DURATION=1m LOAD_STRATUM_CONNS=1000
LOAD_API_DURATION ?= 10m
LOAD_API_RATE ?= 1000
LOAD_STRATUM_CONNS ?= 10000
LOAD_STRATUM_DURATION ?= 1h
LOAD_DB ?= sqlite postgres
load: build
	go build -trimpath -o bin/poolload ./cmd/poolload
	LOAD_API_DURATION='$(LOAD_API_DURATION)' LOAD_API_RATE='$(LOAD_API_RATE)' LOAD_STRATUM_CONNS='$(LOAD_STRATUM_CONNS)' \
	LOAD_STRATUM_DURATION='$(LOAD_STRATUM_DURATION)' LOAD_DB='$(LOAD_DB)' scripts/load.sh

## lint: formatting and vet
lint:
	@unformatted=$$(gofmt -l cmd internal web/*.go); if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	go vet ./...

clean:
	rm -rf bin web/dist/app

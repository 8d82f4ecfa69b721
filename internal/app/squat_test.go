package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/stratum"
)

// behind starts a TCP balancer on loopback in front of the stratum port that speaks the
// PROXY protocol for one client address (src): each connection to the port it answers
// reaches the pool as a miner on src, as behind a real balancer
// (--stratum-proxy-protocol). It answers its port.
func behind(t *testing.T, port int, src string) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for n := 0; ; n++ {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
			if err != nil {
				in.Close()
				continue
			}
			fmt.Fprintf(out, "PROXY TCP4 %s 10.0.0.2 %d %d\r\n", src, 40000+n, port)
			go func() { _, _ = io.Copy(out, in); out.Close() }()
			go func() { _, _ = io.Copy(in, out); in.Close() }()
		}
	}()
	return ln.Addr().(*net.TCPAddr).Port
}

// Device squatting over TCP, against poold serve (issue 29): a stranger who knows the
// sub-account's code mines one share under each of five invented worker names from one
// address, with markup for miner software. Past --max-new-devices-per-address (3 here)
// each new name is refused with a stratum error that says why, and nothing is written;
// the owner's new rig, from its own address, joins; the squatter's miner software is kept
// without its markup.
func TestServeSquatterIsBoundedPerAddress(t *testing.T) {
	p := startDevnetPool(t, "--stratum-proxy-protocol", "127.0.0.1", "--max-new-devices-per-address", "3")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	d := openPoolDB(t, p)
	var names []string
	for i := 0; i < 5; i++ {
		names = append(names, fmt.Sprintf("farm1.squat%d", i))
	}
	squatter := dialStratumAs(t, ctx, behind(t, p.port, "198.51.100.66"), "<img src=x onerror=alert(1)>", names...)
	var refusals []string
	for _, n := range names {
		err := squatter.share(ctx, n, true)
		var se *stratum.Error
		switch {
		case err == nil:
		case errors.As(err, &se) && se.Code == stratum.CodeUnauthorized:
			refusals = append(refusals, se.Message)
		default:
			t.Fatalf("share of %s: %v", n, err)
		}
	}
	want := "too many new workers from this address for this sub-account; try again within the hour"
	if len(refusals) != 2 || refusals[0] != want || refusals[1] != want {
		t.Fatalf("refusals %q, want two of %q", refusals, want)
	}
	owner := dialStratumAs(t, ctx, behind(t, p.port, "203.0.113.9"), "lolMiner 1.76", "farm1.rig01")
	if err := owner.share(ctx, "farm1.rig01", true); err != nil {
		t.Fatalf("the owner's rig: %v", err)
	}
	rows, err := d.Query(ctx, "SELECT worker, public_ip, created_from, miner_software FROM devices ORDER BY worker")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var worker, ip, from, software string
		if err := rows.Scan(&worker, &ip, &from, &software); err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.Join([]string{worker, ip, from, software}, " "))
	}
	sort.Strings(got)
	wantRows := []string{
		"rig01 203.0.113.9 203.0.113.9 lolMiner",
		"squat0 198.51.100.66 198.51.100.66 img",
		"squat1 198.51.100.66 198.51.100.66 img",
		"squat2 198.51.100.66 198.51.100.66 img",
	}
	if strings.Join(got, "\n") != strings.Join(wantRows, "\n") {
		t.Fatalf("devices:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantRows, "\n"))
	}
}

//go:build !unix

package agent

import "errors"

var errUnsupported = errors.New("not supported on this system")

func deviceOf(string) (uint64, error) { return 0, errUnsupported }

func diskUsage(string) (int64, int64, error) { return 0, 0, errUnsupported }

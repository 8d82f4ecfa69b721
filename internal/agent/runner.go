package agent

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Runner runs a command and answers its standard output.
type Runner interface {
	Run(ctx context.Context, name string, args ...string) ([]byte, error)
}

// ErrNotInstalled is a command that is not on this machine.
var ErrNotInstalled = errors.New("not installed")

// ExecRunner runs commands for real, each for at most Timeout (default 20 s).
type ExecRunner struct {
	Timeout time.Duration
}

// Run runs name with args; a failure carries the command's first line of error output.
func (e ExecRunner) Run(ctx context.Context, name string, args ...string) ([]byte, error) {
	path, err := exec.LookPath(name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, ErrNotInstalled)
	}
	t := e.Timeout
	if t <= 0 {
		t = 20 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, t)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = strings.TrimSpace(string(out))
		}
		if first, _, _ := strings.Cut(msg, "\n"); first != "" {
			return out, fmt.Errorf("%s: %w: %s", CommandLine(name, args...), err, first)
		}
		return out, fmt.Errorf("%s: %w", CommandLine(name, args...), err)
	}
	return out, nil
}

// PrintRunner prints each command instead of running it (--dry-run) and answers nothing.
type PrintRunner struct {
	Out io.Writer
}

// Run prints the command line.
func (p PrintRunner) Run(_ context.Context, name string, args ...string) ([]byte, error) {
	fmt.Fprintln(p.Out, "dry-run:", CommandLine(name, args...))
	return nil, nil
}

// RecordRunner records every command and answers from Answers (keyed by the command line),
// for tests.
type RecordRunner struct {
	Answers map[string]Answer
	mu      sync.Mutex
	calls   []string
}

// Answer is what a recorded command gives back.
type Answer struct {
	Out []byte
	Err error
}

// Run records the command and answers it; a command without an answer is not installed.
func (r *RecordRunner) Run(_ context.Context, name string, args ...string) ([]byte, error) {
	line := CommandLine(name, args...)
	r.mu.Lock()
	r.calls = append(r.calls, line)
	r.mu.Unlock()
	if a, ok := r.Answers[line]; ok {
		return a.Out, a.Err
	}
	if a, ok := r.Answers[name]; ok {
		return a.Out, a.Err
	}
	return nil, fmt.Errorf("%s: %w", name, ErrNotInstalled)
}

// Calls are the command lines run so far.
func (r *RecordRunner) Calls() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.calls...)
}

// CommandLine is name and args as one line, as a shell would take them for these
// commands (no argument the agent builds needs quoting).
func CommandLine(name string, args ...string) string {
	return strings.Join(append([]string{name}, args...), " ")
}

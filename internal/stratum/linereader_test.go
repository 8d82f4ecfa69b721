package stratum

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestLineReaderGrowsOnlyForLongLines(t *testing.T) {
	long := strings.Repeat("x", 3000)
	in := "a\nbb\n" + long + "\n" + "tail"
	// One byte a read is the hardest case for the buffer bookkeeping.
	lr := newLineReader(iotest.OneByteReader(strings.NewReader(in)), 4096)
	for _, want := range []string{"a\n", "bb\n", long + "\n"} {
		got, err := lr.ReadSlice('\n')
		if err != nil || string(got) != want {
			t.Fatalf("got %d bytes %v, want %d", len(got), err, len(want))
		}
	}
	if _, err := lr.ReadSlice('\n'); !errors.Is(err, io.EOF) {
		t.Fatalf("unterminated tail: %v", err)
	}
	if cap(newLineReader(strings.NewReader(""), 1<<14).buf) != lineReaderInitial {
		t.Fatal("a new reader should start small")
	}
	lr = newLineReader(strings.NewReader(strings.Repeat("y", 5000)+"\n"), 4096)
	if _, err := lr.ReadSlice('\n'); !errors.Is(err, errLineTooLong) {
		t.Fatalf("overlong line: %v", err)
	}
	exact := strings.Repeat("z", 4095) + "\n"
	lr = newLineReader(strings.NewReader(exact), 4096)
	if got, err := lr.ReadSlice('\n'); err != nil || len(got) != 4096 {
		t.Fatalf("line of exactly max: %d %v", len(got), err)
	}
}

package stratum

import (
	"bytes"
	"errors"
	"io"
)

// errLineTooLong says a line did not fit the reader's maximum.
var errLineTooLong = errors.New("stratum: line too long")

// lineReader reads '\n'-terminated lines into a buffer that starts small and doubles up
// to max, unlike bufio.Reader whose buffer is its maximum from the start.
type lineReader struct {
	r          io.Reader
	buf        []byte
	start, end int
	max        int
}

// lineReaderInitial holds a mining.submit (about 150 bytes) and its neighbour; the buffer
// grows for longer lines and pipelined bursts, and an idle miner costs only this.
const lineReaderInitial = 256

func newLineReader(r io.Reader, max int) *lineReader {
	n := lineReaderInitial
	if n > max {
		n = max
	}
	return &lineReader{r: r, buf: make([]byte, n), max: max}
}

// hasLine says whether a whole line is already buffered, so ReadSlice answers without
// reading.
func (l *lineReader) hasLine() bool {
	return bytes.IndexByte(l.buf[l.start:l.end], '\n') >= 0
}

// ReadSlice returns the next line including its '\n'; the slice is valid until the next
// call. A line longer than max answers errLineTooLong.
func (l *lineReader) ReadSlice(delim byte) ([]byte, error) {
	for {
		if i := bytes.IndexByte(l.buf[l.start:l.end], delim); i >= 0 {
			line := l.buf[l.start : l.start+i+1]
			l.start += i + 1
			return line, nil
		}
		if l.start > 0 { // move the partial line to the front
			n := copy(l.buf, l.buf[l.start:l.end])
			l.start, l.end = 0, n
		}
		if l.end == len(l.buf) {
			if len(l.buf) >= l.max {
				return nil, errLineTooLong
			}
			grown := make([]byte, min(2*len(l.buf), l.max))
			copy(grown, l.buf[:l.end])
			l.buf = grown
		}
		n, err := l.r.Read(l.buf[l.end:])
		l.end += n
		if err != nil && n == 0 {
			return nil, err
		}
	}
}

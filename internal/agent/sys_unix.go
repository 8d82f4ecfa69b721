//go:build unix

package agent

import "syscall"

// deviceOf is the device number of the filesystem holding path.
func deviceOf(path string) (uint64, error) {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return 0, err
	}
	return uint64(st.Dev), nil //nolint:unconvert // int32 on some systems
}

// diskUsage is the size and used bytes of the filesystem holding path.
func diskUsage(path string) (total, used int64, err error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(path, &st); err != nil {
		return 0, 0, err
	}
	bs := int64(st.Bsize) //nolint:unconvert
	return int64(st.Blocks) * bs, int64(st.Blocks-st.Bfree) * bs, nil
}

// Package sdnotify tells systemd how a Type=notify service stands (READY=1 once it
// serves, STOPPING=1 as it stops), by a datagram to the socket systemd names in
// NOTIFY_SOCKET. With Type=exec, "started" meant launched: a rolling restart of the api
// processes moved on before the restarted one listened, and nginx met a refused port.
package sdnotify

import (
	"fmt"
	"net"
)

// Ready is the state a service sends once it serves.
const Ready = "READY=1"

// Stopping is the state a service sends as it begins to stop.
const Stopping = "STOPPING=1"

// Send sends state (lines of KEY=VALUE) to socket, the value of NOTIFY_SOCKET: a path,
// or "@name" for a socket in the abstract namespace. An empty socket (not run by systemd,
// or not as Type=notify) sends nothing.
func Send(socket, state string) error {
	if socket == "" {
		return nil
	}
	name := socket
	if name[0] == '@' {
		name = "\x00" + name[1:]
	} else if name[0] != '/' {
		return fmt.Errorf("sdnotify: NOTIFY_SOCKET %q is neither a path nor an abstract socket", socket)
	}
	conn, err := net.DialUnix("unixgram", nil, &net.UnixAddr{Name: name, Net: "unixgram"})
	if err != nil {
		return fmt.Errorf("sdnotify: %w", err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte(state)); err != nil {
		return fmt.Errorf("sdnotify: %w", err)
	}
	return nil
}

#!/usr/bin/env python3
"""A peer that speaks the PMIx socket protocol from bytes it is given, for the authorisation test: it can
claim any identity in its handshake. Usage: raw_peer.py HOST PORT REPLY_REST CONNECT_FILE [REQUEST_FILE...]

Sends CONNECT_FILE (a connect request with its header), reads the 4-byte status of the answer and, when it
is 0, REPLY_REST more bytes (the rest of a tool's or client's answer); prints "connect status=N", or "closed"
when the server closed the connection instead. Then sends each REQUEST_FILE (a whole message, header
included) and prints the answer to its tag as "reply tag=T hex=H", skipping messages of other tags (events,
output); "closed" when the connection ends first. Every read waits at most 20 s ("timeout")."""
import socket
import struct
import sys


def read_exactly(sock, n):
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def main():
    host, port, rest = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    sock = socket.create_connection((host, port), timeout=20)
    try:
        with open(sys.argv[4], "rb") as f:
            sock.sendall(f.read())
        head = read_exactly(sock, 4)
        if head is None:
            print("closed", flush=True)
            return
        status = struct.unpack(">i", head)[0]
        print("connect status=%d" % status, flush=True)
        if status != 0 or (rest > 0 and read_exactly(sock, rest) is None):
            return
        for name in sys.argv[5:]:
            with open(name, "rb") as f:
                frame = f.read()
            tag = struct.unpack(">I", frame[4:8])[0]
            try:
                sock.sendall(frame)
            except OSError:
                print("closed", flush=True)
                return
            while True:
                header = read_exactly(sock, 16)
                if header is None:
                    print("closed", flush=True)
                    return
                got_tag, length = struct.unpack(">II", header[4:12])
                payload = read_exactly(sock, length) if length else b""
                if payload is None:
                    print("closed", flush=True)
                    return
                if got_tag == tag:
                    print("reply tag=%d hex=%s" % (tag, payload.hex()), flush=True)
                    break
    except socket.timeout:
        print("timeout", flush=True)
    except ConnectionError:
        print("closed", flush=True)
    finally:
        sock.close()


if __name__ == "__main__":
    main()

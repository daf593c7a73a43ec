#!/usr/bin/python3
"""Event test peer for python3-pmix: registers a handler for one event code, prints the event it gets.

usage: event_handler.py CODE [SECONDS]
Prints "REGISTERED <status>", then "EVENT code=<c> source=<ns>:<rank>" and "INFO <key>=<value>" lines,
then "DONE events=<n>". Exit 0 when an event came, 3 when none did within SECONDS (default 20).
"""
import sys
import threading

import pmix

received = threading.Event()
lock = threading.Lock()
count = 0


def handler(ref, status, source, info, results):
    global count
    with lock:
        print("EVENT code=%d source=%s:%d" % (status, source['nspace'], source['rank']), flush=True)
        for i in info:
            print("INFO %s=%s" % (i['key'], i['value']), flush=True)
        count += 1
    received.set()
    return pmix.PMIX_EVENT_ACTION_COMPLETE, []


def main():
    code = int(sys.argv[1])
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 20.0
    client = pmix.PMIxClient()
    rc, me = client.init([])
    if rc != pmix.PMIX_SUCCESS:
        print("init failed: %s" % client.error_string(rc), file=sys.stderr)
        return 2
    rc, ref = client.register_event_handler([code], [], handler)
    print("REGISTERED %d" % rc, flush=True)
    if rc != pmix.PMIX_SUCCESS:
        return 2
    received.wait(seconds)
    with lock:
        print("DONE events=%d" % count, flush=True)
    client.finalize([])
    return 0 if count > 0 else 3


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""python3-pmix client for the launcher's tests (RunPythonTest), run by `pmix4j run -n N`.

Every rank puts "py.global" (GLOBAL) = "g<rank>" and "py.local" (LOCAL) = <rank> * 10, commits, fences
with PMIX_COLLECT_DATA, then reads both keys of every rank; rank 0 publishes "py.svc" = "<nspace>" and the
others look it up with PMIX_WAIT; rank 0 queries PMIX_QUERY_NAMESPACES. Prints "OK <rank> <what>" or
"FAIL <rank> <what>" per check and "DONE <rank> <failures>"; exit 0 when all passed.
"""
import sys

import pmix

failures = 0


def check(rank, what, good):
    global failures
    print("%s %d %s" % ("OK" if good else "FAIL", rank, what), flush=True)
    if not good:
        failures += 1


def value_of(v):
    # python3-pmix hands values back as {'value': ..., 'val_type': ...}
    return v['value'] if isinstance(v, dict) and 'value' in v else v


def main():
    client = pmix.PMIxClient()
    rc, me = client.init([])
    if rc != pmix.PMIX_SUCCESS:
        print("init failed: %s" % client.error_string(rc), file=sys.stderr)
        return 1
    rank = me['rank']
    wild = {'nspace': me['nspace'], 'rank': pmix.PMIX_RANK_WILDCARD}
    rc, size = client.get(wild, "pmix.job.size", [])
    size = value_of(size)
    check(rank, "job size %s" % size, rc == pmix.PMIX_SUCCESS and size > 0)

    rc = client.put(pmix.PMIX_GLOBAL, "py.global", {'value': "g%d" % rank, 'val_type': pmix.PMIX_STRING})
    check(rank, "put global", rc == pmix.PMIX_SUCCESS)
    rc = client.put(pmix.PMIX_LOCAL, "py.local", {'value': rank * 10, 'val_type': pmix.PMIX_UINT32})
    check(rank, "put local", rc == pmix.PMIX_SUCCESS)
    check(rank, "commit", client.commit() == pmix.PMIX_SUCCESS)
    rc = client.fence([wild], [{'key': pmix.PMIX_COLLECT_DATA, 'value': True, 'val_type': pmix.PMIX_BOOL}])
    check(rank, "fence", rc == pmix.PMIX_SUCCESS)
    for r in range(size):
        peer = {'nspace': me['nspace'], 'rank': r}
        rc, v = client.get(peer, "py.global", [])
        check(rank, "get %d py.global %s" % (r, value_of(v)), rc == pmix.PMIX_SUCCESS and value_of(v) == "g%d" % r)
        rc, v = client.get(peer, "py.local", [])
        check(rank, "get %d py.local %s" % (r, value_of(v)), rc == pmix.PMIX_SUCCESS and value_of(v) == r * 10)

    if rank == 0:
        rc = client.publish([{'key': "py.svc", 'value': me['nspace'], 'val_type': pmix.PMIX_STRING}])
        check(rank, "publish", rc == pmix.PMIX_SUCCESS)
        rc, answers = client.query([{'keys': [pmix.PMIX_QUERY_NAMESPACES], 'qualifiers': []}])
        # the module's key constants are bytes, the keys of the answers str
        names = [value_of(a['value']) for a in (answers or []) if a['key'] == pmix.PMIX_QUERY_NAMESPACES.decode()]
        check(rank, "query namespaces %s" % names, rc == pmix.PMIX_SUCCESS and names
              and me['nspace'] in names[0].split(","))
    else:
        pdata = [{'proc': {'nspace': "", 'rank': 0}, 'key': "py.svc", 'value': "", 'val_type': pmix.PMIX_STRING}]
        rc, found = client.lookup(pdata, [{'key': pmix.PMIX_WAIT, 'value': True, 'val_type': pmix.PMIX_BOOL},
                                          {'key': pmix.PMIX_TIMEOUT, 'value': 20, 'val_type': pmix.PMIX_INT}])
        got = value_of(found[0]['value']) if rc == pmix.PMIX_SUCCESS and found else None
        check(rank, "lookup py.svc %s" % got, rc == pmix.PMIX_SUCCESS and got == me['nspace'])
    rc = client.fence([wild], [])
    check(rank, "barrier", rc == pmix.PMIX_SUCCESS)
    print("DONE %d %d" % (rank, failures), flush=True)
    client.finalize([])
    return 0 if failures == 0 else 2


if __name__ == "__main__":
    sys.exit(main())

# Schemathesis hooks for scripts/fuzz-api.sh (loaded through SCHEMATHESIS_HOOKS).
#
# - Records every answer as "<identity>\t<operationId>\t<probe>\t<status>"
#   in $FUZZ_LOG, so the script can count the operations that only ever
#   answered 401/403 (their parsing was never reached) and the 5xx. <probe> is
#   1 for a request sent with another method than the operation's (a
#   schemathesis probe: another route, or 405, answers it).
# - Hotmart webhook: three generated cases in four name the seeded robot
#   ($FUZZ_ROBOT_ID) in the path (a random id stops at "robot not found"
#   before the hottok is read). As the machine identity (which sends the
#   hottok), three bodies in four become one of the real postbacks of
#   shared/tests/fixtures/hotmart with the generated value put in place of
#   one of its fields, under a fresh event id: the document declares the body
#   as any JSON, and an arbitrary value is never a postback, so the fields'
#   parsing, the inbox and the worker that applies the events would never see
#   fuzzed data otherwise.
import copy
import glob
import json
import os
import threading
import zlib

import schemathesis

_lock = threading.Lock()
_log_path = os.environ.get("FUZZ_LOG")
_identity = os.environ.get("FUZZ_IDENTITY", "?")
_robot_id = os.environ.get("FUZZ_ROBOT_ID")
_repo = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
_postbacks = [
    json.load(open(path, encoding="utf-8"))
    for path in sorted(glob.glob(os.path.join(_repo, "shared/tests/fixtures/hotmart/*.json")))
]


def _operation_id(case):
    definition = getattr(case.operation, "definition", None)
    raw = getattr(definition, "raw", None) or {}
    return raw.get("operationId") or case.operation.label


def _record(case, status):
    if not _log_path:
        return
    probe = int(str(case.method).upper() != str(case.operation.method).upper())
    line = f"{_identity}\t{_operation_id(case)}\t{probe}\t{status}\n"
    with _lock, open(_log_path, "a", encoding="utf-8") as log:
        log.write(line)


@schemathesis.hook
def after_call(context, case, response):
    _record(case, response.status_code)


@schemathesis.hook
def after_network_error(context, case, request):
    _record(case, "network-error")


def _paths(value, path=()):
    """Every place in a JSON value, the root excepted."""
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return
    for key, child in items:
        yield path + (key,)
        yield from _paths(child, path + (key,))


def _postback_around(generated, digest):
    postback = copy.deepcopy(_postbacks[digest % len(_postbacks)])
    postback["id"] = f"fuzz-{digest}"
    paths = list(_paths(postback))
    *parents, last = paths[(digest // len(_postbacks)) % len(paths)]
    target = postback
    for key in parents:
        target = target[key]
    target[last] = generated
    return postback


@schemathesis.hook
def before_call(context, case, kwargs):
    # Here, not in map_* hooks: those shape only the Hypothesis phases, not
    # the examples and coverage ones. Choices are deterministic: Hypothesis
    # replays cases while shrinking.
    if "/api/webhooks/hotmart/robot/" not in case.operation.path:
        return
    parameters = case.path_parameters
    if _robot_id and parameters and "robotId" in parameters:
        if zlib.crc32(repr(parameters["robotId"]).encode()) % 4:
            parameters["robotId"] = _robot_id
    body = case.body
    if _identity == "machine" and _postbacks and isinstance(body, (dict, list, str, int, float, bool, type(None))):
        digest = zlib.crc32(repr(body).encode())
        if digest % 4:
            case.body = _postback_around(body, digest)

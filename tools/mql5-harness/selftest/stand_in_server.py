#!/usr/bin/env python3
"""A protocol v3 stand-in for POST /api/webhooks/validate-license, for
selftest.py only (signs with `cryptography`'s Ed25519, like the real server
will). Listens on 127.0.0.1 (an ephemeral port, printed as "PORT <n>").

    stand_in_server.py ROBOT_ID TENANT_ID ROBOT_SECRET_HEX OTHER_SECRET_HEX

What it answers is chosen by the e-mail's local part, so one robot binary can
run every scenario: "<s0>[-then-<s1>...][+g<grace>][+s<step>][+e<expiry>]@..."
answers the k-th request with that e-mail with scenario s<k> (the last one
repeats). Scenarios:
  valid            signed valid answer
  deny-<CODE>      signed refusal with that code
  forged           valid answer signed with another key
  replay           a genuine valid answer to an earlier nonce, replayed as it was
  replay-echo      a genuine signature over an earlier nonce, echoing the robot's nonce
  unsigned         valid answer with "signature": null
  other-account    genuine valid answer about another account
  other-robot      genuine valid answer about another robot
  other-server     genuine valid answer about the same login on another
                   trade server (the robot's server with "-2" appended)
  update           signed valid answer saying a newer version is out
                   (latestVersion "1.4.0", updateAvailable true)
  demo-refused     the owner's rule "demo accounts refused", read from the
                   request: tradeMode demo or contest gets a signed
                   DEMO_REFUSED, real a valid answer
  xp-only          a broker list naming "XPMT5-*": the server XPMT5-... is
                   valid, any other gets a signed BROKER_NOT_ALLOWED
  malleable        genuine valid answer whose S is replaced by S + L (same point,
                   non-canonical: RFC 8032 verifiers refuse it)
  replay-last      the answer this e-mail's previous request got, byte for byte
                   (a recorded answer replayed to a later request)
  http500          HTTP 500
  down             closes the connection without answering
  lic              a license that the control call cancels mid-run: valid
                   until POST /control/cancel?license=<+k value>, then a signed
                   CANCELLED
  oldthrottle      a signed THROTTLED as older servers sent it (HTTP 200, no
                   retryAfter, the twelve v3 fields signed)
deny-RATE_LIMITED and deny-THROTTLED answer HTTP 429 with a Retry-After header
and a signed JSON "retryAfter" (+r<n>, default 60), signed as the twelve v3
fields followed by "|<retryAfter>" (docs/license-signature.md). Every answer
carries latestVersion "1.3.0" and updateAvailable false unless said above;
deny-VERSION_WITHDRAWN names "1.4.0".
Paths: /api/webhooks/validate-license answers; /moved-301, /moved-302,
/moved-303, /moved-307, /moved-308 redirect there (to the https listener when there is one, else to
this one) with that status; /moved-loop redirects to itself; GET gets 405.
With STAND_IN_TLS_CERT/STAND_IN_TLS_KEY set it also listens with TLS
("TLSPORT <n>"), and with STAND_IN_BAD_TLS_CERT/_KEY on another port with a
certificate the robot must not trust ("BADTLSPORT <n>").
The robot lower-cases the e-mail, so deny-<code> is upper-cased again.
Options (any +<letter><n> is accepted; +u<n> only makes an e-mail unique):
+g<n> graceSeconds (default 86400); +s<n> serverTime of the k-th
request (k = 0, 1, ...) is now + k*n, for a robot whose clock the harness
advances; +e<n> expiresAt = now + n (+e0: null; default 30 days); +r<n>
retryAfter of RATE_LIMITED/THROTTLED; +k<n> the license number of "lic";
+f<n> flips the lowest bit of byte n (0-63) of the signature sent
(options come after the last scenario, and in lower case: the robot
lower-cases the e-mail).
A request that is not a well-formed protocol 3 request (its members exactly
v3's, a non-empty server, tradeMode demo/contest/real, an integer
terminalBuild, a 16-hex versionTag) gets HTTP 400.
"""
import json
import os
import re
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

ROBOT_ID, TENANT_ID = sys.argv[1], sys.argv[2]
ROBOT_KEY = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(sys.argv[3]))
OTHER_KEY = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(sys.argv[4]))
EARLIER_NONCE = "0123456789abcdef0123456789abcdef"

L = 2**252 + 27742317777372353535851937790883648493

lock = threading.Lock()
requests_by_email = {}
last_answer_by_email = {}
cancelled_licenses = set()
https_port = [None]


def signed_string(nonce, valid, code, expires_at, server_time, robot_id, account, server, grace, latest, update):
    return "v3|%s|%d|%s|%d|%d|%s|%d|%s|%d|%s|%d" % (
        nonce, 1 if valid else 0, code, expires_at or 0, server_time, robot_id, account, server, grace, latest,
        1 if update else 0)


def answer(nonce, valid, code, expires_at, server_time, account, grace, server, key=ROBOT_KEY, signed_nonce=None,
           robot_id=ROBOT_ID, retry_after=None, latest="1.3.0", update=False):
    message = signed_string(signed_nonce or nonce, valid, code, expires_at, server_time, robot_id, account, server,
                            grace, latest, update)
    if retry_after is not None:
        message += "|%d" % retry_after
    signature = key.sign(message.encode("utf-8")).hex()
    extra = {} if retry_after is None else {"retryAfter": retry_after}
    return {**extra, **{
        "valid": valid,
        "code": code,
        "message": "resposta do servidor de teste",
        "expiresAt": expires_at,
        "serverTime": server_time,
        "nonce": nonce,
        "graceSeconds": grace,
        "mtAccount": account,
        "server": server,
        "latestVersion": latest,
        "updateAvailable": update,
        "runningVersion": "1.3.0",
        "signature": signature,
    }}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_json(self, status, payload, headers=()):
        body = json.dumps(payload, separators=(",", ":")).encode("utf-8")
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)
        self.close_connection = True

    def redirect(self, status, location):
        self.send_response(status)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True

    def do_GET(self):
        self.send_json(405, {"error": "method not allowed", "path": self.path})

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length)
        if self.path.startswith("/control/cancel?license="):
            with lock:
                cancelled_licenses.add(self.path.split("=", 1)[1])
            self.send_json(200, {"cancelled": self.path.split("=", 1)[1]})
            return
        target = "/api/webhooks/validate-license"
        if https_port[0]:
            target = "https://localhost:%d%s" % (https_port[0], target)
        for status in (301, 302, 303, 307, 308):
            if self.path == "/moved-%d" % status:
                self.redirect(status, target)
                return
        if self.path == "/moved-loop":
            self.redirect(307, "/moved-loop")
            return
        try:
            request = json.loads(raw.decode("utf-8"))
            email = request["email"]
            account = request["mtAccount"]
            nonce = request["nonce"]
            server = request["server"]
            ok = (
                self.path == "/api/webhooks/validate-license"
                and self.headers.get("Content-Type") == "application/json"
                and request.get("protocol") == 3
                and isinstance(server, str) and server == server.strip() and 0 < len(server) <= 64
                and "|" not in server
                and isinstance(request.get("company"), str) and len(request["company"]) <= 128
                and request.get("tradeMode") in ("demo", "contest", "real")
                and isinstance(request.get("terminalBuild"), int)
                and re.fullmatch(r"[0-9a-f]{16}", request.get("versionTag", ""))
                and request.get("robotId") == ROBOT_ID
                and request.get("tenantId") == TENANT_ID
                and isinstance(account, int) and account > 0
                and isinstance(email, str) and "@" in email
                and re.fullmatch(r"[0-9a-f]{32}", nonce)
                and set(request) == {"email", "mtAccount", "server", "company", "tradeMode", "terminalBuild",
                                     "versionTag", "robotId", "tenantId", "nonce", "protocol"}
            )
        except (ValueError, KeyError, TypeError):
            ok = False
        if not ok:
            self.send_json(400, {"error": "not a protocol 3 request", "body": raw.decode("utf-8", "replace")})
            return
        local = email.split("@")[0]
        options = local.split("+")
        flow = options[0]
        opts = {o[0]: int(o[1:]) for o in options[1:]}
        cancelled = False
        if opts.get("k") is not None:
            with lock:
                cancelled = str(opts["k"]) in cancelled_licenses
        with lock:
            index = requests_by_email.get(email, 0)
            requests_by_email[email] = index + 1
            last = last_answer_by_email.get(email)
        phases = flow.split("-then-")
        scenario = phases[min(index, len(phases) - 1)]
        now = int(time.time()) + index * opts.get("s", 0)
        grace = opts.get("g", 86400)
        expiry = opts.get("e", 30 * 86400)
        expires_at = None if expiry == 0 else now + expiry
        if scenario == "down":
            self.close_connection = True
            return
        if scenario == "http500":
            self.send_json(500, {"error": "internal"})
            return
        if scenario == "replay-last":
            if last is None:
                self.send_json(400, {"error": "nothing to replay"})
            else:
                self.send_json(200, last)
            return
        payload = None
        status, headers = 200, []
        if scenario == "valid":
            payload = answer(nonce, True, "OK", expires_at, now, account, grace, server)
        elif scenario == "malleable":
            payload = answer(nonce, True, "OK", expires_at, now, account, grace, server)
            sig = bytes.fromhex(payload["signature"])
            s_plus_l = int.from_bytes(sig[32:], "little") + L
            payload["signature"] = (sig[:32] + s_plus_l.to_bytes(32, "little")).hex()
        elif scenario == "lic":
            if cancelled:
                payload = answer(nonce, False, "CANCELLED", None, now, account, grace, server)
            else:
                payload = answer(nonce, True, "OK", expires_at, now, account, grace, server)
        elif scenario.startswith("deny-") and scenario[5:].upper() in ("RATE_LIMITED", "THROTTLED"):
            retry_after = opts.get("r", 60)
            status = 429
            headers = [("Retry-After", str(retry_after))]
            payload = answer(nonce, False, scenario[5:].upper(), None, now, account, grace, server,
                             retry_after=retry_after)
        elif scenario == "oldthrottle":
            payload = answer(nonce, False, "THROTTLED", None, now, account, grace, server)
        elif scenario == "deny-version_withdrawn":
            payload = answer(nonce, False, "VERSION_WITHDRAWN", None, now, account, grace, server, latest="1.4.0")
        elif scenario.startswith("deny-"):
            payload = answer(nonce, False, scenario[5:].upper(), None, now, account, grace, server)
        elif scenario == "forged":
            payload = answer(nonce, True, "OK", expires_at, now, account, grace, server, key=OTHER_KEY)
        elif scenario == "replay":
            payload = answer(EARLIER_NONCE, True, "OK", expires_at, now, account, grace, server)
        elif scenario == "replay-echo":
            payload = answer(nonce, True, "OK", expires_at, now, account, grace, server, signed_nonce=EARLIER_NONCE)
        elif scenario == "other-account":
            payload = answer(nonce, True, "OK", expires_at, now, account + 1, grace, server)
        elif scenario == "other-robot":
            payload = answer(nonce, True, "OK", expires_at, now, account, grace, server,
                             robot_id="0193a5b2-7c1e-7d3f-9a4b-000000000001")
        elif scenario == "other-server":
            payload = answer(nonce, True, "OK", expires_at, now, account, grace, server + "-2")
        elif scenario == "update":
            payload = answer(nonce, True, "OK", expires_at, now, account, grace, server, latest="1.4.0", update=True)
        elif scenario == "demo-refused":
            refused = request["tradeMode"] in ("demo", "contest")
            payload = answer(nonce, not refused, "DEMO_REFUSED" if refused else "OK", None if refused else expires_at,
                             now, account, grace, server)
        elif scenario == "xp-only":
            allowed = server.startswith("XPMT5-")
            payload = answer(nonce, allowed, "OK" if allowed else "BROKER_NOT_ALLOWED",
                             expires_at if allowed else None, now, account, grace, server)
        elif scenario == "unsigned":
            payload = answer(nonce, True, "OK", expires_at, now, account, grace, server)
            payload["signature"] = None
        else:
            self.send_json(400, {"error": "unknown scenario " + scenario})
            return
        if "f" in opts and payload.get("signature"):
            sig = bytearray(bytes.fromhex(payload["signature"]))
            sig[opts["f"]] ^= 1
            payload["signature"] = sig.hex()
        with lock:
            last_answer_by_email[email] = payload
        self.send_json(status, payload, headers=headers)


def tls_server(cert, key):
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("PORT %d" % server.server_address[1], flush=True)
    if os.environ.get("STAND_IN_TLS_CERT"):
        good = tls_server(os.environ["STAND_IN_TLS_CERT"], os.environ["STAND_IN_TLS_KEY"])
        https_port[0] = good.server_address[1]
        print("TLSPORT %d" % https_port[0], flush=True)
    if os.environ.get("STAND_IN_BAD_TLS_CERT"):
        bad = tls_server(os.environ["STAND_IN_BAD_TLS_CERT"], os.environ["STAND_IN_BAD_TLS_KEY"])
        print("BADTLSPORT %d" % bad.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The harness's self-test (run through ../selftest.sh). No cargo, no network
beyond 127.0.0.1.

(a) the template's own SHA-512 and Ed25519 code, extracted from
    shared/src/domain/mql5/auth_template.mq5, against RFC 8032 section 7.1 TEST 1-3,
    FIPS 180-4 "abc" and hashlib, and a set of must-fail signatures;
(b) the whole template, placeholders substituted, against a protocol v3
    stand-in server (stand_in_server.py): every outcome the robot can meet;
(c) one-character changes to the template that must break the valid case;
realworld.run_all: HTTPS, redirects, old storage code, several charts and
    terminals at once (realworld.py; on the real template only; its http-only
    scenarios are @scenario groups of the suite of (b), so run on every mutant).

(d) the mutation catalogue (mutants.py): edits that weaken the template
    without breaking valid answers, each built and run through the suite of
    (b), which must kill every one; prints the mutation score.

Prints one line per check and "N passed, M failed"; exits 1 on any failure.
Options: --add-equivalent-mutant, --no-mutants, --no-realworld; environment
MQL5_SELFTEST_EXTRA_MUTANT, MQL5_SELFTEST_MUTANTS, MQL5_SELFTEST_KEEP (README.md).
"""
import argparse
import concurrent.futures
import hashlib
import itertools
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback

sys.dont_write_bytecode = True

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

# Run as a script, this module is also importable as `selftest` (the same
# module object, not a second copy), so scenario files can register with it.
sys.modules.setdefault("selftest", sys.modules[__name__])

import mutants  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import extract  # noqa: E402  (tools/mql5-harness)
import translate  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.dirname(HERE)
REPO = os.path.dirname(os.path.dirname(HARNESS))
TEMPLATE = os.path.join(REPO, "shared", "src", "domain", "mql5", "auth_template.mq5")
PY = sys.executable

ROBOT_ID = "0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012"
TENANT_ID = "0193a5b2-0000-7000-8000-00000000000a"
DOMAIN = "lucrobot.com.br"
ACCOUNT = 51234567
# The harness's default ACCOUNT_SERVER (MQL5_SERVER), and the version tag the
# suite's robots are rendered with ({{VERSION_TAG}}).
SERVER = "MetaQuotes-Demo"
VERSION_TAG = "3f1c0a9b7d2e4c6f"
# RFC 8032 7.1 TEST 1's key is the robot's; TEST 2's plays a forger.
ROBOT_SECRET = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"
OTHER_SECRET = "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb"

# RFC 8032 section 7.1, as printed there: (secret, public, message, signature).
RFC8032 = [
    ("TEST 1", "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
    ("TEST 2", "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
    ("TEST 3", "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
]
SHA512_ABC = ("ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
              "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
L = 2**252 + 27742317777372353535851937790883648493
# docs/license-signature.md, "Protocol v2" and "v3", worked examples (RFC 8032 TEST 1's key).
DOC_EXAMPLES = [
    ("valid", "v2|9f86d081884c7d659a2feaa0c55ad015|1|OK|1767225600|1764000000|"
              "0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012|51234567|86400",
     "a9ddae31d18127d4712dd43a8fe0f0e2a0bd5c0b6eb3534994561d83ec6d31aa"
     "0a0d25a1ed7382d5305a8af134bf2ef17534dcfcf78252f1a4c048d8cf98be09"),
    ("ACCOUNT_MISMATCH", "v2|9f86d081884c7d659a2feaa0c55ad015|0|ACCOUNT_MISMATCH|0|1764000000|"
                         "0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012|51234567|86400",
     "b4cf09de738c9ffe6f84dd5e8b56e3d294d798ce661f47e97cc04e4e3373a1fa"
     "63a20ffc14bdd31f7ff8959c254e7bdd900913cafd5a0d75cb7757470d721309"),
    # "Protocol v3", worked example: the account on its trade server, an update out.
    ("v3 valid, update available", "v3|9f86d081884c7d659a2feaa0c55ad015|1|OK|1767225600|1764000000|"
                                   "0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012|51234567|XPMT5-DEMO|86400|1.4.0|1",
     "4e558b8c4ef9cf83a697c2b36e59ba693c45884bced6afa00694be67dfea4816"
     "c513af57b27ae5bd6bad74940573eea2627bcfc53b9e09bf82fc97d434e88b03"),
]

# The template's own hex, SHA-512 and Ed25519 code: what (a) extracts, and what
# (d) compiles once and reuses across mutants that leave it alone.
CRYPTO_PREFIXES = ("RF_HexDigit", "RF_HexToBytes", "RF_BytesToHex", "RF_SHA512_", "RF_Rotr64", "RF_Sha512",
                   "RF_GF_", "RF_ED_", "RF_Fe", "RF_Point", "RF_Scalar", "RF_ModL", "RF_ReduceScalar", "RF_Ed25519")

results = {"passed": 0, "failed": 0}
timings = {}


def check(name, ok, detail=""):
    if ok:
        results["passed"] += 1
        print("ok    " + name, flush=True)
    else:
        results["failed"] += 1
        print("FAIL  " + name, flush=True)
        if detail:
            print("      " + detail.rstrip().replace("\n", "\n      "), flush=True)


def build(source_path, binary):
    p = subprocess.run([os.path.join(HARNESS, "build.sh"), source_path, binary],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return p.returncode == 0, p.stdout


def run(binary, env_extra, timeout=60):
    env = {k: v for k, v in os.environ.items() if not k.startswith("MQL5_")}
    env.update({k: str(v) for k, v in env_extra.items()})
    p = subprocess.run([binary], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def render(template_text, url, policy, public_key, out_path, ea=True):
    path = out_path + ".template"
    with open(path, "w", encoding="utf-8") as f:
        f.write(template_text)
    subprocess.run([PY, os.path.join(HARNESS, "render.py"), path, out_path,
                    "TENANT_AUTH_URL=" + url, "TENANT_ID=" + TENANT_ID, "TENANT_DOMAIN=" + DOMAIN,
                    "ROBOT_ID=" + ROBOT_ID, "ROBOT_PUBLIC_KEY=" + public_key, "LAPSE_POLICY=" + policy,
                    "VERSION_TAG=" + VERSION_TAG]
                   + ([] if ea else ["--no-ea"]), check=True)


def public_hex(secret_hex):
    key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(secret_hex))
    return key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw).hex()


# ------------------------------------------------------------------ (a)
def flip(hex_text, bit):
    b = bytearray(bytes.fromhex(hex_text))
    b[bit // 8] ^= 1 << (bit % 8)
    return b.hex()


def crypto_driver():
    """MQL5 that runs the template's functions on the vectors; prints CHECK lines."""
    sign_cases = []
    for name, secret, public, message, signature in RFC8032:
        sign_cases.append(("RFC 8032 7.1 %s verifies" % name, public, message, signature, True))
    t1, t2, t3 = RFC8032
    sign_cases += [
        ("TEST 1 with one bit of R flipped is refused", t1[2], t1[3], flip(t1[4], 0), False),
        ("TEST 1 with the top bit of R flipped is refused", t1[2], t1[3], flip(t1[4], 255), False),
        ("TEST 2 with one bit of S flipped is refused", t2[2], t2[3], flip(t2[4], 256 + 77), False),
        ("TEST 2 with one bit of the message flipped is refused", t2[2], flip(t2[3], 3), t2[4], False),
        ("TEST 3 with one bit of the message flipped is refused", t3[2], flip(t3[3], 12), t3[4], False),
        ("TEST 3 with one bit of the public key flipped is refused", flip(t3[2], 9), t3[3], t3[4], False),
        ("TEST 2's signature under TEST 1's key is refused", t1[2], t2[3], t2[4], False),
        ("TEST 1 with a message byte appended is refused", t1[2], "00", t1[4], False),
    ]
    # Non-canonical S = S + L: same point, must be refused (RFC 8032 5.1.7 step 1).
    s = int.from_bytes(bytes.fromhex(t1[4])[32:], "little") + L
    sign_cases.append(("TEST 1 with S + L (non-canonical S) is refused", t1[2], t1[3],
                       t1[4][:64] + s.to_bytes(32, "little").hex(), False))
    # A public key whose y is p (not canonical).
    sign_cases.append(("a public key with y = p is refused", "ed" + "ff" * 30 + "7f", t1[3], t1[4], False))
    # The worked example of docs/license-signature.md (Protocol v2), as printed there.
    for what, message, signature in DOC_EXAMPLES:
        sign_cases.append(("docs worked example (%s) verifies" % what, t1[2], message.encode().hex(), signature, True))
        sign_cases.append(("docs worked example (%s) with another account is refused" % what, t1[2],
                           message.replace("|51234567|", "|51234568|").encode().hex(), signature, False))
    # Random keys and messages, signed by `cryptography`.
    for n, size in enumerate([1, 31, 64, 111, 112, 200, 1000]):
        k = Ed25519PrivateKey.generate()
        m = os.urandom(size)
        pub = k.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw).hex()
        sig = k.sign(m).hex()
        sign_cases.append(("random key %d, %d-byte message verifies" % (n, size), pub, m.hex(), sig, True))
        sign_cases.append(("random key %d, last signature bit flipped, refused" % n, pub, m.hex(), flip(sig, 511), False))

    hash_cases = [("SHA-512(\"abc\") (FIPS 180-4)", b"abc".hex(), SHA512_ABC)]
    for size in (0, 1, 111, 112, 127, 128, 239, 240, 1000):
        data = bytes((i * 7 + 3) % 256 for i in range(size))
        hash_cases.append(("SHA-512 of %d bytes = hashlib" % size, data.hex(), hashlib.sha512(data).hexdigest()))

    lines = [
        "// --- selftest driver (generated by selftest.py) ---",
        "int T_Passed = 0;",
        "int T_Failed = 0;",
        "void T_Report(const string name, const bool ok)",
        "  {",
        "   if(ok) T_Passed++; else T_Failed++;",
        "   PrintFormat(\"CHECK %s %s\", ok ? \"ok\" : \"FAIL\", name);",
        "  }",
        "bool T_Verify(const string pk_hex, const string msg_hex, const string sig_hex)",
        "  {",
        "   uchar pk[];",
        "   uchar msg[];",
        "   uchar sig[];",
        "   if(!RF_HexToBytes(pk_hex, pk, StringLen(pk_hex) / 2) || !RF_HexToBytes(msg_hex, msg, StringLen(msg_hex) / 2) ||",
        "      !RF_HexToBytes(sig_hex, sig, StringLen(sig_hex) / 2))",
        "      return(false);",
        "   return(RF_Ed25519Verify(sig, msg, ArraySize(msg), pk));",
        "  }",
        "string T_Sha512Hex(const string data_hex)",
        "  {",
        "   uchar data[];",
        "   uchar digest[];",
        "   RF_HexToBytes(data_hex, data, StringLen(data_hex) / 2);",
        "   RF_Sha512(data, ArraySize(data), digest);",
        "   return(RF_BytesToHex(digest, 64));",
        "  }",
        "int OnInit()",
        "  {",
    ]
    for name, data_hex, digest in hash_cases:
        lines.append('   T_Report("%s", T_Sha512Hex("%s") == "%s");' % (name.replace('"', '\\"'), data_hex, digest))
    for name, pk, msg, sig, expect in sign_cases:
        lines.append('   T_Report("Ed25519: %s", T_Verify("%s", "%s", "%s") == %s);'
                     % (name, pk, msg, sig, "true" if expect else "false"))
    t2 = RFC8032[1]
    lines += [
        "   ulong started = GetMicrosecondCount();",
        "   bool all = true;",
        "   for(int i = 0; i < 20; i++)",
        '      all = T_Verify("%s", "%s", "%s") && all;' % (t2[2], t2[3], t2[4]),
        "   ulong spent = GetMicrosecondCount() - started;",
        '   T_Report("Ed25519: 20 repeated verifications", all);',
        '   PrintFormat("TIMING verify_us=%I64u", spent / 20);',
        '   PrintFormat("RESULT passed=%d failed=%d", T_Passed, T_Failed);',
        "   return(INIT_SUCCEEDED);",
        "  }",
    ]
    return "\n".join(lines) + "\n"


def part_a(work):
    print("== (a) the template's SHA-512 and Ed25519 against RFC 8032 / FIPS 180-4", flush=True)
    for name, secret, public, message, signature in RFC8032:
        key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(secret))
        check("vector sanity: `cryptography` reproduces RFC 8032 %s" % name,
              public_hex(secret) == public and key.sign(bytes.fromhex(message)).hex() == signature)
    robot_key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(ROBOT_SECRET))
    for what, message, signature in DOC_EXAMPLES:
        check("docs worked example (%s): `cryptography` gives the documented signature" % what,
              robot_key.sign(message.encode()).hex() == signature)
        check("docs worked example (%s) appears in docs/license-signature.md" % what, _in_docs(message, signature))
    p = subprocess.run([PY, os.path.join(HARNESS, "extract.py"), TEMPLATE] + list(CRYPTO_PREFIXES),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    check("extract the crypto functions from the template", p.returncode == 0, p.stderr)
    if p.returncode != 0:
        return
    extracted = p.stdout
    for needed in ("bool RF_Ed25519Verify(", "void RF_Sha512(", "void RF_ModL(", "const ulong RF_SHA512_K[80]"):
        check("extracted code contains %s" % needed, needed in extracted)
    source = os.path.join(work, "crypto.mq5")
    with open(source, "w", encoding="utf-8") as f:
        f.write(extracted + crypto_driver())
    binary = os.path.join(work, "crypto")
    ok, log = build(source, binary)
    check("build the crypto test with build.sh", ok, log)
    if not ok:
        return
    rc, out, err = run(binary, {})
    check("crypto test exits 0", rc == 0, out + err)
    for m in re.finditer(r"^PRINT: CHECK (ok|FAIL) (.*)$", out, re.M):
        check(m.group(2), m.group(1) == "ok")
    m = re.search(r"^PRINT: RESULT passed=(\d+) failed=(\d+)$", out, re.M)
    check("crypto driver ran to the end", m is not None and m.group(2) == "0", out[-2000:])
    t = re.search(r"TIMING verify_us=(\d+)", out)
    if t:
        timings["verify_us"] = int(t.group(1))


def _in_docs(*needles):
    path = os.path.join(REPO, "docs", "license-signature.md")
    if not os.path.exists(path):
        return False
    text = open(path, encoding="utf-8").read()
    return all(n in text for n in needles)


# ------------------------------------------------------------------ (b)
# The behavioural suite: every scenario the robot can meet, written once and
# run on any set of built robots (the real template in (b), each mutant of
# mutants.py in (d)). See run_suite() and README.md.
SUITE_URL = [None]   # the stand-in's URL the suite's robots use (set when it starts)


class Server:
    def __init__(self):
        self.proc = subprocess.Popen(
            [PY, os.path.join(HERE, "stand_in_server.py"), ROBOT_ID, TENANT_ID, ROBOT_SECRET, OTHER_SECRET],
            stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        m = re.match(r"PORT (\d+)", line)
        if not m:
            self.proc.kill()
            raise SystemExit("stand-in server did not start: %r" % line)
        self.port = int(m.group(1))
        self.url = "http://127.0.0.1:%d/api/webhooks/validate-license" % self.port
        SUITE_URL[0] = self.url

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def closed_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


# Unique numbers for e-mails and folders, shared by the threads of (d).
_serial = itertools.count(1)


class Result:
    """One run of a robot: exit code, stdout (+ stderr), the common folder and account it used."""

    def __init__(self, rc, out, common, account):
        self.rc, self.out, self.common, self.account = rc, out, common, account

    def __iter__(self):   # rc, out = robot.run(...)
        return iter((self.rc, self.out))

    def __getitem__(self, i):   # robot.run(...)[1]: the output
        return (self.rc, self.out)[i]


class Robot:
    """Runs one built robot binary with a fresh or given common Files folder.
    serial: a counter realworld.py uses for its own unique e-mails and folders
    (kept apart from _serial's numbers)."""

    serial = 10 ** 6

    def __init__(self, binary, work, env=None):
        self.binary = binary
        self.work = work
        self.env = dict(env or {})

    def common(self):
        path = os.path.join(self.work, "common-%d" % next(_serial))
        os.makedirs(path)
        return path

    def run(self, email, common=None, account=ACCOUNT, unique=True, **env):
        """email: the stand-in's scenario (see stand_in_server.py), made unique per run
        unless unique=False; None types no e-mail. env: MQL5_* settings."""
        common = common or self.common()
        e = dict(self.env)
        e.update({"MQL5_ACCOUNT": account, "MQL5_COMMON_DIR": common})
        if email is not None:
            # The stand-in server counts requests per e-mail: make each run's unique.
            if unique:
                local, _, domain = email.partition("@")
                email = "%s+u%d@%s" % (local, next(_serial), domain)
            e["MQL5_INPUT_LicenseEmail"] = email
        e.update(env)
        try:
            rc, out, err = run(self.binary, e, timeout=30)
        except subprocess.TimeoutExpired as timeout:
            rc, out, err = -1, (timeout.stdout or b"").decode("utf-8", "replace") if isinstance(
                timeout.stdout, bytes) else (timeout.stdout or ""), "timed out after 30 s"
        return Result(rc, out + ("\n[stderr]\n" + err if err else ""), common, account)


class Robots:
    """The robots one suite run uses: the same template rendered with the lapse
    policies stop and manage against the stand-in server, and optionally one
    whose server port is closed (refused: None skips the scenario that needs it)."""

    def __init__(self, stop, manage, refused=None):
        self.stop, self.manage, self.refused = stop, manage, refused
        self.template = None   # the template text the robots were built from (for checks of other builds)


class SuiteStopped(Exception):
    pass


class Suite:
    """Collects the outcome of each scenario. report(name, ok, detail) is called
    for each; with fail_fast the run stops at the first failure."""

    def __init__(self, report=None, fail_fast=False):
        self.report = report
        self.fail_fast = fail_fast
        self.failures = []
        self.passed = 0

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failures.append((name, detail))
        if self.report:
            self.report(name, ok, detail)
        if not ok and self.fail_fast:
            raise SuiteStopped()

    def expect(self, name, result, has=(), lacks=(), trace=None, stored=None):
        """has/lacks: regular expressions for whole lines. trace: the exact list of
        the run's structural lines (INIT, CANOPEN, TICK, ALERT, EVENT, DEINIT and
        the guard probe), in order. stored: whether the stored answer
        (RoboForge\\<robot>_<account>.lic under the common folder) exists afterwards."""
        rc, out = result.rc, result.out
        problems = line_problems(rc, out, has, lacks)
        if trace is not None:
            got = structural(out)
            if not trace_matches(got, trace):
                problems.append("trace differs:\n  expected: %s\n  got:      %s" % ("\n            ".join(trace),
                                                                                 "\n            ".join(got)))
        if stored is not None:
            exists = os.path.exists(lic_file(result.common, result.account))
            if exists != stored:
                problems.append("stored answer %s afterwards" % ("present" if exists else "absent"))
        self.check(name, not problems, "; ".join(problems) + "\n--- output ---\n" + out)


class Rx(str):
    """A trace line given as a regular expression (a plain str is matched literally)."""


def trace_matches(got, trace):
    trace = list(trace)
    if len(got) != len(trace):
        return False
    for line, want in zip(got, trace):
        if isinstance(want, Rx):
            if not re.fullmatch(want, line):
                return False
        elif line != want:
            return False
    return True


STRUCTURAL = re.compile(r"^(?:(?:INIT|CANOPEN|TICK|ALERT|EVENT|DEINIT|CRITICAL|HARNESS): |PRINT: GUARD: )")


def structural(out):
    return [line for line in out.splitlines() if STRUCTURAL.match(line)]


def lic_file(common, account=ACCOUNT):
    return os.path.join(common, "RoboForge", "%s_%d.lic" % (ROBOT_ID, account))


# What the robot's user reads for each signed refusal (regular expressions).
PORTAL = re.escape("https://lucrobot.com.br/login")
CHECK_LIST = (re.escape("Confira: 1) o e-mail exatamente como foi digitado na compra (parâmetro \"E-mail usado na compra\"); "
                        "2) a conta MT5 %d confirmada no portal do cliente; 3) o portal do cliente: " % ACCOUNT) + PORTAL
              + re.escape("; 4) se todas as vagas da licença estão em uso, libere uma no portal do cliente"))
MESSAGES = {
    "NOT_FOUND": re.escape("ERRO: Licença não encontrada para este e-mail e este robô."),
    "EXPIRED": re.escape("ERRO: Licença expirada. Renove a licença para continuar usando o robô."),
    "SUSPENDED": re.escape("ERRO: Licença suspensa ou inativa. Fale com o vendedor."),
    "INACTIVE": re.escape("ERRO: Licença suspensa ou inativa. Fale com o vendedor."),
    "ROBOT_INACTIVE": re.escape("ERRO: Licença suspensa ou inativa. Fale com o vendedor."),
    "TENANT_SUSPENDED": re.escape("ERRO: Licença suspensa ou inativa. Fale com o vendedor."),
    "CANCELLED": re.escape("ERRO: Licença cancelada. Fale com o vendedor."),
    "NOT_RECOGNIZED": re.escape("ERRO: licença não reconhecida para este e-mail e esta conta. ") + CHECK_LIST,
    "ACCOUNT_MISMATCH": re.escape("ERRO: Conta MT5 não autorizada! ") + CHECK_LIST,
    "NOT_CONFIRMED": re.escape("Confirme o número da conta no portal do cliente antes de usar o robô: ") + PORTAL,
    "THROTTLED": re.escape("Muitas tentativas; tente novamente em alguns minutos."),
    "RATE_LIMITED": re.escape("Muitas tentativas; tente novamente em alguns minutos."),
    # Protocol v3's policy refusals (the harness's account: a demo account on MetaQuotes-Demo).
    "DEMO_REFUSED": re.escape("ERRO: esta licença não aceita contas demo. Use o robô em uma conta real."),
    "TRIAL_DEMO_ONLY": re.escape("ERRO: licença de teste: use o robô em uma conta demo. Para a conta real, compre a "
                                 "licença no portal."),
    "BROKER_NOT_ALLOWED": re.escape("ERRO: esta corretora não é autorizada para este robô (servidor %s). Corretoras "
                                    "aceitas: veja a lista no portal do cliente: " % SERVER) + PORTAL,
    "VERSION_WITHDRAWN": re.escape("ERRO: esta versão do robô foi retirada pelo vendedor. Baixe a versão 1.4.0 no "
                                   "portal do cliente: ") + PORTAL,
    # Holds (issue 37): the license is not ended, and the robot says why.
    "DISPUTED": re.escape("ERRO: Licença suspensa: há uma contestação de pagamento em aberto. Fale com o vendedor."),
    "PAYMENT_OVERDUE": re.escape("ERRO: Licença suspensa: o pagamento da assinatura está atrasado. Ela volta assim "
                                 "que o pagamento for confirmado."),
    "SOMETHING_NEW": re.escape("ERRO: Licença recusada pelo servidor (código SOMETHING_NEW)."),
}
# Signed refusals that mean "not now": no verdict, the stored grace applies.
RETRY_LATER = ("THROTTLED", "RATE_LIMITED")
MISSING_TEXT = re.escape('ERRO: preencha o parâmetro "E-mail usado na compra" (LicenseEmail) com o e-mail usado na '
                         'compra do robô.')
# No trustworthy answer at start-up: the robot waits on the chart (INIT 0,
# canOpen 0, a 10 s timer) and alerts why; past the grace on a re-check it lapses.
WAIT_ALERT = "ALERT: ⚠ Licença ainda não confirmada: "
GENERIC = Rx(r"ALERT: ⚠ Licença encerrada: .* e a tolerância sem servidor acabou\. .*")
WAITING = ["INIT: 0", "CANOPEN: 0", "EVENT: EventSetTimer 10"]   # realworld.py's has= lines
CLOCK_WARNING = r"PRINT: RoboForge: o relógio do computador difere %s s do servidor; acerte a data e a hora\."
GRACE = r"PRINT: RoboForge: servidor de licenças indisponível; operando no período de tolerância até \d{4}\.\d\d\.\d\d \d\d:\d\d\."
VALID = r"PRINT: RoboForge: licença válida \(lucrobot\.com\.br\)\."
MANAGE = ("PRINT: RoboForge: licença encerrada; o robô continua apenas gerenciando as posições abertas "
          "e não abrirá novas.")
BAD_SIGNATURE = r"PRINT: RoboForge: assinatura da resposta inválida\."
STORED_BAD_SIGNATURE = r"PRINT: RoboForge: licença guardada neste computador ignorada: assinatura da resposta inválida\."
STORED_BEFORE_ISSUE = (r"PRINT: RoboForge: licença guardada ignorada: o relógio do computador está antes da data em "
                       r"que ela foi emitida\.")
LOCAL_TZ = -10800   # the harness's default TimeLocal() - TimeGMT()

# The EA the suite's robots run: render.py's minimal EA plus a probe of the
# position guard just before each timer event (where the EA's own trading code
# would ask it, between re-checks).
SUITE_EA = """
// --- selftest EA (selftest.py): the minimal EA plus a probe of the position guard ---
int OnInit(){ return RF_OnInit(); }
void OnTimer()
  {
   PrintFormat("GUARD: canOpen=%d tradingAllowed=%d", RF_CanOpenPositions() ? 1 : 0, RF_TradingAllowed() ? 1 : 0);
   RF_OnTimer();
  }
void OnDeinit(const int reason){}
void OnTick(){}
"""


def render_suite_robot(template_text, url, policy, out_path):
    """The template with its placeholders substituted (render.py) and SUITE_EA appended."""
    render(template_text, url, policy, public_hex(ROBOT_SECRET), out_path, ea=False)
    with open(out_path, "a", encoding="utf-8") as f:
        f.write(SUITE_EA)


# Traces: the structural lines of a run (see Suite.expect).
START_OK = ["EVENT: EventSetTimer 3600", "INIT: 0", "CANOPEN: 1"]


def init_failed(alert, code=1):
    """A signed refusal (or the missing e-mail, code 2) at start-up; alert: a regex."""
    return [Rx("ALERT: " + alert), "INIT: %d" % code, "CANOPEN: 0", "DEINIT: 8"]


def waiting(why=".*", fix=".*"):
    """No verdict at start-up: stays on the chart opening nothing, retries on a 10 s timer."""
    return [Rx(re.escape(WAIT_ALERT) + why + r"\. O robô continua no gráfico sem abrir posições e tenta de novo "
               r"sozinho\. " + fix), "EVENT: EventSetTimer 10", "INIT: 0", "CANOPEN: 0", "DEINIT: 1"]


def tick(i, before, removed, after, *during):
    """The i-th timer event: the guard before it, the alerts/events during it, the TICK line."""
    return (["PRINT: GUARD: canOpen=%d tradingAllowed=%d" % (before, before)] + list(during)
            + ["TICK: %d removed=%d canOpen=%d" % (i, removed, after)])


def ticks_ok(first, last):
    out = []
    for i in range(first, last + 1):
        out += tick(i, 1, 0, 1)
    return out


REMOVED = ["EVENT: ExpertRemove"]


def signed_answer(nonce, valid=True, code="OK", server_time=None, grace=86400, expires_at=None,
                  account=ACCOUNT, robot_id=ROBOT_ID, secret=ROBOT_SECRET, server=SERVER, latest="1.3.0",
                  update=False):
    """A protocol v3 answer as the server would send it, signed with secret."""
    server_time = int(time.time()) if server_time is None else server_time
    message = "v3|%s|%d|%s|%d|%d|%s|%d|%s|%d|%s|%d" % (nonce, 1 if valid else 0, code, expires_at or 0, server_time,
                                                      robot_id, account, server, grace, latest, 1 if update else 0)
    key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(secret))
    return json.dumps({"valid": valid, "code": code, "message": "resposta do servidor de teste",
                       "expiresAt": expires_at, "serverTime": server_time, "nonce": nonce, "graceSeconds": grace,
                       "mtAccount": account, "server": server, "latestVersion": latest, "updateAvailable": update,
                       "signature": key.sign(message.encode()).hex()}, separators=(",", ":"))


def plant_stored(common, account=ACCOUNT, tag="v3", **answer):
    """Writes a stored answer where and as the template keeps it ("v3\\n<nonce>\\n<answer>")."""
    nonce = os.urandom(16).hex()
    path = lic_file(common, account)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("%s\n%s\n%s" % (tag, nonce, signed_answer(nonce, account=account, **answer)))
    return path


def grace_text(until):
    """RF_LocalTimeText: the GMT instant until as the harness's local clock shows it."""
    return time.strftime("%Y.%m.%d %H:%M", time.gmtime(until + LOCAL_TZ))


def grace_line(until):
    return ("PRINT: RoboForge: servidor de licenças indisponível; operando no período de tolerância até %s\\."
            % re.escape(grace_text(until)))


SCENARIOS = []


def scenario(fn):
    """Registers fn(t, r) as a group of scenarios of the suite (t: Suite, r: Robots)."""
    SCENARIOS.append(fn)
    return fn


def run_suite(robots, report=None, fail_fast=False, groups=None):
    """Runs every registered scenario group on robots (a Robots). Returns the
    failures as a list of (scenario name, detail); empty when all passed."""
    suite = Suite(report, fail_fast)
    try:
        for group in (groups or SCENARIOS):
            group(suite, robots)
    except SuiteStopped:
        pass
    return suite.failures


@scenario
def valid_and_missing(t, r):
    res = r.stop.run("valid@test")
    t.expect("valid answer: INIT 0, licensed, hourly timer", res, has=[VALID],
             trace=START_OK + ["DEINIT: 1"], stored=True)
    path = lic_file(res.common)
    text = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
    lines = text.split("\n", 2)
    t.check("valid answer is stored under FILE_COMMON as RoboForge\\<robot>_<account>.lic (v3, its nonce, the answer)",
            len(lines) == 3 and lines[0] == "v3" and re.fullmatch("[0-9a-f]{32}", lines[1]) is not None
            and '"nonce":"%s"' % lines[1] in lines[2] and '"signature":"' in lines[2], text)
    t.expect("valid answer, policy manage: the same", r.manage.run("valid@test"), has=[VALID],
             trace=START_OK + ["DEINIT: 1"], stored=True)
    t.expect("strategy tester: licensed without asking", r.stop.run("down@test", MQL5_TESTER=1),
             trace=["INIT: 0", "CANOPEN: 1", "DEINIT: 1"], lacks=["PRINT: .*"], stored=False)
    t.expect("missing e-mail: INIT_PARAMETERS_INCORRECT naming the input", r.stop.run(None),
             trace=init_failed(MISSING_TEXT, 2), lacks=[".*Número da Conta.*"], stored=False)
    t.expect("no account logged in (login 0): waits for the login, opening nothing",
             r.stop.run("valid@test", account=0), trace=waiting("o terminal ainda não entrou em uma conta MT5"),
             lacks=[VALID], stored=False)
    common = r.stop.common()
    plant_stored(common)
    t.expect("missing e-mail with a stored answer within grace: INIT_PARAMETERS_INCORRECT all the same, the answer kept",
             r.stop.run(None, common), trace=init_failed(MISSING_TEXT, 2), lacks=[GRACE], stored=True)
    common = r.manage.common()
    plant_stored(common, account=0)
    t.expect("no account logged in with a stored answer for login 0: waits, no grace (manage)",
             r.manage.run("valid@test", common, account=0), trace=waiting("o terminal ainda não entrou em uma conta MT5"),
             lacks=[GRACE])


@scenario
def signed_refusals(t, r):
    for label, robot in (("stop", r.stop), ("manage", r.manage)):
        for code, message in MESSAGES.items():
            common = robot.common()
            plant_stored(common)
            res = robot.run("deny-%s@test" % code, common)
            if code in RETRY_LATER:
                t.expect("signed %s with a stored answer within grace (%s): runs in grace, not a verdict" % (code, label),
                         res, has=["PRINT: RoboForge: " + message, GRACE],
                         trace=START_OK + ["DEINIT: 1"], stored=True)
                t.expect("signed %s (429, retryAfter 60) with nothing stored (%s): waits at least 60 s" % (code, label),
                         robot.run("deny-%s@test" % code),
                         trace=waiting(r"o servidor de licenças pediu para aguardar 60 s \(muitas tentativas\)"),
                         has=["PRINT: RoboForge: " + message], lacks=[GRACE], stored=False)
            else:
                t.expect("signed refusal %s (%s): INIT 1 with its pt-BR alert, the stored answer forgotten"
                         % (code, label), res, trace=init_failed(message), lacks=[VALID, GRACE], stored=False)


@scenario
def untrustworthy_answers(t, r):
    def refused(name, email, print_line, **env):
        t.expect(name, r.stop.run(email, **env), has=[print_line], trace=waiting(),
                 lacks=[VALID], stored=False)
    refused("forged signature (another key) refused", "forged@test", BAD_SIGNATURE)
    refused("replayed answer (earlier nonce) refused", "replay@test",
            r"PRINT: RoboForge: a resposta não corresponde a esta consulta\.")
    refused("signature over an earlier nonce, echoing ours, refused", "replay-echo@test", BAD_SIGNATURE)
    refused("unsigned answer refused", "unsigned@test",
            r"PRINT: RoboForge: resposta do servidor de licenças incompleta\.")
    refused("HTTP 500 refused", "http500@test", r"PRINT: RoboForge: o servidor de licenças respondeu HTTP 500\.")
    refused("genuine answer about another account refused (the account is signed)", "other-account@test",
            BAD_SIGNATURE)
    refused("genuine answer about another robot refused (the robot id is signed)", "other-robot@test", BAD_SIGNATURE)
    refused("genuine signature made non-canonical (S + L) refused", "malleable@test", BAD_SIGNATURE)
    for byte in (0, 31, 32, 63):
        refused("genuine valid answer with bit 0 of signature byte %d flipped refused" % byte,
                "valid+f%d@test" % byte, BAD_SIGNATURE)
    # A recorded answer replayed to a later start (the robot's own earlier request).
    email = "valid-then-replay-last+u%d@test" % next(_serial)
    first = r.stop.run(email, unique=False)
    t.expect("replay-last: the first start gets a valid answer", first, trace=START_OK + ["DEINIT: 1"])
    refused("a recorded answer replayed to a later start refused (a new nonce each start)", email,
            r"PRINT: RoboForge: a resposta não corresponde a esta consulta\.", unique=False)
    # The same inside one run: the hourly re-check gets the answer of the start
    # replayed (its serverTime an hour old): refused for its nonce, before the clock.
    t.expect("a re-check getting the start's answer replayed: refused for its nonce (a new nonce each request)",
             r.stop.run("valid-then-replay-last@test", MQL5_TIMER_TICKS=1, MQL5_TICK_ADVANCE=3600),
             has=[r"PRINT: RoboForge: a resposta não corresponde a esta consulta\.", GRACE],
             lacks=[r"PRINT: RoboForge: o relógio .*"], trace=START_OK + tick(1, 1, 0, 1) + ["DEINIT: 1"])
    # A fresh answer echoes our nonce: fresh whatever the computer's clock says.
    # Off by more than the window (300 s) it is accepted with a warning, on the
    # chart too (docs/license-signature.md, "Which clock is trusted for what").
    for offset in (600, 303, -303, -600):
        skew = r"-?(%s)" % "|".join(str(abs(offset) + d) for d in range(-3, 4))
        t.expect("clock %d s off: the fresh answer accepted, with a warning (window 300 s)" % offset,
                 r.stop.run("valid@test", MQL5_CLOCK_OFFSET=offset),
                 has=[VALID, CLOCK_WARNING % skew, "COMMENT: .*Atenção: o relógio do computador difere .*"],
                 trace=START_OK + ["DEINIT: 1"], stored=True)
    for offset in (297, -297):
        t.expect("clock %d s off: accepted without a warning" % offset, r.stop.run("valid@test", MQL5_CLOCK_OFFSET=offset),
                 has=[VALID], lacks=[CLOCK_WARNING % ".*", "COMMENT: .*Atenção.*"], trace=START_OK + ["DEINIT: 1"],
                 stored=True)


@scenario
def offline_start(t, r):
    t.expect("server down (connection closed), nothing stored: INIT 1", r.stop.run("down@test"),
             has=[r"PRINT: RoboForge: sem resposta do servidor de licenças lucrobot\.com\.br \(erro 5203\)\."],
             trace=waiting(), stored=False)
    if r.refused:
        t.expect("server unreachable (refused), nothing stored: INIT 1", r.refused.run("x@test"),
                 has=[r"PRINT: RoboForge: sem resposta do servidor de licenças lucrobot\.com\.br \(erro 5201\)\."],
                 trace=waiting(), stored=False)
    common = r.stop.common()
    t.expect("valid answer with 1 day of grace stored", r.stop.run("valid@test", common),
             trace=START_OK + ["DEINIT: 1"], stored=True)
    t.expect("server down, stored answer within grace: runs in grace", r.stop.run("down@test", common),
             has=[GRACE], trace=START_OK + ["DEINIT: 1"], stored=True)
    t.expect("server answers garbage (forged), stored answer within grace: runs in grace",
             r.stop.run("forged@test", common), has=[GRACE], trace=START_OK + ["DEINIT: 1"], stored=True)
    t.expect("stored answer past its grace (clock +25 h): INIT 1", r.stop.run("down@test", common,
                                                                            MQL5_CLOCK_OFFSET=90000),
             trace=waiting(), lacks=[GRACE], stored=True)
    # The grace's end, to the minute, and everything that shortens it. Boundaries
    # are tested a few seconds past them, so a weakening that moves one by more
    # than that is caught.
    now = int(time.time())
    for label, answer, until in (
            ("serverTime + graceSeconds", dict(server_time=now - 100, grace=7200, expires_at=now + 86400), now + 7100),
            ("serverTime 290 s ahead of the clock (within 300 s)", dict(server_time=now + 290, grace=3600),
             now + 3890),
            ("capped by expiresAt", dict(server_time=now - 100, grace=86400, expires_at=now + 3000), now + 3000),
            ("no expiry (expiresAt null)", dict(server_time=now - 100, grace=5000, expires_at=None), now + 4900)):
        for policy, robot in (("stop", r.stop), ("manage", r.manage)):
            common = robot.common()
            plant_stored(common, **answer)
            t.expect("stored answer within grace (%s, %s): grace until exactly then" % (label, policy),
                     robot.run("down@test", common),
                     has=[grace_line(until), r"COMMENT: .*\\nLicença: em tolerância até %s \(.*" % re.escape(grace_text(until))],
                     trace=START_OK + ["DEINIT: 1"],
                     stored=True)
    for label, answer, extra in (
            ("its grace ended 5 s ago", dict(server_time=now - 65, grace=60), {}),
            ("its license expired (expiresAt past), grace left", dict(server_time=now - 100, grace=86400,
                                                                       expires_at=now - 10), {}),
            ("graceSeconds 0", dict(server_time=now - 5, grace=0), {}),
            ("a signed refusal (valid:false) with grace", dict(valid=False, code="SUSPENDED", server_time=now - 5), {}),
            ("a stored refusal that would be retry-later", dict(valid=False, code="THROTTLED", server_time=now - 5), {}),
            ("its serverTime 310 s ahead of the clock", dict(server_time=now + 310), {"has": [STORED_BEFORE_ISSUE]}),
            ("the clock set back 2 h before its issue", dict(server_time=now - 5),
             {"has": [STORED_BEFORE_ISSUE], "MQL5_CLOCK_OFFSET": -7200}),
            ("signed for another robot", dict(robot_id="0193a5b2-7c1e-7d3f-9a4b-000000000001"),
             {"has": [STORED_BAD_SIGNATURE]}),
            ("signed by another key", dict(secret=OTHER_SECRET), {"has": [STORED_BAD_SIGNATURE]})):
        for policy, robot in (("stop", r.stop), ("manage", r.manage)):
            common = robot.common()
            plant_stored(common, **answer)
            extra = dict(extra)
            has = extra.pop("has", [])
            t.expect("stored answer: %s: no grace, INIT 1 (%s)" % (label, policy), robot.run("down@test", common, **extra),
                     has=has, lacks=[GRACE], trace=waiting())
    # Edited or misplaced stored answers.
    tampered = r.stop.common()
    r.stop.run("valid+g60@test", tampered)
    path = lic_file(tampered)
    text = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace('"graceSeconds":60', '"graceSeconds":999999'))
    t.expect("stored answer with its grace edited is ignored", r.stop.run("down@test", tampered, MQL5_CLOCK_OFFSET=120),
             has=[STORED_BAD_SIGNATURE], trace=waiting(), lacks=[GRACE])
    other = r.stop.common()
    r.stop.run("valid@test", other)
    if os.path.exists(lic_file(other)):
        os.rename(lic_file(other), lic_file(other, 7777))
    t.expect("stored answer of another account is not used (account is signed)",
             r.stop.run("down@test", other, account=7777),
             has=[STORED_BAD_SIGNATURE], trace=waiting(), lacks=[GRACE])
    both = r.stop.common()
    plant_stored(both, account=7777)
    t.expect("another account's answer stored on this terminal gives this account no grace",
             r.stop.run("down@test", both), trace=waiting(), lacks=[GRACE])
    shared = r.stop.common()
    plant_stored(shared)
    t.expect("two accounts on one terminal: the other account's valid start stores its own answer",
             r.stop.run("valid@test", shared, account=7777), trace=START_OK + ["DEINIT: 1"], stored=True)
    t.expect("... and this account's stored answer still gives its grace",
             r.stop.run("down@test", shared), has=[GRACE], trace=START_OK + ["DEINIT: 1"], stored=True)
    no_grace = r.stop.common()
    r.stop.run("valid+g0@test", no_grace)
    t.expect("stored answer with graceSeconds 0 gives no grace", r.stop.run("down@test", no_grace),
             trace=waiting(), lacks=[GRACE], stored=True)
    refused_dir = r.stop.common()
    r.stop.run("valid@test", refused_dir)
    t.expect("a signed refusal forgets the stored answer", r.stop.run("deny-SUSPENDED@test", refused_dir),
             trace=init_failed(MESSAGES["SUSPENDED"]), stored=False)
    t.expect("... so it gives no grace afterwards", r.stop.run("down@test", refused_dir),
             trace=waiting(), lacks=[GRACE], stored=False)


@scenario
def rechecks(t, r):
    # The harness clock advances MQL5_TICK_ADVANCE s before each timer event.
    # Graces of 7200 s (or expiresAt +7200) with hourly ticks end exactly at
    # tick 2, so any extension of a running grace is seen there.
    hourly = dict(MQL5_TIMER_TICKS=3, MQL5_TICK_ADVANCE=3600)
    t.expect("re-check valid every hour keeps it licensed", r.stop.run("valid+s3600@test", **hourly),
             trace=START_OK + ticks_ok(1, 3) + ["DEINIT: 1"], lacks=[GRACE], stored=True)
    for code, message in MESSAGES.items():
        if code in RETRY_LATER:
            t.expect("re-check finds a signed %s: no verdict, runs in grace" % code,
                     r.stop.run("valid-then-deny-%s+s3600@test" % code, **hourly),
                     has=["PRINT: RoboForge: " + message, GRACE],
                     trace=START_OK + ticks_ok(1, 3) + ["DEINIT: 1"], stored=True)
        else:
            t.expect("re-check finds a signed %s: ExpertRemove at once (stop), stored answer forgotten" % code,
                     r.stop.run("valid-then-deny-%s+s3600@test" % code, **hourly),
                     trace=START_OK + tick(1, 1, 1, 0, Rx("ALERT: " + message), *REMOVED) + ["DEINIT: 0"], stored=False)
    t.expect("re-check finds a signed refusal (manage): canOpen=0 at once, still running",
             r.manage.run("valid-then-deny-SUSPENDED+s3600@test", **hourly), has=[MANAGE],
             trace=START_OK + tick(1, 1, 0, 0, Rx("ALERT: " + MESSAGES["SUSPENDED"])) + tick(2, 0, 0, 0)
             + tick(3, 0, 0, 0) + ["DEINIT: 1"], stored=False)
    t.expect("re-check finds the server down, within grace: keeps running",
             r.stop.run("valid-then-down+g10000@test", MQL5_TIMER_TICKS=2, MQL5_TICK_ADVANCE=3600),
             has=[GRACE], trace=START_OK + ticks_ok(1, 2) + ["DEINIT: 1"], stored=True)
    t.expect("re-check finds the server down past the grace: ExpertRemove (stop)",
             r.stop.run("valid-then-down+g7200@test", MQL5_TIMER_TICKS=4, MQL5_TICK_ADVANCE=3600),
             has=[GRACE], trace=START_OK + tick(1, 1, 0, 1) + tick(2, 0, 1, 0, GENERIC, *REMOVED) + ["DEINIT: 0"],
             stored=True)
    res = r.manage.run("valid-then-down+g7200@test", MQL5_TIMER_TICKS=4, MQL5_TICK_ADVANCE=3600)
    t.expect("re-check finds the server down past the grace: keeps managing, canOpen=0 (manage)", res,
             has=[MANAGE, GRACE], trace=START_OK + tick(1, 1, 0, 1) + tick(2, 0, 0, 0, GENERIC) + tick(3, 0, 0, 0)
             + tick(4, 0, 0, 0) + ["DEINIT: 1"], lacks=["EVENT: ExpertRemove"])
    t.check("manage: the lapse message is printed once", res.out.count(MANAGE) == 1, res.out)
    t.expect("re-check: the grace ends at expiresAt, not later (stop)",
             r.stop.run("valid-then-down+g86400+e7200@test", MQL5_TIMER_TICKS=3, MQL5_TICK_ADVANCE=3600),
             has=[GRACE], trace=START_OK + tick(1, 1, 0, 1) + tick(2, 0, 1, 0, GENERIC, *REMOVED) + ["DEINIT: 0"])
    t.expect("re-check: the grace ends at expiresAt, not later (manage)",
             r.manage.run("valid-then-down+g86400+e7200@test", MQL5_TIMER_TICKS=3, MQL5_TICK_ADVANCE=3600),
             has=[GRACE, MANAGE], trace=START_OK + tick(1, 1, 0, 1) + tick(2, 0, 0, 0, GENERIC) + tick(3, 0, 0, 0)
             + ["DEINIT: 1"])
    t.expect("re-check: a signed refusal while in grace ends it at once",
             r.stop.run("valid-then-down-then-deny-EXPIRED+g86400+s3600@test", **hourly), has=[GRACE],
             trace=START_OK + tick(1, 1, 0, 1) + tick(2, 1, 1, 0, Rx("ALERT: " + MESSAGES["EXPIRED"]), *REMOVED)
             + ["DEINIT: 0"], stored=False)
    t.expect("grace 0: the server down is retried, ExpertRemove after 3 failures",
             r.stop.run("valid-then-down+g0@test", MQL5_TIMER_TICKS=5, MQL5_TICK_ADVANCE=3600),
             has=[r"PRINT: RoboForge: nova verificação da licença falhou \(1 de 3\); tentando de novo depois\.",
                  r"PRINT: RoboForge: nova verificação da licença falhou \(2 de 3\); tentando de novo depois\."],
             trace=START_OK + tick(1, 1, 0, 1) + tick(2, 1, 0, 1) + tick(3, 1, 1, 0, GENERIC, *REMOVED) + ["DEINIT: 0"],
             lacks=[GRACE])
    t.expect("grace 0 (manage): canOpen=0 after 3 failures, and stays so",
             r.manage.run("valid-then-down+g0@test", MQL5_TIMER_TICKS=5, MQL5_TICK_ADVANCE=3600),
             trace=START_OK + tick(1, 1, 0, 1) + tick(2, 1, 0, 1) + tick(3, 1, 0, 0, GENERIC) + tick(4, 0, 0, 0)
             + tick(5, 0, 0, 0) + ["DEINIT: 1"], has=[MANAGE], lacks=[GRACE])
    t.expect("grace 0: a success in between starts the count again",
             r.stop.run("valid-then-down-then-down-then-valid-then-down-then-down+g0+s3600@test", MQL5_TIMER_TICKS=5,
                        MQL5_TICK_ADVANCE=3600),
             trace=START_OK + ticks_ok(1, 5) + ["DEINIT: 1"], lacks=[GRACE])
    t.expect("re-check: server back within the grace, back to normal",
             r.stop.run("valid-then-down-then-valid+g20000+s3600@test", MQL5_TIMER_TICKS=2, MQL5_TICK_ADVANCE=3600),
             has=[GRACE, r"PRINT: RoboForge: servidor de licenças acessível de novo; licença válida \(lucrobot\.com\.br\)\."],
             trace=START_OK + ticks_ok(1, 2) + ["DEINIT: 1"])
    t.expect("re-check paces itself: ticks 10 min apart ask once an hour",
             r.stop.run("valid-then-deny-EXPIRED+s600@test", MQL5_TIMER_TICKS=5, MQL5_TICK_ADVANCE=600),
             trace=START_OK + ticks_ok(1, 5) + ["DEINIT: 1"], lacks=[GRACE], stored=True)
    t.expect("re-check paces itself: the refusal is found on the hour",
             r.stop.run("valid-then-deny-EXPIRED+s3600@test", MQL5_TIMER_TICKS=7, MQL5_TICK_ADVANCE=600),
             trace=START_OK + ticks_ok(1, 5) + tick(6, 1, 1, 0, Rx("ALERT: " + MESSAGES["EXPIRED"]), *REMOVED)
             + ["DEINIT: 0"], stored=False)
    for policy, robot in (("stop", r.stop), ("manage", r.manage)):
        common = robot.common()
        plant_stored(common, grace=1200)
        lapse = (tick(2, 0, 1, 0, GENERIC, *REMOVED) + ["DEINIT: 0"] if policy == "stop"
                 else tick(2, 0, 0, 0, GENERIC) + tick(3, 0, 0, 0) + ["DEINIT: 1"])
        t.expect("started in grace, grace ends between re-checks: the guard says no at once, "
                 "checks at once and lapses (%s)" % policy,
                 robot.run("down@test", common, MQL5_TIMER_TICKS=3, MQL5_TICK_ADVANCE=600),
                 has=[GRACE], trace=START_OK + tick(1, 1, 0, 1) + lapse)



UPDATE_NOTICE = "Nova versão 1.4.0 disponível no portal: https://lucrobot.com.br/login"
NO_ACCOUNT_YET = "o terminal ainda não entrou em uma conta MT5"


@scenario
def protocol_v3(t, r):
    """The account as MetaTrader knows it (login on its trade server), the
    owner's account rules, and updates (docs/license-signature.md, "Protocol v3")."""
    # (a) The server is signed: the robot rebuilds it from its own terminal.
    t.expect("v3: a valid answer for this login on this server verifies", r.stop.run("valid@test"),
             has=[VALID], trace=START_OK + ["DEINIT: 1"], stored=True)
    t.expect("v3: a genuine answer for the same login on another server is refused (the server is signed)",
             r.stop.run("other-server@test"), has=[BAD_SIGNATURE], trace=waiting(), lacks=[VALID], stored=False)
    t.expect("v3: the server is sent trimmed and signed as sent (another broker's server, padded)",
             r.stop.run("valid@test", MQL5_SERVER="  XPMT5-DEMO  "), has=[VALID], trace=START_OK + ["DEINIT: 1"],
             stored=True)
    t.expect("v3: company and server JSON-escaped, a long company cut to 128 characters",
             r.stop.run("valid@test", MQL5_SERVER='Corretora "Ágil"\\Real', MQL5_COMPANY="Ç" * 200),
             has=[VALID], trace=START_OK + ["DEINIT: 1"])
    t.expect("v3: logged in but no server name yet: waits for the account, asks nothing",
             r.stop.run("valid@test", MQL5_SERVER=""), trace=waiting(NO_ACCOUNT_YET), lacks=[VALID], stored=False)
    # The stored answer is the account's on its server, and v3's only.
    common = r.stop.common()
    plant_stored(common, server="XPMT5-DEMO")
    t.expect("v3: a stored answer for this login on another server gives no grace",
             r.stop.run("down@test", common), has=[STORED_BAD_SIGNATURE], trace=waiting(), lacks=[GRACE])
    t.expect("... and it does on that server", r.stop.run("down@test", common, MQL5_SERVER="XPMT5-DEMO"),
             has=[GRACE], trace=START_OK + ["DEINIT: 1"], stored=True)
    older = r.stop.common()
    plant_stored(older, tag="v2")
    t.expect("v3: an answer stored as v2 (by an older robot) is not trusted: a normal check",
             r.stop.run("down@test", older),
             has=[r"PRINT: RoboForge: licença guardada por uma versão anterior do robô; ignorada\."],
             trace=waiting(), lacks=[GRACE])
    t.expect("... and a valid check replaces it with a v3 one", r.stop.run("valid@test", older),
             trace=START_OK + ["DEINIT: 1"], stored=True)
    t.check("... whose first line is v3",
            os.path.exists(lic_file(older)) and open(lic_file(older), encoding="utf-8").read().startswith("v3\n"))
    # (b) An update is announced once in the log, shown on the chart, never stops trading.
    res = r.stop.run("update+s3600@test", MQL5_TIMER_TICKS=2, MQL5_TICK_ADVANCE=3600)
    t.expect("v3: updateAvailable: announced, licensed, re-checks go on", res,
             has=[VALID, "PRINT: RoboForge: " + re.escape(UPDATE_NOTICE)],
             trace=START_OK + ticks_ok(1, 2) + ["DEINIT: 1"], stored=True)
    comments = [line for line in res.out.splitlines() if line.startswith("COMMENT: ")]
    t.check("v3: the update notice is printed once across three checks",
            res.out.count("PRINT: RoboForge: " + UPDATE_NOTICE) == 1, res.out)
    t.check("v3: the chart shows the update notice", bool(comments)
            and all(UPDATE_NOTICE + "\\n" in line for line in comments), res.out)
    res = r.stop.run("update-then-valid+s3600@test", MQL5_TIMER_TICKS=1, MQL5_TICK_ADVANCE=3600)
    comments = [line for line in res.out.splitlines() if line.startswith("COMMENT: ")]
    t.check("v3: the notice leaves the chart when the answer no longer says updateAvailable",
            len(comments) >= 2 and UPDATE_NOTICE in comments[0] and UPDATE_NOTICE not in comments[-1], res.out)
    t.expect("v3: no notice without updateAvailable", r.stop.run("valid@test"),
             lacks=[".*Nova versão.*"], trace=START_OK + ["DEINIT: 1"])
    # (c) The owner's account rules, read from what the robot reports.
    for mode in ("demo", "0"):
        t.expect("v3: demo accounts refused, trade mode %s: INIT 1 with its pt-BR alert" % mode,
                 r.stop.run("demo-refused@test", MQL5_TRADE_MODE=mode), trace=init_failed(MESSAGES["DEMO_REFUSED"]),
                 stored=False)
    t.expect("v3: demo accounts refused, a contest account: the alert says torneio",
             r.stop.run("demo-refused@test", MQL5_TRADE_MODE="contest"),
             trace=init_failed(re.escape("ERRO: esta licença não aceita contas de torneio. Use o robô em uma conta "
                                         "real.")), stored=False)
    for mode in ("real", "2", "7"):
        t.expect("v3: demo accounts refused, trade mode %s counts as real: licensed" % mode,
                 r.stop.run("demo-refused@test", MQL5_TRADE_MODE=mode), has=[VALID], trace=START_OK + ["DEINIT: 1"])
    t.expect("v3: a broker list: this server not on it: INIT 1 naming the server",
             r.stop.run("xp-only@test"), trace=init_failed(MESSAGES["BROKER_NOT_ALLOWED"]), stored=False)
    t.expect("v3: a broker list: a server on it: licensed", r.stop.run("xp-only@test", MQL5_SERVER="XPMT5-REAL"),
             has=[VALID], trace=START_OK + ["DEINIT: 1"])
    # (d) A withdrawn version stops the robot, naming the version to download.
    t.expect("v3: VERSION_WITHDRAWN on a re-check (manage): lapses, canOpen 0",
             r.manage.run("valid-then-deny-VERSION_WITHDRAWN+s3600@test", MQL5_TIMER_TICKS=2, MQL5_TICK_ADVANCE=3600),
             has=[MANAGE], trace=START_OK + tick(1, 1, 0, 0, Rx("ALERT: " + MESSAGES["VERSION_WITHDRAWN"]))
             + tick(2, 0, 0, 0) + ["DEINIT: 1"], stored=False)


# Scenario files next to this one (each registers groups with @scenario when
# imported): every one in SCENARIO_FILES that exists.
SCENARIO_FILES = ("realworld",)
for _name in SCENARIO_FILES:
    if os.path.exists(os.path.join(HERE, _name + ".py")):
        __import__(_name)
import realworld  # noqa: E402  (its run_all: the scenarios that run on the real template only)


def line_problems(rc, out, has, lacks):
    """What a run's output lacks or has too much of: has/lacks are regular
    expressions for whole lines; a non-zero exit code is a problem too."""
    problems = [] if rc == 0 else ["exit code %d" % rc]
    for line in has:
        if not re.search("^" + line + "$", out, re.M):
            problems.append("missing line /%s/" % line)
    for line in lacks:
        if re.search("^" + line + "$", out, re.M):
            problems.append("unexpected line /%s/" % line)
    return problems


def expect(name, result, has=(), lacks=()):
    """The flat form realworld.run_all uses: result is (rc, out) or a Result."""
    rc, out = tuple(result)
    problems = line_problems(rc, out, has, lacks)
    check(name, not problems, "; ".join(problems) + "\n--- output ---\n" + out)


def part_b(work, server):
    print("== (b) the whole template against a protocol v3 stand-in server", flush=True)
    with open(TEMPLATE, encoding="utf-8") as f:
        template = f.read()
    check("the v3 template has no {{ROBOT_SIGNING_KEY}} and no HMAC",
          "{{ROBOT_SIGNING_KEY}}" not in template and "RF_SIGNING_KEY" not in template and "Hmac" not in template
          and "^ 0x36" not in template)
    refused_url = "http://127.0.0.1:%d/api/webhooks/validate-license" % closed_port()

    def build_one(policy):
        source = os.path.join(work, "robot-%s.mq5" % policy)
        render_suite_robot(template, refused_url if policy == "refused" else server.url,
                           "manage" if policy == "manage" else "stop", source)
        binary = os.path.join(work, "robot-%s" % policy)
        ok, log = build(source, binary)
        return policy, binary, ok, log

    started = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, os.cpu_count() or 1)) as pool:
        built = list(pool.map(build_one, ("stop", "manage", "refused")))
    timings["build_s"] = round(time.time() - started, 1)
    robots = {}
    for policy, binary, ok, log in built:
        check("render + build.sh the template (%s)" % policy, ok, log)
        robots[policy] = Robot(binary, work)
    if not all(ok for _, _, ok, _ in built):
        return
    started = time.time()
    suite_robots = Robots(robots["stop"], robots["manage"], robots["refused"])
    suite_robots.template = template
    run_suite(suite_robots, report=check)
    timings["suite_s"] = round(time.time() - started, 1)


# ------------------------------------------------------------------ (c)
MUTATIONS = [
    ("one hex digit of a SHA-512 round constant", "0x428a2f98d728ae22", "0x428a2f98d728ae23"),
    ("one '|' of the signed string", '"|" + code + "|"', '":" + code + "|"'),
    ("the version tag of the signed string", '"v3|"', '"v2|"'),
    ("one '|' around the signed server", '"|" + server + "|"', '"|" + server + ":"'),
    ("one limb of the curve constant d", "0x78a3, 0x1359", "0x78a3, 0x1358"),
    ("the reduction factor 38 in the field multiplication", "t[i] += 38 * t[i + 16];", "t[i] += 39 * t[i + 16];"),
    ("one byte of the group order L", "0xed, 0xd3, 0xf5", "0xed, 0xd3, 0xf4"),
]


def part_c(work, server):
    print("== (c) one-character changes to the template break the valid case", flush=True)
    with open(TEMPLATE, encoding="utf-8") as f:
        template = f.read()
    public = public_hex(ROBOT_SECRET)

    def one(item):
        n, (what, old, new) = item
        if template.count(old) != 1:
            return what, False, "the text occurs %d times in the template (must be once): %s" % (template.count(old), old)
        source = os.path.join(work, "breaking-%d.mq5" % n)
        render(template.replace(old, new), server.url, "stop", public, source)
        binary = os.path.join(work, "breaking-%d" % n)
        ok, log = build(source, binary)
        if not ok:
            return what, False, "does not compile: " + log
        rc, out = Robot(binary, work).run("valid@test")
        # Without a trustworthy answer the robot waits on the chart opening nothing.
        return what, rc == 0 and re.search(r"^CANOPEN: 0$", out, re.M) and "licença válida" not in out, out

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, os.cpu_count() or 1)) as pool:
        for what, ok, detail in pool.map(one, enumerate(MUTATIONS)):
            check("mutation '%s' makes the valid case fail" % what, ok, detail)


# ------------------------------------------------------------------ (d)
# The mutation catalogue (mutants.py): edits that weaken the template without
# breaking valid answers. Each must compile, keep the valid case working, and
# be killed by the suite of (b). A survivor fails the self-test.
EQUIVALENT_FIND = "bool RF_CanOpenPositions()\n"
EQUIVALENT = {"name": "equivalent: a comment before RF_CanOpenPositions", "category": "control",
              "find": EQUIVALENT_FIND,
              "replace": "// (selftest: a harmless comment, no weakening)\n" + EQUIVALENT_FIND,
              "why": "changes nothing the robot does: the suite must let it survive"}


def extra_mutants(args):
    """Mutants added for one run: --add-equivalent-mutant and MQL5_SELFTEST_EXTRA_MUTANT
    (a JSON object {name, find, replace[, category, why]} or a list of them)."""
    extra = []
    if args.add_equivalent_mutant:
        m = dict(EQUIVALENT)
        m["name"] = "added by --add-equivalent-mutant (" + m["name"] + ")"
        m["category"] = "extra"
        extra.append(m)
    raw = os.environ.get("MQL5_SELFTEST_EXTRA_MUTANT", "").strip()
    if raw:
        value = json.loads(raw)
        for m in (value if isinstance(value, list) else [value]):
            m = dict(m)
            m.setdefault("category", "extra")
            m.setdefault("why", "added with MQL5_SELFTEST_EXTRA_MUTANT")
            extra.append(m)
    return extra


class MutantRun:
    def __init__(self, mutant):
        self.mutant = mutant
        self.error = None          # catalogue bug: anchor, build, or a valid case it breaks
        self.valid_ok = None       # the plain valid scenario passes on the mutant
        self.killed_by = None      # first failing scenario
        self.seconds = 0.0
        self.build_seconds = 0.0


class SplitBuilder:
    """build.sh for many variants of one program, reusing what does not change
    between them. The program is split into its crypto (the CRYPTO_PREFIXES
    items, compiled with build.sh's flags once per distinct text) and the rest
    (compiled per variant at -O0: it runs a few microseconds per check, while
    the crypto stays optimised); both are translated by translate.py and linked
    with build.sh's cached shim and runner objects. The control of (d), the
    unmutated template built this way, must pass the whole suite."""

    def __init__(self, work):
        self.work = work
        self.cxx = os.environ.get("CXX", "g++")
        self.flags = os.environ.get("CXXFLAGS", "-std=c++17 -O1 -Wall -fsigned-char -fwrapv").split()
        self.rest_flags = [("-O0" if f.startswith("-O") else f) for f in self.flags]
        self.lock = threading.Lock()
        self.crypto = {}   # key -> (threading.Event, [object path or None, prototypes, log])

    def shim_objects(self):
        """The objects build.sh caches (same key: sources, compiler, flags)."""
        cache = os.environ.get("MQL5_HARNESS_CACHE") or os.path.join(
            os.environ.get("TMPDIR", "/tmp"), "mql5-harness-cache-%d" % os.getuid())
        h = hashlib.sha256()
        for name in ("mql5_shim.hpp", "mql5_shim.cpp", "harness_main.cpp"):
            with open(os.path.join(HARNESS, name), "rb") as f:
                h.update(f.read())
        h.update(("%s %s\n" % (self.cxx, " ".join(self.flags))).encode())
        key = h.hexdigest()[:16]
        objects = [os.path.join(cache, "%s-%s.o" % (unit, key)) for unit in ("mql5_shim", "harness_main")]
        missing = [o for o in objects if not os.path.exists(o)]
        return objects, ("build.sh's cached objects are missing (run build.sh once): " + ", ".join(missing)
                         if missing else None)

    def compile(self, flags, cpp_text, path):
        with open(path + ".cpp", "w", encoding="utf-8") as f:
            f.write(cpp_text)
        p = subprocess.run([self.cxx] + flags + ["-I" + HARNESS, "-c", path + ".cpp", "-o", path + ".o"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        return p.returncode == 0, p.stdout

    def crypto_object(self, crypto_source):
        key = hashlib.sha256(crypto_source.encode()).hexdigest()[:16]
        with self.lock:
            entry = self.crypto.get(key)
            owner = entry is None
            if owner:
                entry = self.crypto[key] = (threading.Event(), [None, [], ""])
        done, slot = entry
        if owner:
            try:
                tr = translate.Translator(crypto_source, "crypto-%s.mq5" % key)
                cpp = tr.run()
                cpp = cpp[:cpp.index('\n#line 1 "translate.py:hooks"\n')] + "\n}  // namespace mq5\n"
                path = os.path.join(self.work, "crypto-%s" % key)
                ok, log = self.compile(self.flags, cpp, path)
                slot[:] = [path + ".o" if ok else None, tr.prototypes, log]
            except translate.TranslateError as e:
                slot[:] = [None, [], "crypto: line %d: %s" % (e.line, e.message)]
            finally:
                done.set()
        done.wait()
        return slot

    def build(self, source_path, binary):
        with open(source_path, encoding="utf-8") as f:
            text = f.read()
        objects, problem = self.shim_objects()
        if problem:
            return False, problem
        crypto = [t for n, t in extract.items(text) if n and n.startswith(CRYPTO_PREFIXES)]
        rest = text
        for item in crypto:
            if rest.count(item) != 1:
                return False, "cannot split the crypto from the rest: an item occurs %d times" % rest.count(item)
            rest = rest.replace(item, "\n" * item.count("\n"))   # the lines keep their numbers
        crypto_obj, prototypes, log = self.crypto_object("\n\n".join(crypto) + "\n")
        if crypto_obj is None:
            return False, "compiling the crypto failed:\n" + log
        try:
            cpp = translate.Translator(rest, source_path).run()
        except translate.TranslateError as e:
            return False, "%s:%d: error: %s" % (source_path, e.line, e.message)
        cpp = cpp.replace("namespace mq5 {\n", "namespace mq5 {\n" + " ".join(prototypes) + "\n", 1)
        ok, log = self.compile(self.rest_flags, cpp, binary)
        if not ok:
            return False, log
        p = subprocess.run([self.cxx] + self.flags + [binary + ".o", crypto_obj] + objects + ["-o", binary, "-lssl", "-lcrypto"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        return p.returncode == 0, p.stdout


# One build per mutant serves both policies: the rendered policy constant
# becomes an input of the harness (MQL5_INPUT_RF_SelftestLapsePolicy). The
# control of (d), the unmutated template built this way, shows it changes nothing.
POLICY_DEFINE = re.compile(r'^#define RF_LAPSE_POLICY[ \t]+"stop"[ \t]*$', re.M)
POLICY_INPUT = ('input string RF_SelftestLapsePolicy = "stop";   // selftest.py: the policy, chosen per run\n'
                '#define RF_LAPSE_POLICY RF_SelftestLapsePolicy')


def build_suite_robots(template_text, server, work, tag, builder):
    """Renders and builds the template once for the suite, the lapse policy
    chosen per run; returns (Robots, None) or (None, reason)."""
    source = os.path.join(work, "%s.mq5" % tag)
    render_suite_robot(template_text, server.url, "stop", source)
    with open(source, encoding="utf-8") as f:
        text = f.read()
    if len(POLICY_DEFINE.findall(text)) != 1:
        return None, "the rendered template has no single '#define RF_LAPSE_POLICY \"stop\"' line to make an input"
    with open(source, "w", encoding="utf-8") as f:
        f.write(POLICY_DEFINE.sub(lambda m: POLICY_INPUT, text))
    binary = os.path.join(work, tag)
    ok, log = builder.build(source, binary)
    if not ok:
        return None, "does not compile: " + log.strip()[-1500:]
    robots = Robots(Robot(binary, work, {"MQL5_INPUT_RF_SelftestLapsePolicy": "stop"}),
                    Robot(binary, work, {"MQL5_INPUT_RF_SelftestLapsePolicy": "manage"}))
    robots.template = template_text
    return robots, None


def run_mutant(template, mutant, server, work, index, builder):
    try:
        return _run_mutant(template, mutant, server, work, index, builder)
    except Exception:   # a bug of the machinery: reported as such, never as a kill
        result = MutantRun(mutant)
        result.error = "the mutation stage itself failed:\n" + traceback.format_exc()
        return result


def _run_mutant(template, mutant, server, work, index, builder):
    started = time.time()
    result = MutantRun(mutant)
    try:
        text = mutants.apply(template, mutant)
    except mutants.AnchorError as e:
        result.error = str(e)
        return result
    tag = "mutant-%02d" % index
    robots, problem = build_suite_robots(text, server, work, tag, builder)
    result.build_seconds = time.time() - started
    if robots is None:
        result.error = problem
    else:
        valid = run_suite(robots, fail_fast=True, groups=[valid_only])
        result.valid_ok = not valid
        if valid:
            result.error = "breaks the valid case (not a weakening): " + valid[0][0] + "\n" + valid[0][1][-1500:]
        else:
            failures = run_suite(robots, fail_fast=True)
            if failures:
                result.killed_by = failures[0][0]
    result.seconds = time.time() - started
    return result


def valid_only(t, r):
    """What a mutant must keep: a valid answer licenses the robot, at start and
    at the re-checks (deliberately loose: a weakening may change anything else)."""
    for label, robot in (("stop", r.stop), ("manage", r.manage)):
        t.expect("the plain valid case (%s)" % label, robot.run("valid@test"),
                 has=[VALID, "INIT: 0", "CANOPEN: 1"], lacks=["ALERT: .*", "EVENT: ExpertRemove"])
        t.expect("the plain valid case, re-checks (%s)" % label,
                 robot.run("valid+s3600@test", MQL5_TIMER_TICKS=2, MQL5_TICK_ADVANCE=3600),
                 has=[VALID, "INIT: 0", "CANOPEN: 1", "TICK: 1 removed=0 canOpen=1", "TICK: 2 removed=0 canOpen=1"],
                 lacks=["ALERT: .*", "EVENT: ExpertRemove"])


def part_d(work, server, args):
    print("== (d) the mutation catalogue: weakened templates the suite must kill", flush=True)
    with open(TEMPLATE, encoding="utf-8") as f:
        template = f.read()
    catalogue = list(mutants.MUTANTS)
    problems = mutants.validate(catalogue, template)
    check("the catalogue: %d mutants, at least %d, every category covered (%s), every anchor found once"
          % (len(catalogue), mutants.MINIMUM, ", ".join(mutants.CATEGORIES)), not problems, "\n".join(problems))
    extra = extra_mutants(args)
    only = os.environ.get("MQL5_SELFTEST_MUTANTS", "").strip()
    if only:
        catalogue = [m for m in catalogue if any(w in m["name"] for w in only.split(","))]
        print("MQL5_SELFTEST_MUTANTS=%s: %d of the catalogue only" % (only, len(catalogue)), flush=True)
    mutants_to_run = catalogue + extra
    started = time.time()
    # The control goes through the same machinery first: an edit that changes
    # nothing must survive, or the machinery would call every mutant killed.
    jobs = [EQUIVALENT] + mutants_to_run
    workers = max(1, os.cpu_count() or 1)
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        builder = SplitBuilder(work)
        futures = [pool.submit(run_mutant, template, m, server, work, i, builder) for i, m in enumerate(jobs)]
        results = [f.result() for f in futures]
    elapsed = time.time() - started
    control, results = results[0], results[1:]
    check("survival detector: an edit that changes nothing (a comment) builds, keeps the valid case, and survives",
          control.error is None and control.killed_by is None,
          control.error or ("killed by: " + str(control.killed_by)))
    killed = 0
    survivors = []
    for n, res in enumerate(results, 1):
        m = res.mutant
        head = "mutant %2d [%s] %s" % (n, m.get("category", "?"), m["name"])
        if res.error:
            check("CATALOGUE BUG " + head + ": not a weakening that compiles and keeps the valid case", False, res.error)
        elif res.killed_by:
            killed += 1
            print("killed   %s (valid case ok; build %.1f s, suite %.1f s)\n         by: %s"
                  % (head, res.build_seconds, res.seconds - res.build_seconds, res.killed_by), flush=True)
        else:
            survivors.append(m["name"])
            check("SURVIVED " + head, False, "no scenario of the suite fails on it; it models: %s" % m.get("why", ""))
    total = len(results)
    print("mutation score: %d/%d killed (%.1f s, %d builds side by side)" % (killed, total, elapsed, workers),
          flush=True)
    timings["mutation_s"] = round(elapsed, 1)
    timings["mutation_score"] = "%d/%d" % (killed, total)
    check("mutation score %d/%d: every mutant killed%s" % (killed, total,
                                                          "" if not survivors else " (survivors: %s)"
                                                          % "; ".join(survivors)),
          killed == total and total > 0)


def main():
    parser = argparse.ArgumentParser(description="The mql5-harness self-test (README.md).")
    parser.add_argument("--add-equivalent-mutant", action="store_true",
                        help="add a mutant that changes nothing (a comment): it survives, so the run must fail")
    parser.add_argument("--no-mutants", action="store_true", help="skip (d), the mutation catalogue")
    parser.add_argument("--no-realworld", action="store_true",
                        help="skip realworld.run_all (the real-template-only scenarios: TLS, redirects, sharing)")
    args = parser.parse_args()
    started = time.time()
    work = tempfile.mkdtemp(prefix="mql5-selftest-")
    server = None
    try:
        part_a(work)
        server = Server()
        part_b(work, server)
        part_c(work, server)
        if not args.no_realworld:
            realworld.run_all(work, sys.modules[__name__])
        if not args.no_mutants:
            part_d(work, server, args)
    finally:
        if server:
            server.stop()
        if results["failed"] == 0 and not os.environ.get("MQL5_SELFTEST_KEEP"):
            shutil.rmtree(work, ignore_errors=True)
        else:
            print("work directory kept: " + work)
    if "verify_us" in timings:
        print("Ed25519 verification in the harness: %.2f ms per signature (-O1)" % (timings["verify_us"] / 1000.0))
    if "suite_s" in timings:
        print("the behavioural suite on the template: %.1f s (builds %.1f s)" % (timings["suite_s"], timings["build_s"]))
    if "mutation_s" in timings:
        print("mutation score: %s killed (%.1f s)" % (timings["mutation_score"], timings["mutation_s"]))
    print("selftest total: %.1f s" % (time.time() - started))
    print("%d passed, %d failed" % (results["passed"], results["failed"]))
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The harness's self-test (run through ../selftest.sh). No cargo, no network
beyond 127.0.0.1.

(a) the template's own SHA-512 and Ed25519 code, extracted from
    shared/src/domain/mql5/auth_template.mq5, against RFC 8032 section 7.1 TEST 1-3,
    FIPS 180-4 "abc" and hashlib, and a set of must-fail signatures;
(b) the whole template, placeholders substituted, against a protocol v2
    stand-in server (stand_in_server.py): every outcome the robot can meet;
(c) one-character changes to the template that must break the valid case.

Prints one line per check and "N passed, M failed"; exits 1 on any failure.
"""
import hashlib
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

import realworld  # the real-world scenarios (https, clocks, sharing, start-up order)

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.dirname(HERE)
REPO = os.path.dirname(os.path.dirname(HARNESS))
TEMPLATE = os.path.join(REPO, "shared", "src", "domain", "mql5", "auth_template.mq5")
PY = sys.executable

ROBOT_ID = "0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012"
TENANT_ID = "0193a5b2-0000-7000-8000-00000000000a"
DOMAIN = "lucrobot.com.br"
ACCOUNT = 51234567
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
# docs/license-signature.md, "Protocol v2", worked example (RFC 8032 TEST 1's key).
DOC_EXAMPLES = [
    ("valid", "v2|9f86d081884c7d659a2feaa0c55ad015|1|OK|1767225600|1764000000|"
              "0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012|51234567|86400",
     "a9ddae31d18127d4712dd43a8fe0f0e2a0bd5c0b6eb3534994561d83ec6d31aa"
     "0a0d25a1ed7382d5305a8af134bf2ef17534dcfcf78252f1a4c048d8cf98be09"),
    ("ACCOUNT_MISMATCH", "v2|9f86d081884c7d659a2feaa0c55ad015|0|ACCOUNT_MISMATCH|0|1764000000|"
                         "0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012|51234567|86400",
     "b4cf09de738c9ffe6f84dd5e8b56e3d294d798ce661f47e97cc04e4e3373a1fa"
     "63a20ffc14bdd31f7ff8959c254e7bdd900913cafd5a0d75cb7757470d721309"),
]

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


def render(template_text, url, policy, public_key, out_path):
    path = out_path + ".template"
    with open(path, "w", encoding="utf-8") as f:
        f.write(template_text)
    subprocess.run([PY, os.path.join(HARNESS, "render.py"), path, out_path,
                    "TENANT_AUTH_URL=" + url, "TENANT_ID=" + TENANT_ID, "TENANT_DOMAIN=" + DOMAIN,
                    "ROBOT_ID=" + ROBOT_ID, "ROBOT_PUBLIC_KEY=" + public_key, "LAPSE_POLICY=" + policy],
                   check=True)


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
    prefixes = ["RF_HexDigit", "RF_HexToBytes", "RF_BytesToHex", "RF_SHA512_", "RF_Rotr64", "RF_Sha512",
                "RF_GF_", "RF_ED_", "RF_Fe", "RF_Point", "RF_Scalar", "RF_ModL", "RF_ReduceScalar", "RF_Ed25519"]
    p = subprocess.run([PY, os.path.join(HARNESS, "extract.py"), TEMPLATE] + prefixes,
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


class Robot:
    """Runs one built robot binary with a fresh or given common Files folder."""

    serial = 0

    def __init__(self, binary, work):
        self.binary = binary
        self.work = work

    def common(self):
        Robot.serial += 1
        path = os.path.join(self.work, "common-%d" % Robot.serial)
        os.makedirs(path)
        return path

    def run(self, email, common=None, account=ACCOUNT, **env):
        e = {"MQL5_ACCOUNT": account, "MQL5_COMMON_DIR": common or self.common()}
        if email is not None:
            # The stand-in server counts requests per e-mail: make each run's unique.
            Robot.serial += 1
            local, _, domain = email.partition("@")
            e["MQL5_INPUT_LicenseEmail"] = "%s+u%d@%s" % (local, Robot.serial, domain)
        e.update(env)
        rc, out, err = run(self.binary, e)
        return rc, out + ("\n[stderr]\n" + err if err else "")


def expect(name, result, has=(), lacks=()):
    rc, out = result
    problems = [] if rc == 0 else ["exit code %d" % rc]
    for line in has:
        if not re.search("^" + line + "$", out, re.M):
            problems.append("missing line /%s/" % line)
    for line in lacks:
        if re.search("^" + line + "$", out, re.M):
            problems.append("unexpected line /%s/" % line)
    check(name, not problems, "; ".join(problems) + "\n--- output ---\n" + out)


def lic_file(common):
    return os.path.join(common, "RoboForge", "%s_%d.lic" % (ROBOT_ID, ACCOUNT))


MESSAGES = {
    "NOT_FOUND": "ERRO: Licença não encontrada para este e-mail e este robô.",
    "EXPIRED": "ERRO: Licença expirada. Renove a licença para continuar usando o robô.",
    "SUSPENDED": "ERRO: Licença suspensa ou inativa. Fale com o vendedor.",
    "INACTIVE": "ERRO: Licença suspensa ou inativa. Fale com o vendedor.",
    "ACCOUNT_MISMATCH": r"ERRO: Conta MT5 não autorizada! Confira: .*https://lucrobot\.com\.br/login",
    "NOT_CONFIRMED": r"Confirme o número da conta no portal do cliente antes de usar o robô: https://lucrobot\.com\.br/login",
    "SOMETHING_NEW": r"ERRO: Licença recusada pelo servidor \(código SOMETHING_NEW\).",
}
# No trustworthy answer: at start-up the robot waits on the chart (INIT 0,
# canOpen 0) and alerts why; on a re-check past the grace it lapses.
GENERIC = "ALERT: ⚠ Licença (ainda não confirmada|encerrada): .*"
WAITING = ["INIT: 0", "CANOPEN: 0", "EVENT: EventSetTimer 10"]
GRACE = r"PRINT: RoboForge: servidor de licenças indisponível; operando no período de tolerância até \d{4}\.\d\d\.\d\d \d\d:\d\d\."
VALID = r"PRINT: RoboForge: licença válida \(lucrobot\.com\.br\)\."
MANAGE = ("PRINT: RoboForge: licença encerrada; o robô continua apenas gerenciando as posições abertas "
          "e não abrirá novas.")


def part_b(work, server):
    print("== (b) the whole template against a protocol v2 stand-in server", flush=True)
    url = "http://127.0.0.1:%d/api/webhooks/validate-license" % server.port
    with open(TEMPLATE, encoding="utf-8") as f:
        template = f.read()
    check("the v2 template has no {{ROBOT_SIGNING_KEY}} and no HMAC",
          "{{ROBOT_SIGNING_KEY}}" not in template and "RF_SIGNING_KEY" not in template and "Hmac" not in template
          and "^ 0x36" not in template)
    public = public_hex(ROBOT_SECRET)
    binaries = {}
    for policy, target_url in (("stop", url), ("manage", url),
                               ("refused", "http://127.0.0.1:%d/api/webhooks/validate-license" % closed_port())):
        source = os.path.join(work, "robot-%s.mq5" % policy)
        render(template, target_url, "manage" if policy == "manage" else "stop", public, source)
        binary = os.path.join(work, "robot-%s" % policy)
        started = time.time()
        ok, log = build(source, binary)
        timings["build_s"] = round(time.time() - started, 1)
        check("render + build.sh the template (%s)" % policy, ok, log)
        if not ok:
            return
        binaries[policy] = Robot(binary, work)
    stop, manage, refused = binaries["stop"], binaries["manage"], binaries["refused"]

    # Valid.
    common = stop.common()
    started = time.time()
    result = stop.run("valid@test", common)
    timings["valid_init_s"] = round(time.time() - started, 2)
    expect("valid answer: INIT 0, licensed, hourly timer", result,
           has=["INIT: 0", "CANOPEN: 1", VALID, "EVENT: EventSetTimer 3600"], lacks=["ALERT: .*"])
    stored = lic_file(common)
    text = open(stored, encoding="utf-8").read() if os.path.exists(stored) else ""
    check("valid answer is stored under FILE_COMMON as RoboForge\\<robot>_<account>.lic",
          text.startswith("v2\n") and '"signature":"' in text, text)

    # Signed refusals.
    for code, message in MESSAGES.items():
        expect("signed refusal %s: INIT 1 with its pt-BR alert" % code,
               stop.run("deny-%s@test" % code),
               has=["INIT: 1", "CANOPEN: 0", "ALERT: " + message, "DEINIT: 8"], lacks=[VALID])

    # Untrustworthy answers.
    expect("forged signature (another key) not trusted: waits", stop.run("forged@test"),
           has=WAITING + ["PRINT: RoboForge: assinatura da resposta inválida.", GENERIC])
    expect("replayed answer (earlier nonce) not trusted: waits", stop.run("replay@test"),
           has=WAITING + ["PRINT: RoboForge: a resposta não corresponde a esta consulta.", GENERIC])
    expect("signature over an earlier nonce, echoing ours, not trusted: waits", stop.run("replay-echo@test"),
           has=WAITING + ["PRINT: RoboForge: assinatura da resposta inválida.", GENERIC])
    expect("unsigned answer not trusted: waits", stop.run("unsigned@test"),
           has=WAITING + ["PRINT: RoboForge: resposta do servidor de licenças incompleta.", GENERIC])
    expect("HTTP 500 not trusted: waits", stop.run("http500@test"),
           has=WAITING + ["PRINT: RoboForge: o servidor de licenças respondeu HTTP 500.", GENERIC])
    # A fresh answer carries our nonce: fresh whatever the computer's clock
    # says. It is accepted with a warning to fix the clock (docs/license-signature.md,
    # "Which clock is trusted for what").
    expect("clock 10 minutes ahead: fresh answer accepted, with a warning", stop.run("valid@test", MQL5_CLOCK_OFFSET=600),
           has=["INIT: 0", "CANOPEN: 1", "PRINT: RoboForge: o relógio do computador difere -(59\\d|60\\d) s do servidor; acerte a data e a hora.",
                "COMMENT: .*Atenção: o relógio do computador difere .*"])
    expect("clock 10 minutes behind: fresh answer accepted, with a warning", stop.run("valid@test", MQL5_CLOCK_OFFSET=-600),
           has=["INIT: 0", "CANOPEN: 1", "PRINT: RoboForge: o relógio do computador difere (59\\d|60\\d) s do servidor; acerte a data e a hora."])
    expect("clock 4 minutes off still accepted", stop.run("valid@test", MQL5_CLOCK_OFFSET=240),
           has=["INIT: 0", VALID])
    expect("genuine answer about another account refused (the account is signed)", stop.run("other-account@test"),
           has=WAITING + ["PRINT: RoboForge: assinatura da resposta inválida.", GENERIC])
    expect("genuine answer about another robot refused (the robot id is signed)", stop.run("other-robot@test"),
           has=WAITING + ["PRINT: RoboForge: assinatura da resposta inválida.", GENERIC])
    expect("missing e-mail: INIT_PARAMETERS_INCORRECT naming the input", stop.run(None),
           has=["INIT: 2", 'ALERT: ERRO: preencha o parâmetro "E-mail usado na compra" \\(LicenseEmail\\) com o e-mail usado na compra do robô\\.'],
           lacks=[".*Número da Conta.*"])
    expect("strategy tester: licensed without asking", stop.run("down@test", MQL5_TESTER=1),
           has=["INIT: 0", "CANOPEN: 1"], lacks=["EVENT: EventSetTimer.*", "PRINT: .*"])

    # Server down / unreachable, with and without a stored answer.
    expect("server down (connection closed), nothing stored: waits (INIT 0, canOpen 0)", stop.run("down@test"),
           has=WAITING + [r"PRINT: RoboForge: sem resposta do servidor de licenças lucrobot\.com\.br \(erro 5203\)\.",
                GENERIC])
    expect("server unreachable (refused), nothing stored: waits (INIT 0, canOpen 0)", refused.run("x@test"),
           has=WAITING + [r"PRINT: RoboForge: sem resposta do servidor de licenças lucrobot\.com\.br \(erro 5201\)\.",
                GENERIC])
    common = stop.common()
    expect("valid answer with 1 day of grace stored", stop.run("valid@test", common), has=["INIT: 0"])
    expect("server unreachable, stored answer within grace: runs in grace", refused.run("x@test", common),
           has=["INIT: 0", "CANOPEN: 1", GRACE], lacks=[GENERIC])
    expect("server answers garbage (forged), stored answer within grace: runs in grace",
           stop.run("forged@test", common), has=["INIT: 0", GRACE])
    expect("stored answer past its grace (clock +25 h): waits", refused.run("x@test", common, MQL5_CLOCK_OFFSET=90000),
           has=WAITING + [GENERIC], lacks=[GRACE])
    expect("THROTTLED with a stored answer within grace: runs in grace (not a verdict)",
           stop.run("deny-THROTTLED@test", common),
           has=["INIT: 0", "PRINT: RoboForge: Muitas tentativas; tente novamente em alguns minutos.", GRACE])
    # A tampered stored answer (grace stretched) must not verify.
    tampered_dir = stop.common()
    stop.run("valid+g60@test", tampered_dir)
    path = lic_file(tampered_dir)
    text = open(path, encoding="utf-8").read()
    open(path, "w", encoding="utf-8").write(text.replace('"graceSeconds":60', '"graceSeconds":999999'))
    expect("stored answer with its grace edited is ignored", refused.run("x@test", tampered_dir, MQL5_CLOCK_OFFSET=120),
           has=WAITING + ["PRINT: RoboForge: licença guardada neste computador ignorada: assinatura da resposta inválida."])
    other_account = stop.common()
    stop.run("valid@test", other_account)
    os.rename(lic_file(other_account), os.path.join(other_account, "RoboForge", "%s_%d.lic" % (ROBOT_ID, 7777)))
    expect("stored answer of another account is not used (account is signed)",
           refused.run("x@test", other_account, account=7777),
           has=WAITING + ["PRINT: RoboForge: licença guardada neste computador ignorada: assinatura da resposta inválida."])
    no_grace = stop.common()
    stop.run("valid+g0@test", no_grace)
    expect("stored answer with graceSeconds 0 gives no grace", refused.run("x@test", no_grace),
           has=WAITING + [GENERIC], lacks=[GRACE])
    refused_dir = stop.common()
    stop.run("valid@test", refused_dir)
    expect("a signed refusal forgets the stored answer", stop.run("deny-SUSPENDED@test", refused_dir),
           has=["INIT: 1"])
    expect("... so it gives no grace afterwards", refused.run("x@test", refused_dir), has=WAITING, lacks=[GRACE])

    # Hourly re-checks (the harness clock advances 1 h per tick).
    expect("re-check valid every hour keeps it licensed",
           stop.run("valid+s3600@test", MQL5_TIMER_TICKS=3, MQL5_TICK_ADVANCE=3600),
           has=["INIT: 0", "TICK: 1 removed=0 canOpen=1", "TICK: 3 removed=0 canOpen=1"], lacks=[GENERIC])
    expect("re-check finds a signed refusal: ExpertRemove at once (stop)",
           stop.run("valid-then-deny-EXPIRED+s3600@test", MQL5_TIMER_TICKS=3, MQL5_TICK_ADVANCE=3600),
           has=["TICK: 1 removed=1 canOpen=0", "ALERT: " + MESSAGES["EXPIRED"], "EVENT: ExpertRemove", "DEINIT: 0"],
           lacks=["TICK: 2 .*"])
    expect("re-check finds the server down, within grace: keeps running",
           stop.run("valid-then-down+g10000@test", MQL5_TIMER_TICKS=2, MQL5_TICK_ADVANCE=3600),
           has=["TICK: 1 removed=0 canOpen=1", "TICK: 2 removed=0 canOpen=1", GRACE])
    expect("re-check finds the server down past the grace: ExpertRemove (stop)",
           stop.run("valid-then-down+g5000@test", MQL5_TIMER_TICKS=4, MQL5_TICK_ADVANCE=3600),
           has=["TICK: 1 removed=0 canOpen=1", GRACE, "TICK: 2 removed=1 canOpen=0", GENERIC, "EVENT: ExpertRemove",
                "DEINIT: 0"], lacks=["TICK: 3 .*"])
    expect("re-check finds the server down past the grace: keeps managing, canOpen=0 (manage)",
           manage.run("valid-then-down+g5000@test", MQL5_TIMER_TICKS=4, MQL5_TICK_ADVANCE=3600),
           has=["TICK: 1 removed=0 canOpen=1", "TICK: 2 removed=0 canOpen=0", MANAGE, GENERIC,
                "TICK: 4 removed=0 canOpen=0", "DEINIT: 1"], lacks=["EVENT: ExpertRemove"])
    rc, out = manage.run("valid-then-down+g5000@test", MQL5_TIMER_TICKS=4, MQL5_TICK_ADVANCE=3600)
    check("manage: the lapse message is printed once", out.count(MANAGE) == 1, out)
    expect("re-check finds a signed refusal (manage): canOpen=0 at once, still running",
           manage.run("valid-then-deny-SUSPENDED+s3600@test", MQL5_TIMER_TICKS=2, MQL5_TICK_ADVANCE=3600),
           has=["TICK: 1 removed=0 canOpen=0", MANAGE, "ALERT: " + MESSAGES["SUSPENDED"], "TICK: 2 removed=0 canOpen=0"],
           lacks=["EVENT: ExpertRemove"])
    expect("grace 0: the server down is retried, ExpertRemove after 3 failures",
           stop.run("valid-then-down+g0@test", MQL5_TIMER_TICKS=5, MQL5_TICK_ADVANCE=3600),
           has=["TICK: 1 removed=0 canOpen=1", r"PRINT: RoboForge: nova verificação da licença falhou \(1 de 3\); tentando de novo depois\.",
                "TICK: 2 removed=0 canOpen=1", "TICK: 3 removed=1 canOpen=0"], lacks=[GRACE, "TICK: 4 .*"])
    expect("re-check: server back within the grace, back to normal",
           stop.run("valid-then-down-then-valid+g20000+s3600@test", MQL5_TIMER_TICKS=2, MQL5_TICK_ADVANCE=3600),
           has=["TICK: 1 removed=0 canOpen=1", GRACE, "TICK: 2 removed=0 canOpen=1",
                r"PRINT: RoboForge: servidor de licenças acessível de novo; licença válida \(lucrobot\.com\.br\)\."])
    expect("re-check paces itself: ticks 10 min apart ask once an hour",
           stop.run("valid-then-deny-EXPIRED+s600@test", MQL5_TIMER_TICKS=5, MQL5_TICK_ADVANCE=600),
           has=["TICK: 5 removed=0 canOpen=1"], lacks=["ALERT: .*"])
    expect("started in grace, grace ends: checks at once and stops",
           refused.run("x@test", _grace_dir(stop), MQL5_TIMER_TICKS=3, MQL5_TICK_ADVANCE=1800),
           has=["INIT: 0", GRACE, "TICK: 1 removed=0 canOpen=1", "TICK: 2 removed=1 canOpen=0"])


def _grace_dir(robot):
    """A common folder holding a valid answer with one hour of grace."""
    common = robot.common()
    robot.run("valid+g3600@test", common)
    return common


# ------------------------------------------------------------------ (c)
MUTATIONS = [
    ("one hex digit of a SHA-512 round constant", "0x428a2f98d728ae22", "0x428a2f98d728ae23"),
    ("one '|' of the signed string", '"|" + code + "|"', '":" + code + "|"'),
    ("the version tag of the signed string", '"v2|"', '"v1|"'),
    ("one limb of the curve constant d", "0x78a3, 0x1359", "0x78a3, 0x1358"),
    ("the reduction factor 38 in the field multiplication", "t[i] += 38 * t[i + 16];", "t[i] += 39 * t[i + 16];"),
    ("one byte of the group order L", "0xed, 0xd3, 0xf5", "0xed, 0xd3, 0xf4"),
]


def part_c(work, server):
    print("== (c) one-character changes to the template break the valid case", flush=True)
    url = "http://127.0.0.1:%d/api/webhooks/validate-license" % server.port
    with open(TEMPLATE, encoding="utf-8") as f:
        template = f.read()
    public = public_hex(ROBOT_SECRET)
    for n, (what, old, new) in enumerate(MUTATIONS):
        if template.count(old) != 1:
            check("mutation '%s': the text occurs once in the template" % what, False,
                  "found %d times: %s" % (template.count(old), old))
            continue
        source = os.path.join(work, "mutant-%d.mq5" % n)
        render(template.replace(old, new), url, "stop", public, source)
        binary = os.path.join(work, "mutant-%d" % n)
        ok, log = build(source, binary)
        if not ok:
            check("mutation '%s' still compiles" % what, False, log)
            continue
        rc, out = Robot(binary, work).run("valid@test")
        # Without a trustworthy answer the robot waits on the chart opening nothing.
        check("mutation '%s' makes the valid case fail" % what,
              rc == 0 and re.search(r"^CANOPEN: 0$", out, re.M) and "licença válida" not in out, out)


def main():
    work = tempfile.mkdtemp(prefix="mql5-selftest-")
    server = None
    try:
        part_a(work)
        server = Server()
        part_b(work, server)
        part_c(work, server)
        realworld.run_all(work, sys.modules[__name__])
    finally:
        if server:
            server.stop()
        if results["failed"] == 0 and not os.environ.get("MQL5_SELFTEST_KEEP"):
            shutil.rmtree(work, ignore_errors=True)
        else:
            print("work directory kept: " + work)
    if "verify_us" in timings:
        print("Ed25519 verification in the harness: %.2f ms per signature (-O1)" % (timings["verify_us"] / 1000.0))
    if "valid_init_s" in timings:
        print("valid OnInit round trip (request, verify, store): %.2f s" % timings["valid_init_s"])
    print("%d passed, %d failed" % (results["passed"], results["failed"]))
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())

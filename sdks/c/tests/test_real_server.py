#!/usr/bin/python3
"""Integration tests: the example loader against the REAL Chaveiro server (the built
apps/server/dist/main.js, started here on a temp data folder and seeded through its HTTP API
as an admin and a customer would), directly or through tamper_proxy.py.

Usage: test_real_server.py GROUP LOADER [WRAPPER...]      e.g. `... windows loader.exe wine`

Groups (one server each, so ctest can run them side by side):
  accounts     key redeemed by an account, key alone on its bound machine and on a new one,
               download, account with 2FA (authenticator and recovery codes), refusals, the
               server's key not pinned, a key rotation
  tampering    a proxy flips a byte, replays, strips the signature, re-signs with another key:
               each exit 3, never 0
  renewal      heartbeats through a session renewal (the server's clock moved by libfaketime)
  lost-node    the server SIGKILLed mid heartbeat loop and restarted on the same port
  maintenance  maintenance switched on mid heartbeat loop, then offline
  product-status  the product set "em atualização" mid heartbeat loop (the next heartbeat
               ends it with the note), auth while it is down, and once it is back
  protection   protected delivery (#42): two sessions get different ciphertexts and marks, a
               download with the session token but another key pair does not open, a security
               rule ending the session, an outdated loader offered the current one, an unknown
               loader allowed, recorded or refused
  offline      offline grace: the licence kept online, then with the server stopped the loader
               runs on it until it lapses (with the subscription) and stops; another HWID or
               product gets nothing
  windows      what the Windows build must do under Wine: key auth, download, heartbeats
               through a renewal, 2FA, a refusal and tampering, and the self-update of an
               outdated loader (verified, swapped, restarted)

Exit: 0 all passed, 1 a failure, 77 skipped (no built server or node: ctest's SKIP_RETURN_CODE).
"""
import base64
import calendar
import hashlib
import os
import resource
import shutil
import sys
import tempfile
import time

# The helpers beside this file, imported without leaving a __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_server  # noqa: E402
import tamper_proxy as tp  # noqa: E402

AUTH = "POST /api/loader/auth"
BEAT = "POST /api/loader/heartbeat"
DOWNLOAD = "GET /api/loader/download"
# The server's pt-BR texts (packages/contract/src/messages.ts), as the loader must print them.
MESSAGES = {
    "ACCOUNT_LOGIN_REQUIRED": "Esta chave já foi resgatada em uma conta: a chave sozinha não "
                              "vincula um computador novo.",
    "TWO_FACTOR_REQUIRED": "Digite o código de 6 dígitos do seu aplicativo autenticador.",
    "INVALID_TWO_FACTOR": "Código de verificação inválido.",
    "INVALID_CREDENTIALS": "Usuário ou senha incorretos.",
    "KEY_ALREADY_USED": "Esta chave já foi utilizada por outra conta.",
    "MAINTENANCE": "O sistema está em manutenção. Tente novamente mais tarde.",
    "SERVER_OFFLINE": "O servidor está offline no momento. Tente novamente mais tarde.",
    "PRODUCT_UPDATING": "Este produto está em atualização. Tente novamente quando ele voltar.",
    "PRODUCT_UNAVAILABLE": "Este produto está indisponível no momento. Tente novamente quando "
                           "ele voltar.",
}
# A session renews once less than half of its 15 minutes is left.
RENEWAL_JUMP_S = 240


class Suite:
    def __init__(self, loader, wrapper):
        self.loader = loader
        self.wrapper = wrapper
        self.failures = 0
        self.count = 0
        self.work = tempfile.mkdtemp(prefix="chaveiro-sdk-int-")
        self.cleanups = []

    # -- running the loader -------------------------------------------------------------------

    def start(self, url, shop, arguments, keys=None):
        pinned = []
        for key in keys if keys is not None else [shop.public_key]:
            pinned += ["--public-key", key]
        command = self.wrapper + [self.loader, "--server", url, "--product",
                                  shop.product_id] + pinned + arguments
        return real_server.LoaderRun(command)

    def out_file(self, name):
        path = os.path.join(self.work, name)
        if os.path.exists(path):
            os.remove(path)
        return path

    def check(self, name, run, code, texts=(), absent=(), extra=None, timeout=120):
        """Waits for `run` and checks its exit code, what it printed, and `extra()` (a list of
        problems)."""
        actual = run.finish(timeout)
        problems = []
        if actual != code:
            problems.append(f"exit {actual}, expected {code}")
        problems += [f"missing {text!r}" for text in texts if text not in run.output]
        problems += [f"unexpected {text!r}" for text in absent if text in run.output]
        if extra:
            try:
                problems += extra()
            except Exception as error:  # a check that breaks is a failure, with its reason
                problems.append(f"check raised {error!r}")
        self.report(name, problems, run.output, actual, run.started)
        return not problems

    def report(self, name, problems, output="", code=None, started=None):
        self.count += 1
        took = f", {time.monotonic() - started:.1f} s" if started else ""
        if problems:
            self.failures += 1
            print(f"FAIL {name}: {'; '.join(problems)}\n{output}", flush=True)
        else:
            print(f"ok   {name} (exit {code}{took})", flush=True)
            if os.environ.get("CHAVEIRO_TEST_VERBOSE") == "1" and output:
                print("     " + output.rstrip().replace("\n", "\n     "), flush=True)

    def close(self):
        for cleanup in reversed(self.cleanups):
            try:
                cleanup()
            except Exception:
                pass
        shutil.rmtree(self.work, ignore_errors=True)

    # -- set-up -------------------------------------------------------------------------------

    def server(self, clock_offset=None):
        server = real_server.Server(clock_offset)
        self.cleanups.append(server.close)
        return server, real_server.Shop(server)

    def proxy(self, server):
        proxy = tp.TamperProxy(server.url)
        self.cleanups.append(proxy.close)
        return proxy

    def bound_key(self, url, shop, name, hwid):
        """A customer redeems a new key from the loader (key + account): the subscription is
        created and this machine bound to it. Returns the key."""
        user = shop.customer(name)
        key = shop.keys()[0]
        run = self.start(url, shop, ["--key", key, "--user", user["username"], "--password",
                                     user["password"], "--hwid", hwid])
        self.check(f"{name}: a new key redeemed into the account from the loader", run, 0,
                   [f"Autenticado como {user['username']}.", "Produto: Mira Certa",
                    f"Arquivo: mira.dll ({len(shop.dll) // (1024 * 1024)} MB)", "Pronto."])
        return key

    def file_problems(self, path, shop, run):
        """The file written is this delivery's marked copy of the upload (its SHA-256 printed),
        decrypted from the sealed download."""
        if not os.path.exists(path):
            return ["no file written"]
        with open(path, "rb") as f:
            written = f.read()
        problems, _ = real_server.marked_copy_problems(written, shop.dll)
        if f"SHA-256 conferido: {hashlib.sha256(written).hexdigest()}" not in run.output:
            problems.append("the printed SHA-256 is not the written copy's")
        return problems


def session_of(exchange, side):
    """The session token a heartbeat sent ("request") or an auth/heartbeat answered ("answer"),
    and the answer's sessionExpiresAt."""
    if side == "request":
        return (exchange.request_json() or {}).get("session"), None
    data = (exchange.answer_json() or {}).get("data") or {}
    return data.get("session"), data.get("sessionExpiresAt")


def iso_seconds(text):
    return calendar.timegm(time.strptime(text[:19], "%Y-%m-%dT%H:%M:%S"))


# -- scenarios (each used by one or more groups) ----------------------------------------------

def renewal(suite, server, shop, proxy, key, hwid, label=""):
    """Key alone on its bound machine through the proxy: the download, then two heartbeats.
    Before the download goes out the server's clock jumps from 4 minutes behind to 4 minutes
    ahead (each within the loader's 5-minute skew), so 8 minutes of the session have passed:
    the first heartbeat answers a renewed session, the second sends it and is accepted."""
    proxy.reset()
    proxy.before(DOWNLOAD, lambda: server.set_clock_offset(RENEWAL_JUMP_S))
    out = suite.out_file("renewal.dll")
    run = suite.start(proxy.url, shop, ["--key", key, "--hwid", hwid, "--out", out,
                                        "--beats", "2"])

    def extra():
        problems = suite.file_problems(out, shop, run)
        auths, beats = proxy.calls(AUTH), proxy.calls(BEAT)
        if len(auths) != 1 or len(beats) != 2:
            return problems + [f"{len(auths)} auth and {len(beats)} heartbeat calls"]
        first, first_expiry = session_of(auths[0], "answer")
        renewed, renewed_expiry = session_of(beats[0], "answer")
        if session_of(beats[0], "request")[0] != first:
            problems.append("the first heartbeat did not send the auth's session")
        if not renewed or renewed == first:
            problems.append("the first heartbeat did not answer a renewed session")
        elif iso_seconds(renewed_expiry) - iso_seconds(first_expiry) < 7 * 60:
            problems.append(f"renewed expiry {renewed_expiry} vs {first_expiry}")
        if session_of(beats[1], "request")[0] != renewed:
            problems.append("the second heartbeat did not send the renewed session")
        if (beats[1].answer_json() or {}).get("data", {}).get("ok") is not True:
            problems.append(f"the renewed session was refused: {beats[1].body[:200]!r}")
        return problems

    return suite.check(f"{label}key alone: download, heartbeats through a session renewal", run,
                       0, ["SHA-256 conferido", "Pulso 1/2", "Pulso 2/2", "Pronto."],
                       ["Nova tentativa"], extra)


def two_factor(suite, url, shop, name, hwid, label=""):
    """An account with 2FA on: refused without a code and with a wrong one, accepted with the
    authenticator's code and with a recovery code, which is then spent."""
    user = shop.customer(name, subscription_days=30, devices=3)
    secret, step, recovery = shop.enable_two_factor(user)
    account = ["--user", user["username"], "--password", user["password"], "--hwid", hwid]
    cases = [
        ("account with 2FA, no code", [], 2,
         [MESSAGES["TWO_FACTOR_REQUIRED"], "(TWO_FACTOR_REQUIRED)"]),
        ("account with 2FA, a wrong code", ["--code", real_server.totp(secret, 0)], 2,
         [MESSAGES["INVALID_TWO_FACTOR"], "(INVALID_TWO_FACTOR)"]),
        # The code of the step after the one that turned 2FA on: the server takes one step
        # either side, and never a step already used.
        ("account with 2FA, the authenticator's code", ["--code", real_server.totp(
            secret, (step + 1) * 30)], 0, [f"Autenticado como {user['username']}.", "Pronto."]),
        ("account with 2FA, a recovery code", ["--code", recovery[0].lower()], 0,
         [f"Autenticado como {user['username']}."]),
        ("account with 2FA, the recovery code again", ["--code", recovery[0]], 2,
         ["(INVALID_TWO_FACTOR)"]),
    ]
    for title, arguments, code, texts in cases:
        suite.check(label + title, suite.start(url, shop, account + arguments), code, texts)
    return user, recovery[1:]


def group_accounts(suite):
    server, shop = suite.server()
    url = server.url
    key = suite.bound_key(url, shop, "ana_conta", "sdk-machine-ana-1")

    out = suite.out_file("ana.dll")
    run = suite.start(url, shop, ["--key", key, "--hwid", "sdk-machine-ana-1", "--out", out,
                                  "--beats", "1"])
    suite.check("key alone on its bound machine: download (bytes and SHA-256) and a heartbeat",
                run, 0, ["Autenticado como ana_conta.", "Pulso 1/1", "Pronto."],
                extra=lambda: suite.file_problems(out, shop, run))

    out = suite.out_file("new-machine.dll")
    run = suite.start(url, shop, ["--key", key, "--hwid", "sdk-machine-ana-2", "--out", out])
    suite.check("key alone on a machine not bound yet", run, 2,
                [MESSAGES["ACCOUNT_LOGIN_REQUIRED"], "(ACCOUNT_LOGIN_REQUIRED)"],
                extra=lambda: ["a file was written"] if os.path.exists(out) else [])

    bia, recovery = two_factor(suite, url, shop, "bia_2fa", "sdk-machine-bia-1")
    run = suite.start(url, shop, ["--key", key, "--user", bia["username"], "--password",
                                  bia["password"], "--code", recovery[0],
                                  "--hwid", "sdk-machine-bia-1"])
    suite.check("a key another account redeemed", run, 2,
                [MESSAGES["KEY_ALREADY_USED"], "(KEY_ALREADY_USED)"])
    run = suite.start(url, shop, ["--user", "ana_conta", "--password", "not-her-password",
                                  "--hwid", "sdk-machine-ana-1"])
    suite.check("a wrong password", run, 2,
                [MESSAGES["INVALID_CREDENTIALS"], "(INVALID_CREDENTIALS)"])

    run = suite.start(url, shop, ["--key", key, "--hwid", "sdk-machine-ana-1"],
                      keys=[tp.OTHER_KEY_PUBLIC])
    suite.check("the server's key not pinned", run, 3, ["UNTRUSTED_KEY"])

    # A rotation: the old key is published as `previous`, answers are signed with the new one.
    old = shop.public_key
    server.stop()
    rotated = server.run_command("--rotate-loader-key")
    if rotated.returncode != 0:
        suite.report("key rotation", [f"--rotate-loader-key exited {rotated.returncode}"],
                     rotated.stdout + rotated.stderr)
        return
    server.start()
    status, published = real_server.request(url + "/api/loader/public-key")
    new = published["publicKey"]
    previous = [entry["publicKey"] for entry in published.get("previous", [])]
    suite.report("after a rotation the old key is published as previous",
                 [] if new != old and previous == [old] else [f"published {published}"])
    suite.check("after a rotation, a loader pinning only the old key", suite.start(
        url, shop, ["--key", key, "--hwid", "sdk-machine-ana-1"], keys=[old]), 3,
        ["UNTRUSTED_KEY"])
    suite.check("after a rotation, a loader pinning the new and the old key", suite.start(
        url, shop, ["--key", key, "--hwid", "sdk-machine-ana-1", "--beats", "1"],
        keys=[old, new]), 0, ["Pulso 1/1", "Pronto."])


def tampering_cases(suite, server, shop, proxy, key, hwid, label="", only=None):
    """Each tampered answer must end the loader with exit 3 (never 0, never a retry)."""
    proxy.reset()
    out = suite.out_file("clean.dll")
    run = suite.start(proxy.url, shop, ["--key", key, "--hwid", hwid, "--out", out,
                                        "--beats", "1"])
    suite.check(label + "through the proxy untouched (it is transparent)", run, 0,
                ["Pulso 1/1", "Pronto."], extra=lambda: suite.file_problems(out, shop, run))
    earlier_auth = proxy.calls(AUTH)[0]
    earlier_beat = proxy.calls(BEAT)[0]

    new_machine = ["--key", key, "--hwid", hwid + "-new"]
    cases = [
        # (name, call tampered, tamper function, arguments, text printed)
        ("one byte flipped in the auth answer", AUTH, tp.flip_byte, [], "BAD_SIGNATURE"),
        ("one byte flipped in a heartbeat answer", BEAT, tp.flip_byte, ["--beats", "1"],
         "BAD_SIGNATURE"),
        ("one byte flipped in a signed refusal", AUTH, tp.flip_byte, new_machine,
         "BAD_SIGNATURE"),
        ("one byte flipped in the sealed download", DOWNLOAD, tp.flip_byte, [], "DECRYPT_FAILED"),
        ("an earlier auth answer replayed", AUTH, tp.replay(earlier_auth), [], "WRONG_NONCE"),
        ("an earlier heartbeat answer replayed", BEAT, tp.replay(earlier_beat),
         ["--beats", "1"], "WRONG_NONCE"),
        ("the auth answer replayed to a heartbeat", BEAT, tp.replay(earlier_auth),
         ["--beats", "1"], "WRONG_REQUEST"),
        ("the auth answer's signature stripped", AUTH, tp.strip_signature, [],
         "MISSING_SIGNATURE"),
        ("a heartbeat answer's signature stripped", BEAT, tp.strip_signature, ["--beats", "1"],
         "MISSING_SIGNATURE"),
        ("a signed refusal's signature stripped", AUTH, tp.strip_signature, new_machine,
         "MISSING_SIGNATURE"),
        ("the auth answer signed by another key", AUTH, tp.sign_with_other_key, [],
         "BAD_SIGNATURE"),
        ("the auth answer re-issued under another key", AUTH, tp.sign_as_other_key, [],
         "UNTRUSTED_KEY"),
        ("a heartbeat answer re-issued under another key", BEAT, tp.sign_as_other_key,
         ["--beats", "1"], "UNTRUSTED_KEY"),
    ]
    for name, call, function, arguments, text in cases:
        if only and name not in only:
            continue
        proxy.reset()
        proxy.tamper(call, function)
        out = suite.out_file("tampered.dll")
        if arguments is new_machine:
            run = suite.start(proxy.url, shop, arguments + ["--out", out])
        else:
            run = suite.start(proxy.url, shop, ["--key", key, "--hwid", hwid, "--out", out]
                              + arguments)

        def extra(call=call):
            problems = []
            tampered = [e for e in proxy.calls(call) if e.tampered]
            if len(tampered) != 1:
                problems.append(f"{len(tampered)} tampered answers to {call}")
            if len(proxy.calls(call)) != 1:
                problems.append(f"{call} sent {len(proxy.calls(call))} times (retried)")
            # A file comes after the auth answer and with the download: only a heartbeat
            # tampered with leaves one, verified before it.
            if call != BEAT and os.path.exists(out):
                problems.append("a file was written")
            return problems

        suite.check(label + name, run, 3, ["Resposta não confiável", text],
                    ["Pronto.", "Nova tentativa", "Pulso"], extra)


def group_tampering(suite):
    server, shop = suite.server()
    proxy = suite.proxy(server)
    key = suite.bound_key(server.url, shop, "caio_proxy", "sdk-machine-caio-1")
    tampering_cases(suite, server, shop, proxy, key, "sdk-machine-caio-1")


def group_renewal(suite):
    server, shop = suite.server(clock_offset=-RENEWAL_JUMP_S)
    proxy = suite.proxy(server)
    key = suite.bound_key(server.url, shop, "duda_renova", "sdk-machine-duda-1")
    renewal(suite, server, shop, proxy, key, "sdk-machine-duda-1")


def group_lost_node(suite):
    server, shop = suite.server()
    hwid = "sdk-machine-edu-1"
    key = suite.bound_key(server.url, shop, "edu_no", hwid)
    started = time.monotonic()
    run = suite.start(server.url, shop, ["--key", key, "--hwid", hwid, "--beats", "2"])
    problems = []
    if not run.wait_for("Pulso 1/2", 60):
        problems.append("no first heartbeat")
    else:
        server.kill9()
        # The second heartbeat (30 s later) finds no server: the loop retries with backoff.
        if not run.wait_for("Nova tentativa", 60):
            problems.append("no retry while the server was down")
        time.sleep(1)
        server.start()  # the same port, data folder and signing key
    code = run.finish(120)
    if code != 0:
        problems.append(f"exit {code}, expected 0")
    for text in ("Falha temporária", "NETWORK_ERROR", "Pulso 2/2", "Pronto."):
        if text not in run.output:
            problems.append(f"missing {text!r}")
    if run.output.count("Autenticado como") != 1:
        problems.append("authenticated more than once")
    suite.report("server killed (SIGKILL) mid heartbeat loop and restarted on the same port: "
                 "the loop retries and goes on", problems, run.output, code, started)


def group_maintenance(suite):
    server, shop = suite.server()
    hwid = "sdk-machine-fabi-1"
    key = suite.bound_key(server.url, shop, "fabi_manut", hwid)
    run = suite.start(server.url, shop, ["--key", key, "--hwid", hwid, "--beats", "2"])
    switched = run.wait_for("Pulso 1/2", 60)
    if switched:
        shop.setting("maintenance_mode", "on")
    suite.check("maintenance switched on mid heartbeat loop: a signed refusal ends it", run, 2,
                [MESSAGES["MAINTENANCE"], "(MAINTENANCE)", "Sessão encerrada."],
                ["Nova tentativa", "Pronto."],
                lambda: [] if switched else ["no first heartbeat"])
    time.sleep(1.2)  # a node may read a setting up to 1 s old
    suite.check("auth during maintenance", suite.start(
        server.url, shop, ["--key", key, "--hwid", hwid]), 2,
        [MESSAGES["MAINTENANCE"], "(MAINTENANCE)"], ["Nova tentativa"])
    shop.setting("maintenance_mode", "off")
    shop.setting("server_status", "offline")
    time.sleep(1.2)
    suite.check("auth while the server is offline", suite.start(
        server.url, shop, ["--key", key, "--hwid", hwid]), 2,
        [MESSAGES["SERVER_OFFLINE"], "(SERVER_OFFLINE)"], ["Nova tentativa"])
    shop.setting("server_status", "online")
    time.sleep(1.2)
    suite.check("auth once back online", suite.start(
        server.url, shop, ["--key", key, "--hwid", hwid]), 0, ["Pronto."])


def group_product_status(suite):
    server, shop = suite.server()
    hwid = "sdk-machine-gabi-1"
    key = suite.bound_key(server.url, shop, "gabi_status", hwid)
    note = "Detectado após a atualização do jogo; previsão 48 h"
    run = suite.start(server.url, shop, ["--key", key, "--hwid", hwid, "--beats", "2"])
    switched = run.wait_for("Pulso 1/2", 60)
    if switched:
        shop.product_status("updating", note)
    suite.check("product set to updating mid heartbeat loop: the next heartbeat ends it with "
                "the signed note", run, 2,
                [MESSAGES["PRODUCT_UPDATING"], "(PRODUCT_UPDATING)",
                 "Status do produto: Em atualização desde", f"Nota do vendedor: {note}",
                 "O tempo da sua assinatura está congelado", "Sessão encerrada."],
                ["Nova tentativa", "Pronto.", "Pulso 2/2"],
                lambda: [] if switched else ["no first heartbeat"])
    shop.product_status("unavailable", freeze_time=False)
    suite.check("auth while the product is unavailable, time running, no note", suite.start(
        server.url, shop, ["--key", key, "--hwid", hwid]), 2,
        [MESSAGES["PRODUCT_UNAVAILABLE"], "(PRODUCT_UNAVAILABLE)",
         "Status do produto: Indisponível desde", "O tempo da sua assinatura continua correndo."],
        ["Nova tentativa", "Nota do vendedor"])
    shop.product_status("operational")
    suite.check("auth and download once the product is back", suite.start(
        server.url, shop, ["--key", key, "--hwid", hwid, "--out", suite.out_file("back.dll")]),
        0, ["SHA-256 conferido", "Pronto."])


def group_windows(suite):
    server, shop = suite.server(clock_offset=-RENEWAL_JUMP_S)
    proxy = suite.proxy(server)
    hwid = "sdk-machine-wine-1"
    key = suite.bound_key(server.url, shop, "gil_wine", hwid)
    renewal(suite, server, shop, proxy, key, hwid)
    run = suite.start(server.url, shop, ["--key", key, "--hwid", hwid + "-new"])
    suite.check("key alone on a machine not bound yet", run, 2,
                [MESSAGES["ACCOUNT_LOGIN_REQUIRED"], "(ACCOUNT_LOGIN_REQUIRED)"])
    two_factor(suite, server.url, shop, "hana_wine", "sdk-machine-wine-2")
    tampering_cases(suite, server, shop, proxy, key, hwid, only={
        "one byte flipped in the auth answer", "an earlier heartbeat answer replayed",
        "the auth answer's signature stripped",
        "the auth answer re-issued under another key", "one byte flipped in the sealed download"})
    self_update(suite, server, shop, key, hwid)


def stamped(loader_bytes, version):
    """The example loader with another version stamped in its slot (a release script's job)."""
    stamp = b"CHAVEIRO-LOADER-VERSION:1.0.0"
    if stamp not in loader_bytes:
        raise RuntimeError("the loader has no version slot")
    return loader_bytes.replace(stamp, f"CHAVEIRO-LOADER-VERSION:{version}".encode())


def group_protection(suite):
    server, shop = suite.server()
    proxy = suite.proxy(server)
    hwid = "sdk-machine-ivo-1"
    key = suite.bound_key(server.url, shop, "ivo_protegido", hwid)

    # Two sessions: each download is sealed to its own run, and each copy carries its own mark.
    copies, deliveries, bodies = [], [], []
    for index in range(2):
        proxy.reset()
        out = suite.out_file(f"session-{index}.dll")
        run = suite.start(proxy.url, shop, ["--key", key, "--hwid", hwid, "--out", out])
        ok = suite.check(f"session {index + 1}: the sealed download opens in memory to a marked "
                         "copy of the upload", run, 0,
                         ["entrega protegida", "Recebido cifrado para esta sessão", "Entrega: ",
                          "Pronto."], extra=lambda: suite.file_problems(out, shop, run))
        downloads = proxy.calls(DOWNLOAD)
        if ok and downloads:
            with open(out, "rb") as f:
                copies.append(f.read())
            deliveries.append(run.output.split("Entrega: ")[1].split()[0])
            bodies.append(downloads[0].body)
            content_type = downloads[0].header("Content-Type") or ""
            if not content_type.startswith("application/vnd.chaveiro.sealed"):
                suite.report("the download is a sealed container",
                             [f"Content-Type {content_type!r}"])
    if len(copies) == 2:
        problems = []
        if bodies[0] == bodies[1]:
            problems.append("the two sessions got the same ciphertext")
        if copies[0] == copies[1]:
            problems.append("the two sessions got the same copy (no per-delivery mark)")
        if deliveries[0] == deliveries[1]:
            problems.append("the same delivery id twice")
        for body, copy in zip(bodies, copies):
            if copy[:4096] in body or shop.dll[:4096] in body:
                problems.append("plain bytes inside the sealed download")
        marks = [real_server.marked_copy_problems(copy, shop.dll)[1] for copy in copies]
        if any(mark is None for mark in marks) or \
                [mark for mark in marks] != [d.replace("-", "") for d in deliveries]:
            problems.append(f"marks {marks} are not the deliveries {deliveries}")
        suite.report("two sessions: different ciphertexts, different marks naming their "
                     "deliveries", problems)

    # The session token alone is not enough: a download sealed to key pair A (this test's own
    # auth) does not open with key pair B, and opens with A.
    other_problems = []
    try:
        import nacl.public
        pair_a, pair_b = nacl.public.PrivateKey.generate(), nacl.public.PrivateKey.generate()
        status, answer = real_server.request(server.url + "/api/loader/auth", "POST", {
            "productId": shop.product_id, "hwid": hwid, "key": key,
            "nonce": base64.urlsafe_b64encode(os.urandom(16)).decode().rstrip("="),
            "sessionKey": base64.b64encode(bytes(pair_a.public_key)).decode()})
        session = (answer or {}).get("data", {}).get("session")
        if status != 200 or not session:
            other_problems.append(f"auth {status} {answer}")
        else:
            status, body = real_server.request(server.url + "/api/loader/download", token=session)
            if status != 200 or not isinstance(body, bytes) or not body.startswith(b"CHVSEAL1"):
                other_problems.append(f"download {status}")
            else:
                sealed_key = body[8:8 + 80]
                try:
                    nacl.public.SealedBox(pair_b).decrypt(sealed_key)
                    other_problems.append("another key pair opened the sealed key")
                except Exception:
                    pass
                try:
                    nacl.public.SealedBox(pair_a).decrypt(sealed_key)
                except Exception:
                    other_problems.append("the session's own key pair did not open it")
    except ImportError:
        other_problems.append("python3-nacl is missing")
    suite.report("a download with the session token but another key pair does not open",
                 other_problems)

    # A security rule that ends the session: the loop ends with SESSION_ENDED.
    shop.protection(securityRules={"debugger": "end_session"})
    run = suite.start(server.url, shop, ["--key", key, "--hwid", hwid, "--report", "debugger",
                                         "--report-detail", "x64dbg", "--beats", "2"])
    def stored_event(kind, action, detail=None):
        def problems():
            found = [e for e in shop.security_events() if e.get("kind") == kind
                     and e.get("action") == action and (detail is None or e.get("detail") == detail)]
            return [] if found else [f"no {kind}/{action} event in the Segurança queue"]
        return problems

    suite.check("a debugger reported, the product's rule ends the session", run, 2,
                ["Evento de segurança relatado: debugger (sessão encerrada).",
                 "(SESSION_ENDED)"], ["Pulso 2/2"],
                stored_event("debugger", "end_session", "x64dbg"))
    # A detail past the server's 200 characters (UTF-16 code units, an emoji is two) is
    # trimmed and cut by the SDK on a character boundary, not refused as INVALID_REQUEST.
    long_detail = "  " + "ç" * 150 + "\U0001F600" * 60 + "  "
    run = suite.start(server.url, shop, ["--key", key, "--hwid", hwid, "--report", "hooked_api",
                                         "--report-detail", long_detail])
    suite.check("a detail longer than the server takes is cut to 200 characters", run, 0,
                ["Evento de segurança relatado: hooked_api (registrado).", "Pronto."], [],
                stored_event("hooked_api", "record", "ç" * 150 + "\U0001F600" * 25))

    # Loader releases: a PE the console accepts, published as 2.0.0.
    release = real_server.portable_executable(64 * 1024)
    shop.upload_loader(release, "2.0.0", "mira-loader.exe")
    shop.protection(loaderMinVersion="2.0.0")
    run = suite.start(server.url, shop, ["--key", key, "--hwid", hwid])
    suite.check("an outdated loader: LOADER_OUTDATED offers the current one, signed", run, 2,
                ["(LOADER_OUTDATED)", "Versão atual do loader: 2.0.0 (mira-loader.exe)",
                 "--update"])
    shop.protection(loaderMinVersion=None)
    # This loader's hash is no release: allowed, recorded or refused as the product says.
    for policy, code, texts, action in (("allow", 0, ["Pronto."], None),
                                        ("record", 0, ["Pronto."], "record"),
                                        ("refuse", 2, ["(LOADER_MODIFIED)"], "refused")):
        shop.protection(unknownLoaderPolicy=policy)
        run = suite.start(server.url, shop, ["--key", key, "--hwid", hwid,
                                             "--loader-version", "2.0.0"])
        suite.check(f"an unknown loader, policy {policy}", run, code, texts,
                    extra=stored_event("unknown_loader", action) if action else None)
    shop.protection(unknownLoaderPolicy="allow")

    # A 64 MB product: 1 024 chunks opened as they arrive, the copy checked whole.
    big = real_server.Shop(server, dll_size=64 * 1024 * 1024)
    big_key = suite.bound_key(server.url, big, "ivo_grande", hwid)
    out = suite.out_file("big.dll")
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    run = suite.start(server.url, big, ["--key", big_key, "--hwid", hwid, "--out", out])
    ok = suite.check("a 64 MB product: the sealed download opens to its marked copy", run, 0,
                     ["Arquivo: mira.dll (64 MB), entrega protegida",
                      "Recebido cifrado para esta sessão", "Pronto."],
                     extra=lambda: suite.file_problems(out, big, run), timeout=300)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if ok and peak > before:
        print(f"     the loader's peak RSS: {peak // 1024} MB (this build's sanitizers included)",
              flush=True)


def group_offline(suite):
    server, shop = suite.server()
    hwid = "sdk-machine-jana-1"
    key = suite.bound_key(server.url, shop, "jana_offline", hwid)
    store = os.path.join(suite.work, "offline.lic")
    shop.protection(offlineGraceHours=1)
    # The licence never outlasts the subscription: make that end in 75 s.
    shop.expire_subscriptions_in(75)
    run = suite.start(server.url, shop, ["--key", key, "--hwid", hwid, "--offline-store", store])
    suite.check("online: the offline licence is kept (encrypted, bound to this machine)", run, 0,
                ["Licença offline guardada: válida até", "Pronto."],
                extra=lambda: [] if os.path.exists(store) else ["no store written"])
    server.stop()
    started = time.monotonic()
    run = suite.start(server.url, shop, ["--key", key, "--hwid", hwid, "--offline-store", store,
                                         "--beats", "1000"])

    def lapsed_in_time():
        took = time.monotonic() - started
        return [] if 60 <= took <= 110 else [f"ended after {took:.0f} s, not at the licence's end"]

    suite.check("server stopped: the loader keeps running on the licence until it lapses, then "
                "stops", run, 4,
                ["Sem conexão com o servidor: usando a licença offline de jana_offline",
                 "Pulso 1/1000: offline", "Pulso 2/1000: offline", "(OFFLINE_EXPIRED",
                 "O período permitido sem conexão terminou"], ["Pronto"], lapsed_in_time,
                timeout=180)
    run = suite.start(server.url, shop, ["--key", key, "--hwid", hwid + "-other",
                                         "--offline-store", store])
    suite.check("server stopped, another HWID: the licence is not its own", run, 4,
                ["NETWORK_ERROR"], ["Modo offline"])
    run = suite.start(server.url, shop, ["--key", key, "--hwid", hwid, "--offline-store", store,
                                         "--product", "another-product-id"])
    suite.check("server stopped, another product: the licence is not its own", run, 4,
                ["NETWORK_ERROR"], ["Modo offline"])


def self_update(suite, server, shop, key, hwid):
    """An outdated loader (1.0.0) replaced by the published 2.0.0 (itself, stamped): verified,
    swapped in (the running .exe renamed .old on Windows) and restarted."""
    with open(suite.loader, "rb") as f:
        original = f.read()
    newer = stamped(original, "2.0.0")
    shop.upload_loader(newer, "2.0.0", os.path.basename(suite.loader))
    shop.protection(loaderMinVersion="2.0.0")
    folder = os.path.join(suite.work, "updating")
    os.makedirs(folder, exist_ok=True)
    copy = os.path.join(folder, os.path.basename(suite.loader))
    shutil.copy2(suite.loader, copy)
    for library in ("chaveiro.dll", "libchaveiro.so"):
        beside = os.path.join(os.path.dirname(suite.loader), library)
        if os.path.exists(beside):
            shutil.copy2(os.path.realpath(beside), os.path.join(folder, library))
    loader = suite.loader
    suite.loader = copy
    try:
        run = suite.start(server.url, shop, ["--key", key, "--hwid", hwid, "--update"])
    finally:
        suite.loader = loader

    def replaced():
        with open(copy, "rb") as f:
            return [] if f.read() == newer else ["the loader file was not replaced"]

    suite.check("an outdated loader updates itself: verified, swapped in, restarted", run, 0,
                ["(LOADER_OUTDATED)", "Atualizando o loader para a versão 2.0.0",
                 "loader 2.0.0)", "Autenticado como", "Pronto."], extra=replaced, timeout=240)
    shop.protection(loaderMinVersion=None)


GROUPS = {
    "accounts": group_accounts,
    "tampering": group_tampering,
    "renewal": group_renewal,
    "lost-node": group_lost_node,
    "maintenance": group_maintenance,
    "product-status": group_product_status,
    "protection": group_protection,
    "offline": group_offline,
    "windows": group_windows,
}


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in GROUPS:
        sys.exit(f"usage: {sys.argv[0]} {{{','.join(GROUPS)}}} LOADER [WRAPPER...]")
    group = sys.argv[1]
    suite = Suite(sys.argv[2], [part for part in sys.argv[3:] if part])
    started = time.monotonic()
    try:
        GROUPS[group](suite)
    except real_server.Skip as skip:
        print(f"skipped: {skip}")
        if os.environ.get("CHAVEIRO_REQUIRE_SERVER") == "1":
            return 1
        return 77
    except Exception as error:
        suite.failures += 1
        print(f"FAIL {group}: {error!r}")
        raise
    finally:
        suite.close()
    print(f"real server, {group}: {suite.count - suite.failures}/{suite.count} passed in "
          f"{time.monotonic() - started:.1f} s")
    return 1 if suite.failures or not suite.count else 0


if __name__ == "__main__":
    sys.exit(main())

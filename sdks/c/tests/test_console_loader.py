#!/usr/bin/python3
"""Runs the example loader against fake_server.py, once per behaviour, and checks its exit code
and what it printed: 0 ok, 1 usage, 2 signed refusal, 3 verification failure, 4 unreachable.

Usage: test_console_loader.py LOADER [WRAPPER...]   e.g. `... chaveiro-console-loader.exe wine`
"""
import os
import shutil
import socket
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TEST_KEY = "A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg="
OTHER_KEY = "uvxxvq06xeS2PpyCFu5xo0quxlci7tvKcotOmzzM45Y="  # the fake server's other key
FILE = b"the product file, 26 bytes"


def start(mode, env=None):
    server = subprocess.Popen([sys.executable, os.path.join(HERE, "fake_server.py"), mode],
                              stdout=subprocess.PIPE, text=True,
                              env=dict(os.environ, **(env or {})))
    return server, int(server.stdout.readline())


def closed_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    loader = sys.argv[1]
    wrapper = [part for part in sys.argv[2:] if part]
    out = os.path.join(tempfile.mkdtemp(prefix="chaveiro-loader-"), "aim.dll")
    key = ["--key", "ABCDEFGHJK23456789"]
    account = ["--user", "ana", "--password", "s3nha", "--code", "123456"]
    cases = [
        # (name, server mode or None for a closed port, arguments, exit code, expected output)
        ("key, download and heartbeats through renewals", "ok",
         key + ["--out", out, "--beats", "3"], 0,
         ["Autenticado como ana.", "SHA-256 conferido", "Pulso 3/3", "Pronto."]),
        ("account with a 2FA code", "ok", account, 0, ["Autenticado como ana."]),
        ("key and account", "ok", key + ["--user", "bia", "--password", "pw"], 0,
         ["Autenticado como bia."]),
        ("rotation: the previous key pinned beside a new one", "ok",
         key + ["--public-key", OTHER_KEY], 0, ["Pronto."]),
        ("signed refusal", "refuse", key, 2,
         ["Recusado pelo servidor: HWID diferente", "(HWID_MISMATCH)"]),
        ("maintenance mid-session", "maintenance-beat", key + ["--beats", "3"], 2,
         ["Servidor em manutenção.", "(MAINTENANCE)"]),
        ("product being updated: the status, since when and the seller's note",
         "product-updating-auth", key, 2,
         ["Este produto está em atualização.", "(PRODUCT_UPDATING)",
          "Status do produto: Em atualização desde 23/11/2026 09:30 UTC.",
          "Nota do vendedor: Detectado após a atualização do jogo; previsão 48 h",
          "O tempo da sua assinatura está congelado"]),
        ("product down mid-session: the next heartbeat says so", "product-unavailable-beat",
         key + ["--beats", "3"], 2,
         ["Pulso 1/3", "(PRODUCT_UNAVAILABLE)", "Status do produto: Indisponível desde",
          "O tempo da sua assinatura continua correndo."]),
        ("one byte flipped in the auth answer", "tamper-auth", key, 3, ["BAD_SIGNATURE"]),
        ("one byte flipped in a heartbeat answer", "tamper-beat", key + ["--beats", "3"], 3,
         ["BAD_SIGNATURE"]),
        ("an earlier heartbeat answer replayed", "replay-beat", key + ["--beats", "3"], 3,
         ["WRONG_NONCE"]),
        ("signature stripped", "strip-auth", key, 3, ["MISSING_SIGNATURE"]),
        ("signed by another key", "other-key-auth", key, 3, ["UNTRUSTED_KEY"]),
        ("answer issued 400 s ago", "stale-auth", key, 3, ["STALE_ANSWER"]),
        ("file bytes that do not match the signed hash", "bad-file", key + ["--out", out], 3,
         ["FILE_MISMATCH"]),
        ("a sealed download opened in memory", "ok", key + ["--out", out], 0,
         ["entrega protegida", "Recebido cifrado para esta sessão e aberto em memória.",
          "Entrega: 0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", "Pronto."]),
        ("one byte of the sealed download flipped", "tamper-sealed", key + ["--out", out], 3,
         ["DECRYPT_FAILED"]),
        ("an older server: the file in the clear", "old-server", key + ["--out", out], 0,
         ["SHA-256 conferido", "Pronto."]),
        ("a security event the product's rule answers by ending the session", "security",
         key + ["--report", "debugger", "--report-detail", "x64dbg", "--beats", "2"], 2,
         ["Evento de segurança relatado: debugger (sessão encerrada).", "(SESSION_ENDED)",
          "Sessão encerrada."]),
        ("a load balancer's 502 on every attempt", "gateway", key, 4,
         ["Nova tentativa", "NETWORK_ERROR"]),
        ("a lost node: one 502, then an answer", "flaky", key, 0,
         ["Nova tentativa", "Pronto."]),
        ("nothing listening", None, key, 4, ["NETWORK_ERROR"]),
        ("no pinned key", "usage", ["--key", "K"], 1, ["--public-key"]),
    ]
    failures = 0
    for name, mode, arguments, expected_code, expected_output in cases:
        if os.path.exists(out):
            os.remove(out)
        server = None
        if mode is None:
            port = closed_port()
        elif mode == "usage":
            port = 1
        else:
            server, port = start(mode)
        pinned = [] if mode == "usage" else ["--public-key", TEST_KEY]
        command = wrapper + [loader, "--server", f"http://127.0.0.1:{port}", "--product",
                             "prod_1", "--hwid", "test-machine-0001"] + pinned + arguments
        try:
            run = subprocess.run(command, capture_output=True, timeout=60)
        finally:
            if server:
                server.kill()
                server.wait()
        output = (run.stdout + run.stderr).decode("utf-8", errors="replace")
        missing = [text for text in expected_output if text not in output]
        # The seller switched these on: shown at once, never retried like a lost node.
        if mode and mode.startswith("product-") and "Nova tentativa" in output:
            missing.append("(no retry)")
        if mode == "product-unavailable-beat" and "Nota do vendedor" in output:
            missing.append("(no note line without a note)")
        file_ok = True
        if "--out" in arguments:
            written = os.path.exists(out) and open(out, "rb").read() == FILE
            file_ok = written if expected_code == 0 else not os.path.exists(out)
        if run.returncode != expected_code or missing or not file_ok:
            failures += 1
            print(f"FAIL {name}: exit {run.returncode} (expected {expected_code}), "
                  f"missing {missing}, file {'ok' if file_ok else 'wrong'}\n{output}")
        else:
            print(f"ok   {name} (exit {run.returncode})")
    extra_failures, extra_count = extra_cases(loader, wrapper)
    failures += extra_failures
    total = len(cases) + extra_count
    print(f"console loader: {total - failures}/{total} passed")
    return 1 if failures else 0


def run_loader(wrapper, loader, port, arguments, hwid="test-machine-0001"):
    command = wrapper + [loader, "--server", f"http://127.0.0.1:{port}", "--product", "prod_1",
                         "--hwid", hwid, "--public-key", TEST_KEY] + arguments
    run = subprocess.run(command, capture_output=True, timeout=120)
    return run.returncode, (run.stdout + run.stderr).decode("utf-8", errors="replace")


def extra_cases(loader, wrapper):
    """Cases of more than one run: the offline licence, and the self-update."""
    failures = 0
    count = 0
    work = tempfile.mkdtemp(prefix="chaveiro-loader-extra-")

    def check(name, code, output, expected_code, texts, extra_problems=()):
        nonlocal failures, count
        count += 1
        missing = [text for text in texts if text not in output] + list(extra_problems)
        if code != expected_code or missing:
            failures += 1
            print(f"FAIL {name}: exit {code} (expected {expected_code}), missing {missing}\n"
                  f"{output}")
        else:
            print(f"ok   {name} (exit {code})")

    try:
        key = ["--key", "ABCDEFGHJK23456789"]
        store = os.path.join(work, "prod_1.lic")
        server, port = start("offline")
        try:
            code, output = run_loader(wrapper, loader, port, key + ["--offline-store", store])
        finally:
            server.kill()
            server.wait()
        check("online: the offline licence is stored", code, output, 0,
              ["Licença offline guardada: válida até", "Pronto."],
              [] if os.path.exists(store) else ["no store written"])
        closed = closed_port()
        code, output = run_loader(wrapper, loader, closed,
                                  key + ["--offline-store", store, "--beats", "1"])
        check("server unreachable: the loader runs on the stored licence", code, output, 0,
              ["Sem conexão com o servidor: usando a licença offline de ana",
               "Pulso 1/1: offline", "Pronto (offline)."])
        code, output = run_loader(wrapper, loader, closed, key + ["--offline-store", store],
                                  hwid="another-machine-02")
        check("server unreachable, another machine: the licence is not its own", code, output,
              4, ["NETWORK_ERROR"])

        # Self-update: a copy of this loader (with its library beside it) gets LOADER_OUTDATED
        # from version 1.0.0 and fetches "2.0.0". The C++ example: itself with the version
        # stamped in its slot, swapped in and restarted. The C# example (under mono): its .exe
        # with bytes appended, swapped in; it asks to be opened again.
        csharp = any("mono" in part for part in wrapper)
        folder = os.path.join(work, "loader")
        os.makedirs(folder)
        copy = os.path.join(folder, os.path.basename(loader))
        shutil.copy2(loader, copy)
        for library in ("chaveiro.dll", "libchaveiro.so"):
            beside = os.path.join(os.path.dirname(loader), library)
            if os.path.exists(beside):
                shutil.copy2(os.path.realpath(beside), os.path.join(folder, library))
        original = open(loader, "rb").read()
        stamp = b"CHAVEIRO-LOADER-VERSION:1.0.0"
        update = os.path.join(work, "update.bin")
        with open(update, "wb") as f:
            f.write(original + b"\0" * 16 if csharp
                    else original.replace(stamp, b"CHAVEIRO-LOADER-VERSION:2.0.0"))
        env = {"CHAVEIRO_FAKE_UPDATE_FILE": update}
        server, port = start("outdated", env)
        try:
            code, output = run_loader(wrapper, copy, port, key)
            check("an outdated loader without --update: the current version is offered", code,
                  output, 2, ["(LOADER_OUTDATED)", "Versão atual do loader: 2.0.0",
                              "--update"])
            code, output = run_loader(wrapper, copy, port, key + ["--update"])
            updated = open(copy, "rb").read() == open(update, "rb").read()
            expected = (["Atualizando o loader para a versão 2.0.0",
                         "Loader atualizado para a versão 2.0.0. Abra-o de novo."] if csharp
                        else ["Atualizando o loader para a versão 2.0.0", "loader 2.0.0)",
                              "Autenticado como ana.", "Pronto."])
            check("an outdated loader with --update: verified and swapped in"
                  + ("" if csharp else ", restarted"), code, output, 0, expected,
                  [] if updated else ["the loader file was not replaced"])
            # Still reported below the minimum, the loader is now the one the refusal offers (a
            # published loader below the product's minimum): no update, no restart into the
            # same refusal forever.
            code, output = run_loader(wrapper, copy, port,
                                      key + ["--loader-version", "1.0.0", "--update"])
            check("the offered loader is the running one: it stops instead of updating again",
                  code, output, 1, ["(INVALID_ARGUMENT", "already the current loader"])
        finally:
            server.kill()
            server.wait()
        # Bytes that are not the ones the refusal signed are not installed (the 1.0.0 loader
        # back in place: the refusal must name another one).
        shutil.copy2(loader, copy)
        before = open(copy, "rb").read()
        server, port = start("outdated-forged", env)
        try:
            code, output = run_loader(wrapper, copy, port,
                                      key + ["--loader-version", "1.0.0", "--update"])
        finally:
            server.kill()
            server.wait()
        check("an update whose bytes are not the signed ones is refused", code, output, 3,
              ["FILE_MISMATCH"],
              [] if open(copy, "rb").read() == before else ["the loader file was replaced"])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return failures, count


if __name__ == "__main__":
    sys.exit(main())

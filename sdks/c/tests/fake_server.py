#!/usr/bin/python3
"""A stand-in for the Chaveiro loader API, signing like the server (Ed25519 over the exact body
bytes, PyNaCl from Debian's python3-nacl) with the public test seed, and misbehaving on demand.

Usage: fake_server.py MODE   (prints the port it listens on, then serves until killed)

Modes: ok, refuse, maintenance-beat, product-updating-auth, product-unavailable-beat,
tamper-auth, tamper-beat, replay-beat, strip-auth, other-key-auth, stale-auth, bad-file, gateway,
flaky. It exists to test the SDK's transport and
the example loader without the real server; the integration tests use the real one.
"""
import base64
import datetime
import hashlib
import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

import nacl.signing

TEST_KEY = nacl.signing.SigningKey(bytes(range(32)))
OTHER_KEY = nacl.signing.SigningKey(bytes(255 - i for i in range(32)))
# CHAVEIRO_FAKE_FILE_BYTES=N serves N bytes instead (for measuring a 1 MB download).
FILE = (
    bytes(i % 251 for i in range(int(os.environ["CHAVEIRO_FAKE_FILE_BYTES"])))
    if os.environ.get("CHAVEIRO_FAKE_FILE_BYTES")
    else b"the product file, 26 bytes"
)

# The `product` block of PRODUCT_UPDATING / PRODUCT_UNAVAILABLE refusals.
PRODUCT_UPDATING = {
    "status": "updating",
    "note": "Detectado após a atualização do jogo; previsão 48 h",
    "timeFrozen": True,
    "since": "2026-11-23T09:30:00.000Z",
}
PRODUCT_UNAVAILABLE = {
    "status": "unavailable",
    "note": None,
    "timeFrozen": False,
    "since": "2026-11-23T09:30:00.000Z",
}


def key_id(key):
    return hashlib.sha256(bytes(key.verify_key)).hexdigest()[:16]


def iso(delta_seconds=0.0):
    moment = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(
        seconds=delta_seconds
    )
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


class State:
    def __init__(self, mode):
        self.mode = mode
        self.lock = threading.Lock()
        self.tokens = 0
        self.token = None
        self.auth_calls = 0
        self.beats = 0
        self.first_beat_answer = None

    def new_token(self):
        self.tokens += 1
        self.token = f"token-{self.tokens}"
        return self.token


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    state: State

    def log_message(self, format, *args):  # quiet
        pass

    def send(self, status, body, headers):
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def answer(self, status, request, data, nonce, key=TEST_KEY, issued=None, flip=False,
               sign=True, record=None):
        envelope = {
            "request": request,
            "data": data,
            "nonce": nonce,
            "issuedAt": issued or iso(),
            "keyId": key_id(key),
        }
        body = json.dumps(envelope, ensure_ascii=False, separators=(",", ":")).encode()
        signature = base64.b64encode(key.sign(body).signature).decode()
        if flip:
            middle = len(body) // 2
            body = body[:middle] + bytes([body[middle] ^ 1]) + body[middle + 1 :]
        headers = {"Content-Type": "application/json; charset=utf-8"}
        if sign:
            headers["X-Signature"] = signature
        if record is not None:
            record.append((status, body, headers))
        self.send(status, body, headers)

    def refuse(self, status, request, code, message, nonce, product=None):
        data = {"ok": False, "code": code, "message": message}
        if product is not None:
            data["product"] = product
        self.answer(status, request, data, nonce)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        payload = json.loads(self.rfile.read(length) or b"{}")
        nonce = payload.get("nonce")
        path = urlparse(self.path).path
        if path == "/api/loader/auth":
            self.auth(payload, nonce)
        elif path == "/api/loader/heartbeat":
            self.heartbeat(payload, nonce)
        else:
            self.refuse(404, f"POST {path}", "INVALID_REQUEST", "Rota não encontrada.", nonce)

    def auth(self, payload, nonce):
        s = self.state
        request = "POST /api/loader/auth"
        with s.lock:
            s.auth_calls += 1
            calls = s.auth_calls
            token = s.new_token()
        if s.mode == "gateway" or (s.mode == "flaky" and calls == 1):
            self.send(502, b"<html>502 Bad Gateway</html>", {"Content-Type": "text/html"})
            return
        if s.mode == "product-updating-auth":
            self.refuse(503, request, "PRODUCT_UPDATING",
                        "Este produto está em atualização. Tente novamente quando ele voltar.",
                        nonce, PRODUCT_UPDATING)
            return
        if s.mode == "refuse":
            self.refuse(403, request, "HWID_MISMATCH",
                        "HWID diferente: este computador não está vinculado à sua assinatura.",
                        nonce)
            return
        if not payload.get("hwid") or not payload.get("productId"):
            self.refuse(400, request, "INVALID_REQUEST", "Requisição inválida.", nonce)
            return
        data = {
            "ok": True,
            "session": token,
            "sessionExpiresAt": iso(15 * 60),
            "heartbeatSeconds": 0.2,
            "subscription": {
                "id": "sub_1",
                "product": {"id": payload["productId"], "name": "Aim Pro"},
                "expiresAt": "2099-12-23T12:00:00.000Z",
            },
            "user": {"username": payload.get("identifier") or "ana"},
            "file": {"sha256": hashlib.sha256(FILE).hexdigest(), "size": len(FILE),
                     "name": "aim.dll"},
        }
        self.answer(
            200, request, data, nonce,
            key=OTHER_KEY if s.mode == "other-key-auth" else TEST_KEY,
            issued=iso(-400) if s.mode == "stale-auth" else None,
            flip=s.mode == "tamper-auth",
            sign=s.mode != "strip-auth",
        )

    def heartbeat(self, payload, nonce):
        s = self.state
        request = "POST /api/loader/heartbeat"
        with s.lock:
            s.beats += 1
            beats = s.beats
            valid = payload.get("session") == s.token
            token = s.new_token() if valid else None
        if not valid:
            self.refuse(401, request, "SESSION_INVALID", "Sessão inválida ou expirada.", nonce)
            return
        if s.mode == "maintenance-beat" and beats == 2:
            self.refuse(503, request, "MAINTENANCE", "Servidor em manutenção.", nonce)
            return
        if s.mode == "product-unavailable-beat" and beats == 2:
            self.refuse(503, request, "PRODUCT_UNAVAILABLE",
                        "Este produto está indisponível no momento. Tente novamente quando ele "
                        "voltar.", nonce, PRODUCT_UNAVAILABLE)
            return
        if s.mode == "replay-beat" and beats == 2 and s.first_beat_answer:
            status, body, headers = s.first_beat_answer
            self.send(status, body, headers)
            return
        record = [] if beats == 1 else None
        data = {"ok": True, "session": token, "sessionExpiresAt": iso(15 * 60),
                "expiresAt": "2099-12-23T12:00:00.000Z"}
        self.answer(200, request, data, nonce, flip=s.mode == "tamper-beat" and beats == 2,
                    record=record)
        if record:
            s.first_beat_answer = record[0]

    def do_GET(self):
        s = self.state
        url = urlparse(self.path)
        nonce = parse_qs(url.query).get("nonce", [None])[0]
        request = f"GET {url.path}"
        if url.path != "/api/loader/download":
            self.refuse(404, request, "INVALID_REQUEST", "Rota não encontrada.", nonce)
            return
        if self.headers.get("Authorization") != f"Bearer {s.token}":
            self.refuse(401, request, "SESSION_INVALID", "Sessão inválida ou expirada.", nonce)
            return
        body = FILE if s.mode != "bad-file" else FILE[:-1] + b"!"
        self.send(200, body, {"Content-Type": "application/octet-stream",
                              "X-File-Sha256": hashlib.sha256(FILE).hexdigest(),
                              "X-File-Size": str(len(FILE))})


def main():
    Handler.state = State(sys.argv[1] if len(sys.argv) > 1 else "ok")
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""A stand-in for the Chaveiro loader API, signing like the server (Ed25519 over the exact body
bytes, PyNaCl from Debian's python3-nacl) with the public test seed, and misbehaving on demand.

Usage: fake_server.py MODE   (prints the port it listens on, then serves until killed)

Modes: ok, refuse, maintenance-beat, product-updating-auth, product-unavailable-beat,
tamper-auth, tamper-beat, replay-beat, strip-auth, other-key-auth, stale-auth, bad-file, gateway,
flaky, old-server (ignores the session key: the file in the clear, no delivery fields),
tamper-sealed (one byte of the sealed download flipped), outdated (LOADER_OUTDATED below loader
version 2.0.0, the update served from CHAVEIRO_FAKE_UPDATE_FILE; outdated-forged: with one
byte flipped), offline (the auth answer
carries an offline licence), security (security events answer CHAVEIRO_FAKE_ACTION, by default end_session).
Like the real server, a session opened with a sessionKey gets its download sealed (CHVSEAL1).
It exists to test the SDK's transport and the example loader without the real server; the
integration tests use the real one.
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

import nacl.bindings as sodium
import nacl.public
import nacl.signing
import nacl.utils

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


CHUNK = 65536


def seal(plain, session_key, flip=False):
    """docs/loader-protocol.md, protected delivery: CHVSEAL1 | sealed key | header | chunks."""
    key = nacl.utils.random(sodium.crypto_secretstream_xchacha20poly1305_KEYBYTES)
    sealed = nacl.public.SealedBox(nacl.public.PublicKey(session_key)).encrypt(key)
    state = sodium.crypto_secretstream_xchacha20poly1305_state()
    header = sodium.crypto_secretstream_xchacha20poly1305_init_push(state, key)
    out = bytearray(b"CHVSEAL1" + sealed + header)
    chunks = [plain[i:i + CHUNK] for i in range(0, len(plain), CHUNK)] or [b""]
    for index, chunk in enumerate(chunks):
        last = index == len(chunks) - 1
        tag = (sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL if last
               else sodium.crypto_secretstream_xchacha20poly1305_TAG_MESSAGE)
        out += sodium.crypto_secretstream_xchacha20poly1305_push(state, chunk, None, tag)
    if flip:
        out[len(out) // 2] ^= 1
    return bytes(out)


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def offline_token(product_id, hwid, hours=1):
    payload = {"v": 1, "keyId": key_id(TEST_KEY), "productId": product_id,
               "subscriptionId": "sub_1", "hwid": hashlib.sha256(hwid.encode()).hexdigest(),
               "username": "ana", "issuedAt": iso(), "expiresAt": iso(hours * 3600)}
    encoded = b64url(json.dumps(payload, separators=(",", ":")).encode())
    signature = TEST_KEY.sign(f"chaveiro-offline-v1.{encoded}".encode()).signature
    return f"v1.{encoded}.{b64url(signature)}", payload["expiresAt"]


def version_tuple(text):
    return tuple(int(part) if part.isdigit() else 0 for part in text.replace("-", ".").split("."))


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
        self.session_key = None

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
        elif path == "/api/loader/security-event":
            self.security_event(payload, nonce)
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
        loader = payload.get("loader") or {}
        if s.mode.startswith("outdated") and version_tuple(loader.get("version", "0")) < (2, 0, 0):
            update = open(os.environ["CHAVEIRO_FAKE_UPDATE_FILE"], "rb").read()
            data = {"ok": False, "code": "LOADER_OUTDATED",
                    "message": "Seu loader está desatualizado. Atualize para a versão mais recente.",
                    "loader": {"version": "2.0.0", "sha256": hashlib.sha256(update).hexdigest(),
                               "size": len(update), "name": "loader.exe",
                               "update": {"token": "u1.fake-update-token", "expiresAt": iso(600)}}}
            self.answer(403, request, data, nonce)
            return
        with s.lock:
            s.session_key = (base64.b64decode(payload["sessionKey"])
                             if payload.get("sessionKey") and s.mode != "old-server" else None)
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
        if s.session_key:
            data["file"]["delivery"] = "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
            data["file"]["protected"] = True
        if s.mode == "offline":
            token, expires = offline_token(payload["productId"], payload["hwid"])
            data["offline"] = {"token": token, "expiresAt": expires}
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

    def security_event(self, payload, nonce):
        s = self.state
        request = "POST /api/loader/security-event"
        if payload.get("session") != s.token:
            self.refuse(401, request, "SESSION_INVALID", "Sessão inválida ou expirada.", nonce)
            return
        action = os.environ.get("CHAVEIRO_FAKE_ACTION",
                                "end_session" if s.mode == "security" else "record")
        if action != "record":
            with s.lock:
                s.token = None  # the session ends on the server too
        self.answer(200, request, {"ok": True, "action": action}, nonce)

    def do_GET(self):
        s = self.state
        url = urlparse(self.path)
        nonce = parse_qs(url.query).get("nonce", [None])[0]
        request = f"GET {url.path}"
        if url.path == "/api/loader/update":
            if parse_qs(url.query).get("token", [None])[0] != "u1.fake-update-token":
                self.refuse(401, request, "SESSION_INVALID", "Sessão inválida ou expirada.", nonce)
                return
            update = open(os.environ["CHAVEIRO_FAKE_UPDATE_FILE"], "rb").read()
            if s.mode == "outdated-forged":
                update = update[:100] + bytes([update[100] ^ 1]) + update[101:]
            self.send(200, update, {"Content-Type": "application/octet-stream",
                                    "X-File-Sha256": hashlib.sha256(update).hexdigest(),
                                    "X-File-Size": str(len(update))})
            return
        if url.path != "/api/loader/download":
            self.refuse(404, request, "INVALID_REQUEST", "Rota não encontrada.", nonce)
            return
        if self.headers.get("Authorization") != f"Bearer {s.token}":
            self.refuse(401, request, "SESSION_INVALID", "Sessão inválida ou expirada.", nonce)
            return
        body = FILE if s.mode != "bad-file" else FILE[:-1] + b"!"
        if s.session_key:
            self.send(200, seal(body, s.session_key, flip=s.mode == "tamper-sealed"),
                      {"Content-Type": "application/vnd.chaveiro.sealed",
                       "X-File-Sha256": hashlib.sha256(FILE).hexdigest(),
                       "X-File-Size": str(len(FILE)),
                       "X-Delivery": "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"})
            return
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

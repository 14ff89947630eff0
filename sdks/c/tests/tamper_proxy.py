"""An HTTP proxy in front of the real server that records every exchange and, when told,
tampers with the answer of one call: the man in the middle a loader must not believe.

    proxy = TamperProxy(server.url)            # listens on proxy.url
    proxy.tamper("POST /api/loader/auth", flip_byte)
    ... run the loader against proxy.url ...
    proxy.exchanges                            # what went through, as sent and as answered

A tamper function gets the upstream answer (an Exchange) and returns the (status, headers,
body) to send instead; it may also answer without asking the server (replay). PyNaCl (Debian's
python3-nacl) signs with a key that is not the server's.
"""
import base64
import hashlib
import http.client
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse

import nacl.signing

# Not the server's key: anything it signs must be refused by a loader pinning the server's.
OTHER_KEY = nacl.signing.SigningKey(hashlib.sha256(b"chaveiro sdk tests: another key").digest())
OTHER_KEY_PUBLIC = base64.b64encode(bytes(OTHER_KEY.verify_key)).decode()
OTHER_KEY_ID = hashlib.sha256(bytes(OTHER_KEY.verify_key)).hexdigest()[:16]
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade",
              "proxy-authorization", "proxy-authenticate", "content-length"}


class Exchange:
    def __init__(self, method, path, request_body):
        self.method = method
        self.path = path
        self.call = f"{method} {urlparse(path).path}"
        self.request_body = request_body
        self.status = None
        self.headers = []  # [(name, value)] as the server sent them
        self.body = b""
        self.sent = None  # (status, headers, body) the loader got, when tampered
        self.tampered = False

    def header(self, name):
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None

    def request_json(self):
        try:
            return json.loads(self.request_body)
        except ValueError:
            return None

    def answer_json(self):
        try:
            return json.loads(self.body)
        except ValueError:
            return None


# Tamper functions: Exchange -> (status, headers, body).

def flip_byte(exchange):
    """One bit of one byte of the body changed, in the middle (inside "data"); the signature
    kept."""
    body = bytearray(exchange.body)
    body[len(body) // 2] ^= 0x01
    return exchange.status, exchange.headers, bytes(body)


def strip_signature(exchange):
    headers = [(k, v) for k, v in exchange.headers if k.lower() != "x-signature"]
    return exchange.status, headers, exchange.body


def with_signature(headers, body, key):
    signature = base64.b64encode(key.sign(body).signature).decode()
    return [(k, v) for k, v in headers if k.lower() != "x-signature"] + [
        ("X-Signature", signature)]


def sign_with_other_key(exchange):
    """The exact body, signed by another key (the keyId in it still names the server's)."""
    return exchange.status, with_signature(exchange.headers, exchange.body, OTHER_KEY), \
        exchange.body


def sign_as_other_key(exchange):
    """The body re-issued under another key: its keyId, its signature."""
    envelope = json.loads(exchange.body)
    envelope["keyId"] = OTHER_KEY_ID
    body = json.dumps(envelope, ensure_ascii=False, separators=(",", ":")).encode()
    return exchange.status, with_signature(exchange.headers, body, OTHER_KEY), body


def replay(earlier):
    """Answers with an earlier exchange's answer, exactly as the server sent it (signed)."""
    def tamper(_exchange):
        return earlier.status, earlier.headers, earlier.body
    tamper.without_upstream = True
    return tamper


class TamperProxy:
    def __init__(self, upstream):
        parsed = urlparse(upstream)
        self.upstream = (parsed.hostname, parsed.port)
        self.lock = threading.Lock()
        self.exchanges = []
        self.rules = {}  # call -> [tamper function, calls left to skip, times left]
        self.hooks = {}  # call -> function run before the request goes upstream
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format, *args):  # quiet
                pass

            def do_GET(self):
                proxy.handle(self)

            def do_POST(self):
                proxy.handle(self)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def tamper(self, call, function, skip=0, times=1):
        """Tampers with the answers to `call` ("POST /api/loader/auth"): the (skip+1)-th and the
        `times - 1` after it (times=None: every one from there)."""
        with self.lock:
            self.rules[call] = [function, skip, times]

    def before(self, call, hook):
        """Runs hook() once, before the next `call` is forwarded."""
        with self.lock:
            self.hooks[call] = hook

    def reset(self):
        with self.lock:
            self.rules.clear()
            self.hooks.clear()
            self.exchanges = []

    def calls(self, call):
        with self.lock:
            return [e for e in self.exchanges if e.call == call]

    def handle(self, handler):
        length = int(handler.headers.get("Content-Length") or 0)
        request_body = handler.rfile.read(length) if length else b""
        exchange = Exchange(handler.command, handler.path, request_body)
        with self.lock:
            self.exchanges.append(exchange)
            hook = self.hooks.pop(exchange.call, None)
            rule = self.rules.get(exchange.call)
            function = None
            if rule:
                if rule[1] > 0:
                    rule[1] -= 1
                elif rule[2] is None or rule[2] > 0:
                    function = rule[0]
                    if rule[2] is not None:
                        rule[2] -= 1
        if hook:
            hook()
        if not getattr(function, "without_upstream", False):
            headers = {k: v for k, v in handler.headers.items()
                       if k.lower() not in HOP_BY_HOP and k.lower() != "accept-encoding"}
            try:
                upstream = http.client.HTTPConnection(*self.upstream, timeout=30)
                upstream.request(handler.command, handler.path, body=request_body or None,
                                 headers=headers)
                answer = upstream.getresponse()
                exchange.status = answer.status
                exchange.headers = [(k, v) for k, v in answer.getheaders()
                                    if k.lower() not in HOP_BY_HOP]
                exchange.body = answer.read()
                upstream.close()
            except OSError:
                # The server is gone: so is the answer (the loader sees a dropped connection).
                handler.close_connection = True
                handler.connection.close()
                return
        status, headers, body = exchange.status, exchange.headers, exchange.body
        if function:
            status, headers, body = function(exchange)
            exchange.sent = (status, headers, body)
            exchange.tampered = True
        handler.send_response(status)
        for name, value in headers:
            handler.send_header(name, value)
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()

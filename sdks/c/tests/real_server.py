"""The real Chaveiro server for the SDK's integration tests: the built server
(apps/server/dist/main.js) as a child process on a temp data folder, its HTTP API as an admin
and a customer use it, TOTP codes, and a loader process whose output can be waited on.

Nothing here stands in for the server: seeding goes through the same routes the web console
calls. Python 3's standard library only (PyNaCl is for tamper_proxy.py).
"""
import base64
import ctypes
import hashlib
import hmac
import json
import os
import shutil
import signal
import socket
import sqlite3
import struct
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
# CHAVEIRO_SERVER_MAIN runs another build of the server (e.g. a branch's, before it is merged).
SERVER_MAIN = os.environ.get("CHAVEIRO_SERVER_MAIN") or os.path.join(REPO, "apps", "server",
                                                                      "dist", "main.js")
# Debian's libfaketime: the server's wall clock read from a file, so a test can move it.
FAKETIME_LIB = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"

ADMIN = {"username": "sdkadmin", "email": "sdkadmin@example.com",
         "password": "sdk-admin-password-1"}
JWT_SECRET = "sdk-integration-jwt-secret-0123456789abcdef"


def _die_with_parent():
    """In the child, before exec: SIGKILL when this test process dies, however it dies (a
    ctest timeout kills only the test), so no server or loader outlives the test."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class Skip(Exception):
    """The test cannot run here (no built server, no node): ctest reports it as skipped."""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def find_node():
    for candidate in (os.environ.get("CHAVEIRO_NODE"), shutil.which("node"), "/usr/bin/node"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


class Server:
    """`node apps/server/dist/main.js` on 127.0.0.1:port with its own DATA_DIR (SQLite).

    clock_offset: None runs on the real clock; a number of seconds runs the process under
    libfaketime with that offset, which set_clock_offset() changes while it runs (both the
    wall clock the server signs with and the one its sessions and TOTP checks read; the
    monotonic clock, its timers, is left alone)."""

    def __init__(self, clock_offset=None):
        self.node = find_node()
        if not self.node:
            raise Skip("node is not installed")
        if not os.path.exists(SERVER_MAIN):
            raise Skip(f"the server is not built ({SERVER_MAIN}): run npm ci && npm run build")
        if clock_offset is not None and not os.path.exists(FAKETIME_LIB):
            raise Skip("libfaketime is not installed (Debian package faketime)")
        self.data_dir = tempfile.mkdtemp(prefix="chaveiro-sdk-server-")
        self.log_path = os.path.join(self.data_dir, "server.log")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.clock_file = os.path.join(self.data_dir, "faketime")
        self.clock_offset = clock_offset
        if clock_offset is not None:
            self.set_clock_offset(clock_offset)
        self.process = None
        self.start()

    def set_clock_offset(self, seconds):
        """Moves the server's wall clock to real time + `seconds`, effective at once."""
        tmp = self.clock_file + ".tmp"
        with open(tmp, "w") as f:
            f.write(f"{'+' if seconds >= 0 else '-'}{abs(int(seconds))}s\n")
        os.replace(tmp, self.clock_file)
        self.clock_offset = seconds

    def now(self):
        """The server's clock, in seconds since the epoch."""
        return time.time() + (self.clock_offset or 0)

    def start(self):
        env = dict(os.environ)
        env.update({
            "PORT": str(self.port), "HOST": "127.0.0.1", "DATA_DIR": self.data_dir,
            "DATABASE_URL": "", "REDIS_URL": "", "SMTP_URL": "", "JWT_SECRET": JWT_SECRET,
            "WEB_DIST_DIR": os.path.join(self.data_dir, "no-web"), "LOG_LEVEL": "warn",
            "ADMIN_USERNAME": ADMIN["username"], "ADMIN_EMAIL": ADMIN["email"],
            "ADMIN_PASSWORD": ADMIN["password"], "TRUST_PROXY": "", "WORKERS": "1",
        })
        # The loader under test may run with sanitizer options; the server has no use for them.
        for name in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LD_PRELOAD"):
            env.pop(name, None)
        if self.clock_offset is not None:
            env.update({
                "LD_PRELOAD": FAKETIME_LIB, "FAKETIME_TIMESTAMP_FILE": self.clock_file,
                # Read the file on every call, so a change applies at once.
                "FAKETIME_NO_CACHE": "1", "FAKETIME_DONT_FAKE_MONOTONIC": "1",
            })
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen([self.node, SERVER_MAIN], cwd=REPO, env=env,
                                        stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                        preexec_fn=_die_with_parent)
        log.close()
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited ({self.process.returncode}):\n"
                                   + self.log_tail())
            try:
                with urllib.request.urlopen(self.url + "/api/health", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except (OSError, urllib.error.URLError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not answer in 60 s:\n" + self.log_tail())
            time.sleep(0.1)

    def kill9(self):
        """SIGKILL, as a node dying: no shutdown hook runs."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill9()

    def run_command(self, *args):
        """Runs `node dist/main.js ARGS` on this server's data (e.g. --rotate-loader-key)."""
        env = dict(os.environ, DATA_DIR=self.data_dir, DATABASE_URL="", REDIS_URL="",
                   JWT_SECRET=JWT_SECRET, LOG_LEVEL="warn")
        for name in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LD_PRELOAD"):
            env.pop(name, None)
        return subprocess.run([self.node, SERVER_MAIN, *args], cwd=REPO, env=env,
                              capture_output=True, text=True, timeout=60)

    def log_tail(self, lines=40):
        try:
            with open(self.log_path, "rb") as f:
                text = f.read().decode("utf-8", errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def close(self):
        self.kill9()
        shutil.rmtree(self.data_dir, ignore_errors=True)


class ApiError(Exception):
    pass


def request(url, method="GET", body=None, token=None, headers=None, raw=None):
    """One JSON call; returns (status, parsed body or raw bytes)."""
    sent = dict(headers or {})
    data = raw
    if body is not None:
        data = json.dumps(body).encode()
        sent["Content-Type"] = "application/json"
    if token:
        sent["Authorization"] = f"Bearer {token}"
    call = urllib.request.Request(url, data=data, method=method, headers=sent)
    try:
        with urllib.request.urlopen(call, timeout=30) as answer:
            status, payload = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        status, payload = error.code, error.read()
    try:
        return status, json.loads(payload) if payload else None
    except ValueError:
        return status, payload


class Api:
    """The server's HTTP API as one signed-in user."""

    def __init__(self, server, identifier, password, totp=None):
        self.server = server
        body = {"identifier": identifier, "password": password}
        if totp:
            body["totp"] = totp
        status, answer = request(server.url + "/api/auth/login", "POST", body)
        if status != 200 or not isinstance(answer, dict) or "token" not in answer:
            raise ApiError(f"login as {identifier}: {status} {answer}")
        self.token = answer["token"]

    def call(self, method, path, body=None, ok=(200, 201)):
        status, answer = request(self.server.url + "/api" + path, method, body, self.token)
        if status not in ok:
            raise ApiError(f"{method} {path}: {status} {answer}")
        return answer

    def upload(self, path, field, filename, content, fields=None):
        """A multipart/form-data POST with one file (and text fields)."""
        boundary = uuid.uuid4().hex
        payload = b"".join(
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n"
            f"{value}\r\n".encode() for name, value in (fields or {}).items())
        payload += (
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; "
            f"filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
        ).encode() + content + f"\r\n--{boundary}--\r\n".encode()
        status, answer = request(
            self.server.url + "/api" + path, "POST", token=self.token, raw=payload,
            headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
        if status != 200:
            raise ApiError(f"upload {path}: {status} {answer}")
        return answer


def totp(secret_base32, at_seconds, step_delta=0):
    """RFC 6238 (SHA-1, 6 digits, 30 s), as authenticator apps and the server compute it."""
    secret = base64.b32decode(secret_base32 + "=" * (-len(secret_base32) % 8), casefold=True)
    counter = int(at_seconds // 30) + step_delta
    digest = hmac.new(secret, struct.pack(">Q", counter), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    value = struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF
    return f"{value % 1_000_000:06d}"


MARK_SLOT = b"CHVSLOT1" + b"Z" * 56


def marked_copy_problems(copy, original):
    """A delivery's copy: the original with the 64-byte slot replaced by a CHVMARK1 record, or
    (no slot) with the record appended. Returns (problems, delivery id hex or None)."""
    record = None
    at = original.find(MARK_SLOT)
    if at >= 0:
        if len(copy) != len(original) or copy[:at] != original[:at] or \
                copy[at + 64:] != original[at + 64:]:
            return ["the copy differs from the upload outside the mark slot"], None
        record = copy[at:at + 64]
    else:
        if len(copy) != len(original) + 64 or copy[:len(original)] != original:
            return ["the copy is not the upload with a mark appended"], None
        record = copy[len(original):]
    if not record.startswith(b"CHVMARK1\x01" + b"\0" * 7):
        return [f"no mark record where expected: {record[:16]!r}"], None
    return [], record[16:32].hex()


def portable_executable(size):
    """A file the DLL upload accepts (its PE check: `MZ`, e_lfanew pointing at `PE\\0\\0`),
    then random bytes up to `size`."""
    head = bytearray(0x40)
    head[0:2] = b"MZ"
    head[0x3C:0x40] = struct.pack("<I", 0x40)
    return bytes(head) + b"PE\0\0" + os.urandom(size - len(head) - 4)


class Shop:
    """What a seller sets up through the console: a product with its DLL and keys, and
    customers. Every step is the admin's or the customer's own API call."""

    def __init__(self, server, dll_size=1024 * 1024):
        self.server = server
        self.admin = Api(server, ADMIN["username"], ADMIN["password"])
        product = self.admin.call("POST", "/products", {"name": "Mira Certa"})["product"]
        self.product_id = product["id"]
        self.dll = portable_executable(dll_size)
        self.dll_sha256 = hashlib.sha256(self.dll).hexdigest()
        self.admin.upload(f"/products/{self.product_id}/upload-dll", "dllFile", "mira.dll",
                          self.dll)
        status, key = request(server.url + "/api/loader/public-key")
        if status != 200:
            raise ApiError(f"GET /api/loader/public-key: {status} {key}")
        self.public_key = key["publicKey"]
        self.key_id = key["keyId"]
        self.users = 0

    def keys(self, count=1, days=30):
        return self.admin.call("POST", "/keys", {"productId": self.product_id, "days": days,
                                                 "quantity": count})["keys"]

    def customer(self, name, subscription_days=None, devices=1):
        """A client account (e-mail confirmed, as the admin creates it); with a subscription to
        the product when subscription_days is given."""
        self.users += 1
        user = {"username": name, "email": f"{name}@example.com",
                "password": f"senha-{name}-123"}
        body = dict(user)
        if subscription_days:
            body["subscription"] = {"productId": self.product_id, "days": subscription_days,
                                    "devices": devices}
        self.admin.call("POST", "/users", body)
        return user

    def enable_two_factor(self, user):
        """The customer turns 2FA on in the profile: a new secret, confirmed with its current
        code and the password. Returns (secret, step used, recovery codes)."""
        api = Api(self.server, user["username"], user["password"])
        secret = api.call("POST", "/profile/2fa/generate")["secret"]
        step = int(self.server.now() // 30)
        answer = api.call("POST", "/profile/2fa/verify", {
            "token": totp(secret, step * 30), "currentPassword": user["password"]})
        return secret, step, answer["recoveryCodes"]

    def protection(self, **patch):
        """The product's protection settings (PATCH /products/:id/protection), e.g.
        offlineGraceHours=1, loaderMinVersion="2.0.0", unknownLoaderPolicy="refuse",
        securityRules={"debugger": "end_session"}."""
        return self.admin.call("PATCH", f"/products/{self.product_id}/protection", patch)

    def upload_loader(self, content, version, name="loader.exe"):
        """A loader release: the product's current loader file, with its version."""
        return self.admin.upload(f"/products/{self.product_id}/loader", "loaderFile", name,
                                 content, {"version": version})

    def security_events(self):
        """The product's security events, open and resolved (the Segurança queue)."""
        answer = self.admin.call("GET", f"/security-events?status=all&productId={self.product_id}"
                                        "&pageSize=100")
        return answer.get("items", []) if isinstance(answer, dict) else []

    def expire_subscriptions_in(self, seconds):
        """Every subscription of the product runs out `seconds` from now (the server's clock):
        written in its SQLite file, as no console call sets an expiry to the second."""
        database = sqlite3.connect(os.path.join(self.server.data_dir, "chaveiro.db"), timeout=30)
        with database:
            database.execute("UPDATE subscriptions SET expires_at = ? WHERE product_id = ?",
                             (int((self.server.now() + seconds) * 1000), self.product_id))
        database.close()

    def setting(self, key, value):
        return self.admin.call("PATCH", "/settings", {"key": key, "value": value})

    def product_status(self, status, note=None, freeze_time=True):
        """The admin sets the product's operational status (PATCH /products/:id/operational)."""
        body = {"status": status, "freezeTime": freeze_time}
        if note is not None:
            body["note"] = note
        status_code, answer = request(
            f"{self.server.url}/api/products/{self.product_id}/operational", "PATCH", body,
            self.admin.token)
        if status_code != 200:
            raise ApiError(f"PATCH /products/{self.product_id}/operational: {status_code} {answer}")


class LoaderRun:
    """One loader process; its output is collected as it comes, to wait on a line."""

    def __init__(self, command, env=None):
        self.command = command
        self.started = time.monotonic()
        self.output = ""
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        env=env, preexec_fn=_die_with_parent)
        self.readers = [threading.Thread(target=self._read, args=(stream,), daemon=True)
                        for stream in (self.process.stdout, self.process.stderr)]
        for reader in self.readers:
            reader.start()

    def _read(self, stream):
        for line in iter(stream.readline, b""):
            with self.changed:
                self.output += line.decode("utf-8", errors="replace")
                self.changed.notify_all()
        stream.close()

    def wait_for(self, text, timeout=90):
        """Blocks until `text` was printed; False when the process ended or time ran out."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while text not in self.output:
                left = deadline - time.monotonic()
                if left <= 0 or (self.process.poll() is not None
                                 and not any(r.is_alive() for r in self.readers)):
                    return text in self.output
                self.changed.wait(min(left, 0.2))
        return True

    def finish(self, timeout=120):
        try:
            code = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
            with self.lock:
                self.output += f"\n[killed after {timeout} s]\n"
        for reader in self.readers:
            reader.join(5)
        return code

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
        self.finish(10)

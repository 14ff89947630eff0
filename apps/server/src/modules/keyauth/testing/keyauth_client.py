#!/usr/bin/env python3
"""A minimal KeyAuth 1.3 client, written for Chaveiro's tests (not KeyAuth's code).

It speaks the protocol the way KeyAuth's SDKs do (docs/keyauth-compat.md): form-encoded POSTs,
every answer checked with the Ed25519 key pinned as hex over the `x-signature-timestamp` value
followed by the body, a timestamp at most 20 seconds old, the `ownerid` echoed, a numeric `code`
on every answer and 68 on every success; `info.subscriptions[0]` read as the Python SDK reads it.

Usage: keyauth_client.py URL NAME OWNERID VERSION PUBLIC_KEY_HEX LICENSE_KEY HWID VARID
Prints one JSON object with what each step answered; exits 1 on the first check that fails.
"""

import hashlib
import json
import sys
import time

import requests
from nacl.exceptions import BadSignatureError
from nacl.signing import VerifyKey

MAX_AGE_SECONDS = 20


class ProtocolError(Exception):
    pass


class Client:
    def __init__(self, url, name, ownerid, version, public_key_hex):
        self.url = url
        self.name = name
        self.ownerid = ownerid
        self.version = version
        self.verify_key = VerifyKey(bytes.fromhex(public_key_hex))
        self.sessionid = ""

    def call(self, kind, **fields):
        form = {"type": kind, "name": self.name, "ownerid": self.ownerid, **fields}
        if self.sessionid:
            form["sessionid"] = self.sessionid
        response = requests.post(self.url, data=form, timeout=30)
        if response.status_code != 200:
            raise ProtocolError(f"{kind}: HTTP {response.status_code}")
        body = response.content
        if body == b"KeyAuth_Invalid":
            raise ProtocolError(f"{kind}: KeyAuth_Invalid")
        signature = response.headers.get("x-signature-ed25519")
        timestamp = response.headers.get("x-signature-timestamp")
        if not signature or not timestamp:
            raise ProtocolError(f"{kind}: unsigned answer")
        if time.time() - int(timestamp) > MAX_AGE_SECONDS:
            raise ProtocolError(f"{kind}: timestamp older than {MAX_AGE_SECONDS} s")
        try:
            self.verify_key.verify(timestamp.encode("ascii") + body, bytes.fromhex(signature))
        except BadSignatureError as error:
            raise ProtocolError(f"{kind}: bad signature") from error
        if any(byte > 0x7F for byte in body):
            raise ProtocolError(f"{kind}: answer is not ASCII")
        answer = json.loads(body)
        if answer.get("ownerid") != self.ownerid:
            raise ProtocolError(f"{kind}: answer names another ownerid")
        # The C++ SDK converts `code` to an int on every answer and wants 68 on a success.
        if not isinstance(answer.get("code"), int):
            raise ProtocolError(f"{kind}: answer without a numeric code")
        if answer["success"] and answer["code"] != 68:
            raise ProtocolError(f"{kind}: success without code 68")
        return answer

    def expect_success(self, kind, **fields):
        answer = self.call(kind, **fields)
        if not answer["success"]:
            raise ProtocolError(f"{kind}: {answer['message']}")
        return answer


def run(url, name, ownerid, version, public_key_hex, key, hwid, varid):
    client = Client(url, name, ownerid, version, public_key_hex)
    report = {}

    init = client.expect_success("init", ver=version, hash="0" * 32)
    client.sessionid = init["sessionid"]
    report["init"] = {"message": init["message"], "appinfo": init["appinfo"]}

    license_answer = client.expect_success("license", key=key, hwid=hwid)
    info = license_answer["info"]
    report["license"] = {
        "message": license_answer["message"],
        "username": info["username"],
        "hwid": info["hwid"],
        "subscription": info["subscriptions"][0]["subscription"],
        "expiry": info["subscriptions"][0]["expiry"],
    }

    report["check"] = client.expect_success("check")["message"]
    report["var"] = client.expect_success("var", varid=varid)["message"]

    contents = bytes.fromhex(client.expect_success("file", fileid="1")["contents"])
    report["file_sha256"] = hashlib.sha256(contents).hexdigest()

    report["stats"] = client.expect_success("fetchStats")["appinfo"]
    report["logout"] = client.expect_success("logout")["message"]

    after = client.call("check")
    if after["success"]:
        raise ProtocolError("check: the session outlived its logout")
    report["after_logout"] = after["message"]
    return report


def main(argv):
    if len(argv) != 9:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        report = run(*argv[1:])
    except (ProtocolError, requests.RequestException, KeyError, ValueError) as error:
        print(json.dumps({"error": str(error)}))
        return 1
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

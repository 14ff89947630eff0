#!/usr/bin/python3
"""Writes the seed corpus and the dictionary of fuzz_envelope (see its header for the input
format) from the shared test vectors, plus the shapes a hostile answer takes: malformed JSON,
huge numbers, deep nesting, invalid UTF-8.

Usage: fuzz_seeds.py packages/loader-sdk/test-vectors.json OUT_DIR DICT_FILE
"""
import hashlib
import json
import os
import sys

FILE = b"the product file the fuzzer downloads"
SEP = b"\n#\n"
STATUS_FLAGS = {200: 0, 401: 1, 403: 2, 409: 3, 429: 4, 500: 5, 503: 6}


def template(body):
    """A vector's body with its request and nonce as the target's placeholders."""
    envelope = json.loads(body)
    envelope["request"] = "@R"
    envelope["nonce"] = "@N"
    data = envelope["data"]
    if isinstance(data.get("file"), dict):
        data["file"]["sha256"] = hashlib.sha256(FILE).hexdigest()
        data["file"]["size"] = len(FILE)
    return json.dumps(envelope, ensure_ascii=False, separators=(",", ":")).encode()


def dictionary_entry(token):
    """libFuzzer's -dict syntax: a quoted string with \\\\, \\" and \\xAB escapes only."""
    text = ""
    for byte in token:
        if byte in b'\\"':
            text += "\\" + chr(byte)
        elif 0x20 <= byte < 0x7F:
            text += chr(byte)
        else:
            text += f"\\x{byte:02X}"
    return f'"{text}"'


def main():
    vectors_path, out, dictionary = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    vectors = {v["name"]: v for v in json.load(open(vectors_path, encoding="utf-8"))["vectors"]}
    seeds = {}
    for name, vector in vectors.items():
        seeds[name] = bytes([STATUS_FLAGS[vector["httpStatus"]]]) + template(vector["body"])
    auth = template(vectors["auth-success"]["body"])
    beat = template(vectors["heartbeat-success"]["body"])
    refusal = template(vectors["auth-refused-hwid-mismatch"]["body"])
    # A whole session: auth, heartbeat, the file; then its download refused, its heartbeat
    # answered by a gateway's 503, and no signature at all.
    seeds["session"] = b"\x00" + auth + SEP + beat + SEP + FILE
    seeds["session-download-refused"] = b"\x80" + auth + SEP + beat + SEP + refusal
    seeds["session-heartbeat-503"] = b"\x20" + auth + SEP + b"<html>503</html>" + SEP + FILE
    seeds["unsigned"] = b"\x10" + auth
    seeds["other-key"] = b"\x08" + auth
    seeds["account"] = b"\x40" + auth + SEP + beat + SEP + FILE

    def with_data(data):
        return (b'{"request":"@R","data":' + data + b',"nonce":"@N","issuedAt":'
                b'"2026-11-23T12:00:00.000Z","keyId":"56475aa75463474c"}')

    hostile = {
        "huge-numbers": with_data(
            b'{"ok":true,"session":"s","sessionExpiresAt":"2026-11-23T12:15:00.000Z",'
            b'"heartbeatSeconds":1e999,"subscription":{"id":"x","product":{"id":"p","name":"n"},'
            b'"expiresAt":"9999-12-31T23:59:59.999Z"},"user":{"username":"u"},"file":{"sha256":'
            b'"' + hashlib.sha256(FILE).hexdigest().encode() + b'","size":18446744073709551616,'
            b'"name":"a"}}'),
        "negative-numbers": with_data(
            b'{"ok":true,"session":"s","sessionExpiresAt":"-271821-04-20T00:00:00.000Z",'
            b'"heartbeatSeconds":-1e-320,"subscription":{"id":"x","product":{"id":"p","name":"n"},'
            b'"expiresAt":"0000-01-01T00:00:00.000Z"},"user":{"username":"u"},"file":{"sha256":'
            b'"00","size":-1,"name":""}}'),
        "deep-nesting": with_data(b"[" * 5000 + b"]" * 5000),
        "deep-nesting-objects": with_data(b'{"a":' * 3000 + b"1" + b"}" * 3000),
        "invalid-utf8": with_data(
            b'{"ok":false,"code":"HWID_MISMATCH","message":"n\xc3o \xff\xfe \xc0\xaf '
            b'\xed\xa0\x80 \xf4\x90\x80\x80"}'),
        "escapes": with_data(
            b'{"ok":false,"code":"A\\u0000B","message":"\\ud800\\udc00\\ud800 \\uffff \\\\u0000"}'),
        "truncated": with_data(b'{"ok":true,"session":"s')[:60],
        "trailing": with_data(b'{"ok":true}') + b" {}",
        "duplicate-keys": with_data(b'{"ok":false,"ok":true,"code":1,"code":"X","message":"m"}'),
        "bom": b"\xef\xbb\xbf" + with_data(b'{"ok":true}'),
        "empty": b"",
    }
    for name, body in hostile.items():
        seeds[name] = b"\x00" + body
        seeds[name + "-session"] = b"\x00" + auth + SEP + body + SEP + body

    for name, content in seeds.items():
        with open(os.path.join(out, f"seed-{name}"), "wb") as f:
            f.write(content)

    tokens = ['"ok"', '"code"', '"message"', '"session"', '"sessionExpiresAt"',
              '"heartbeatSeconds"', '"subscription"', '"product"', '"expiresAt"', '"user"',
              '"username"', '"file"', '"sha256"', '"size"', '"name"', '"request"', '"data"',
              '"nonce"', '"issuedAt"', '"keyId"', "true", "false", "null", "1e999", "-0",
              "18446744073709551616", "\\u0000", "\\ud800", "\\udc00", "@R", "@N", "\n#\n",
              "2026-11-23T12:00:00.000Z", "{", "}", "[", "]", ":", ","]
    with open(dictionary, "w", encoding="ascii") as f:
        for token in tokens:
            f.write(dictionary_entry(token.encode()) + "\n")
    print(f"{len(seeds)} seeds in {out}")


if __name__ == "__main__":
    main()

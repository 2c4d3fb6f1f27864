#!/usr/bin/env python3
"""A small shop server for LiveOrderService's tests (Python 3 standard library only).

It binds 127.0.0.1 on a free port, prints the port on the first line of standard output, and
serves until it is terminated or its standard input closes (so it never outlives the test run).

Routes, as LiveOrderService uses them:
  GET  /orders              200, a JSON array of orders
  POST /orders/ID/cancel    204 and the order leaves the list; 404 if there is no such order
  GET  /login               200, an HTML page (where the redirect modes below send a client)

A prefix before /orders selects a behaviour, so one server serves every test:
  /status/NNN/...           every request answers HTTP NNN
  /cancel-fails/...         GET works, POST answers 500
  /malformed/...            200 with truncated JSON
  /wrong-shape/...          200 with valid JSON that is not an array of orders
  /slow/...                 answers after 30 seconds (longer than any client timeout in the tests)

Hostile and broken servers:
  /redirect/NNN/...         answers NNN with Location: the same path without the prefix
  /cancel-redirect/NNN/...  GET works; POST answers NNN, Location: the path without the prefix
  /cancel-redirect-login/NNN/...  GET works; POST answers NNN, Location: /login (a page that
                            answers 200, as a sign-in page or the same site over https would)
  /redirect-away/...        answers 302 with Location: the same path on http://localhost:PORT
  /redirect-loop/...        answers 302 with Location: the request's own path, for ever
  /gzip-bomb/...            200, Content-Encoding: gzip, 64 MiB of spaces in about 64 KB
  /huge/...                 200, a 64 MiB body (not compressed)
  /drip/...                 200 with a Content-Length of 1 MB, then one byte every 0.1 s
  /drip-headers/...         200, then one more header line every 0.1 s, for ever
  /endless-chunked/...      200, chunked, a small chunk every 0.05 s, for ever
  /empty/...                closes the connection without sending a byte
  /garbage/...              sends a line that is not HTTP, then closes
  /close-mid-body/...       promises 1000 bytes of body, sends 10, then closes
  /huge-header/...          200, then one header line of 10 MB
  /negative-length/...      200 with Content-Length: -5
  /two-lengths/...          200 with two Content-Length headers that disagree (5 and 60)
  /same-lengths/...         200 with the same Content-Length header twice (allowed by HTTP)
  /header-flood/...         200, then 5,000 header lines of 100 bytes (each far under any limit)
  /continue-flood/...       100,000 interim `100 Continue` replies, then closes
  /unknown-encoding/...     200 with Content-Encoding: x-unknown and a body in no known encoding
  /corrupt-gzip/...         200 with Content-Encoding: gzip and a body that is not gzip
  /trailers/...             200, the orders as a chunked body followed by a trailer field (legal;
                            it stopped Shop inside URLSession, swift-corelibs-foundation#5285)
  /many-trailers/...        the same with 20,000 trailer fields
  /endless-trailers/...     the orders as a chunked body, then a trailer field every 0.01 s, for ever
  /head-cut/...             a status line and one header line, then closes the connection
  /continue-head-cut/...    a `100 Continue`, then the same cut head
"""

import gzip
import json
import os
import re
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ORDERS = [{"id": 1, "total": 40.0}, {"id": 2, "total": 15.5}]
LOCK = threading.Lock()

PREFIX = re.compile(
    r"^/(status/(?P<status>\d{3})|redirect/(?P<redirect>\d{3})"
    r"|cancel-redirect/(?P<cancel>\d{3})|cancel-redirect-login/(?P<login>\d{3})"
    r"|cancel-fails|malformed|wrong-shape|slow|redirect-away|redirect-loop|gzip-bomb|huge"
    r"|drip|drip-headers|endless-chunked|empty|garbage|close-mid-body|huge-header"
    r"|negative-length|two-lengths|same-lengths|header-flood|continue-flood|unknown-encoding|corrupt-gzip"
    r"|trailers|many-trailers|endless-trailers|head-cut|continue-head-cut)"
    r"(?=/)"
)
CANCEL = re.compile(r"^/orders/(?P<id>-?\d+)/cancel$")
BIG = 64 * 1024 * 1024
_BOMB = []


def bomb():
    # Built on first use: most test servers never serve it.
    with LOCK:
        if not _BOMB:
            _BOMB.append(gzip.compress(b" " * BIG, compresslevel=9))
        return _BOMB[0]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass  # keep the test output clean

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def route(self, method):
        path = self.path.split("?", 1)[0]
        mode = None
        match = PREFIX.match(path)
        if match:
            mode = match.group(1)
            path = path[match.end():]
        if mode and mode.startswith("status/"):
            return self.reply(int(match.group("status")), {"error": "forced by the test"})
        if mode and mode.startswith("redirect/"):
            return self.redirect(int(match.group("redirect")), path)
        if method == "POST" and mode and mode.startswith("cancel-redirect/"):
            return self.redirect(int(match.group("cancel")), path)
        if method == "POST" and mode and mode.startswith("cancel-redirect-login/"):
            return self.redirect(int(match.group("login")), "/login")
        if mode == "redirect-away":
            port = self.server.server_address[1]
            return self.redirect(302, "http://localhost:%d%s" % (port, path))
        if mode == "redirect-loop":
            return self.redirect(302, self.path)
        if mode in HOSTILE:
            return HOSTILE[mode](self)
        if mode == "slow":
            time.sleep(30)
        if mode == "malformed":
            return self.reply_raw(200, b'[{"id": 1, "total": ')
        if mode == "wrong-shape":
            return self.reply(200, {"orders": ORDERS})
        if method == "GET" and path == "/orders":
            with LOCK:
                return self.reply(200, ORDERS)
        if method == "GET" and path == "/login":
            return self.reply_raw(200, b"<html><body>Please sign in</body></html>", "text/html")
        cancel = CANCEL.match(path)
        if method == "POST" and cancel:
            if mode == "cancel-fails":
                return self.reply(500, {"error": "cancel failed"})
            order_id = int(cancel.group("id"))
            with LOCK:
                for order in ORDERS:
                    if order["id"] == order_id:
                        ORDERS.remove(order)
                        return self.reply_raw(204, b"")
            return self.reply(404, {"error": "no order #%d" % order_id})
        return self.reply(404, {"error": "no route %s %s" % (method, self.path)})

    def reply(self, status, value):
        self.reply_raw(status, json.dumps(value).encode("utf-8"))

    def reply_raw(self, status, body, content_type="application/json"):
        self.send_response(status)
        if status != 204:
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if status != 204:
            self.wfile.write(body)

    def redirect(self, status, location):
        body = b"moved"
        self.send_response(status)
        self.send_header("Location", location)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    # The hostile modes. Each writes until the client leaves (a write then fails and the server
    # drops the error) or closes the connection itself.

    def gzip_bomb(self):
        body = bomb()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def huge(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(BIG))
        self.end_headers()
        block = b" " * 65536
        for _ in range(BIG // len(block)):
            self.wfile.write(block)

    def drip(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "1000000")
        self.end_headers()
        self.wfile.flush()
        while True:
            self.wfile.write(b" ")
            self.wfile.flush()
            time.sleep(0.1)

    def drip_headers(self):
        self.send_response(200)
        self.wfile.write(b"".join(self._headers_buffer))
        self._headers_buffer = []
        self.wfile.flush()
        count = 0
        while True:
            count += 1
            self.wfile.write(b"X-Padding-%d: more\r\n" % count)
            self.wfile.flush()
            time.sleep(0.1)

    def endless_chunked(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.flush()
        while True:
            self.wfile.write(b"2\r\n  \r\n")
            self.wfile.flush()
            time.sleep(0.05)

    def empty(self):
        self.close_connection = True

    def garbage(self):
        self.wfile.write(b"SSH-2.0-OpenSSH_9.6 not a web server\r\n")
        self.close_connection = True

    def close_mid_body(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "1000")
        self.end_headers()
        self.wfile.write(b'[{"id": 1,')
        self.close_connection = True

    def huge_header(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.wfile.write(b"".join(self._headers_buffer))
        self._headers_buffer = []
        self.wfile.write(b"X-Huge: ")
        block = b"a" * 65536
        for _ in range(10_000_000 // len(block) + 1):
            self.wfile.write(block)
        self.wfile.write(b"\r\n\r\n[]")
        self.close_connection = True

    def header_flood(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.wfile.write(b"".join(self._headers_buffer))
        self._headers_buffer = []
        lines = b"".join(b"X-%05d: %s\r\n" % (index, b"a" * 90) for index in range(5_000))
        self.wfile.write(lines)
        self.wfile.write(b"Content-Length: 2\r\n\r\n[]")
        self.close_connection = True

    def continue_flood(self):
        self.wfile.write(b"HTTP/1.1 100 Continue\r\n\r\n" * 100_000)
        self.close_connection = True

    def unknown_encoding(self, encoding="x-unknown"):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", "7")
        self.end_headers()
        self.wfile.write(b"\x00\x01[]\x02\x03\x04")
        self.close_connection = True

    def corrupt_gzip(self):
        self.unknown_encoding("gzip")

    def negative_length(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "-5")
        self.end_headers()
        self.wfile.write(b"[]")
        self.close_connection = True

    def lengths(self, values):
        body = json.dumps(ORDERS).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        for value in values:
            self.send_header("Content-Length", value)
        self.end_headers()
        self.wfile.write(body)
        self.close_connection = True

    def two_lengths(self):
        self.lengths(["5", str(len(json.dumps(ORDERS).encode()))])

    def same_lengths(self):
        length = str(len(json.dumps(ORDERS).encode()))
        self.lengths([length, length])

    def trailers(self, count=1):
        body = json.dumps(ORDERS).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Trailer", "X-Checksum")
        self.end_headers()
        fields = b"".join(b"X-Checksum-%d: %d\r\n" % (index, len(body)) for index in range(count))
        self.wfile.write(b"%x\r\n%s\r\n0\r\n%s\r\n" % (len(body), body, fields))
        self.close_connection = True

    def many_trailers(self):
        self.trailers(20_000)

    def endless_trailers(self):
        body = json.dumps(ORDERS).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.write(b"%x\r\n%s\r\n0\r\n" % (len(body), body))
        count = 0
        while True:
            count += 1
            self.wfile.write(b"X-Checksum-%d: more\r\n" % count)
            self.wfile.flush()
            time.sleep(0.01)

    def head_cut(self):
        self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n")
        self.close_connection = True

    def continue_head_cut(self):
        self.wfile.write(b"HTTP/1.1 100 Continue\r\n\r\n")
        self.head_cut()


HOSTILE = {
    "gzip-bomb": Handler.gzip_bomb,
    "huge": Handler.huge,
    "drip": Handler.drip,
    "drip-headers": Handler.drip_headers,
    "endless-chunked": Handler.endless_chunked,
    "empty": Handler.empty,
    "garbage": Handler.garbage,
    "close-mid-body": Handler.close_mid_body,
    "huge-header": Handler.huge_header,
    "negative-length": Handler.negative_length,
    "two-lengths": Handler.two_lengths,
    "same-lengths": Handler.same_lengths,
    "header-flood": Handler.header_flood,
    "continue-flood": Handler.continue_flood,
    "unknown-encoding": Handler.unknown_encoding,
    "corrupt-gzip": Handler.corrupt_gzip,
    "trailers": Handler.trailers,
    "many-trailers": Handler.many_trailers,
    "endless-trailers": Handler.endless_trailers,
    "head-cut": Handler.head_cut,
    "continue-head-cut": Handler.continue_head_cut,
}


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that hangs up early (a timed-out test request, or one that stopped reading a
        # hostile answer) is not an error of the server.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def exit_when_stdin_closes():
    sys.stdin.read()
    os._exit(0)


def unblock_signals():
    """Threads of Dispatch's pool block most signals, and a child starts with the mask of the
    thread that started it: without this, the test's SIGTERM would wait here for ever."""
    signal.pthread_sigmask(signal.SIG_SETMASK, [])


def main():
    unblock_signals()
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()

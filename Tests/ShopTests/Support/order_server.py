#!/usr/bin/env python3
"""A small shop server for LiveOrderService's tests (Python 3 standard library only).

It binds 127.0.0.1 on a free port, prints the port on the first line of standard output, and
serves until it is terminated or its standard input closes (so it never outlives the test run).

Routes, as LiveOrderService uses them:
  GET  /orders              200, a JSON array of orders
  POST /orders/ID/cancel    204 and the order leaves the list; 404 if there is no such order

A prefix before /orders selects a failure, so one server serves every test:
  /status/NNN/...           every request answers HTTP NNN
  /cancel-fails/...         GET works, POST answers 500
  /malformed/...            200 with truncated JSON
  /wrong-shape/...          200 with valid JSON that is not an array of orders
  /slow/...                 answers after 30 seconds (longer than any client timeout in the tests)
"""

import json
import os
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ORDERS = [{"id": 1, "total": 40.0}, {"id": 2, "total": 15.5}]
LOCK = threading.Lock()

PREFIX = re.compile(r"^/(status/(?P<status>\d{3})|cancel-fails|malformed|wrong-shape|slow)(?=/)")
CANCEL = re.compile(r"^/orders/(?P<id>-?\d+)/cancel$")


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
        if mode == "slow":
            time.sleep(30)
        if mode == "malformed":
            return self.reply_raw(200, b'[{"id": 1, "total": ')
        if mode == "wrong-shape":
            return self.reply(200, {"orders": ORDERS})
        if method == "GET" and path == "/orders":
            with LOCK:
                return self.reply(200, ORDERS)
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

    def reply_raw(self, status, body):
        self.send_response(status)
        if status != 204:
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if status != 204:
            self.wfile.write(body)


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that hangs up early (a timed-out test request) is not an error of the server.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def exit_when_stdin_closes():
    sys.stdin.read()
    os._exit(0)


def main():
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()

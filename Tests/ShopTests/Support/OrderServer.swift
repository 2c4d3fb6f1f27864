import BuiltProducts
import Foundation

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// A real HTTP shop server on 127.0.0.1, one per test: `Support/order_server.py` run by python3.
  ///
  /// ```swift
  /// try await OrderServer.with { server in
  ///   let service = LiveOrderService(baseURL: server.url())
  ///   ...
  /// }
  /// ```
  ///
  /// The script prints its port once it listens, so a test never races the server's start; it exits
  /// when its standard input closes, so it never outlives a crashed test run.
  final class OrderServer: Sendable {
    struct StartFailure: Error, CustomStringConvertible {
      let description: String
    }

    let port: Int
    private let process: Process
    private let input: Pipe

    private init(port: Int, process: Process, input: Pipe) {
      self.port = port
      self.process = process
      self.input = input
    }

    /// The server's root, or the root of a failure mode such as `"status/500"` or `"slow"`.
    func url(_ mode: String = "") -> URL {
      let root = URL(string: "http://127.0.0.1:\(port)/")!
      return mode.isEmpty ? root : root.appending(path: mode + "/")
    }

    /// Starts a server, runs `body` with it, and stops it whatever `body` does.
    static func with<Result>(
      isolation: isolated (any Actor)? = #isolation,
      _ body: (OrderServer) async throws -> Result
    ) async throws -> Result {
      let server = try start()
      defer { server.stop() }
      return try await body(server)
    }

    static func start() throws -> OrderServer {
      let script = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "order_server.py")
      let process = Process()
      process.executableURL = URL(filePath: "/usr/bin/env")
      process.arguments = ["python3", script.path]
      let output = Pipe()
      let input = Pipe()
      process.standardOutput = output
      process.standardInput = input
      try process.launchAlone()
      // A server that never prints its port would block the read below for good.
      let watchdog = process.killIfRunning(after: .seconds(30))
      defer { watchdog.cancel() }

      var line = Data()
      while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
        byte != Data("\n".utf8)
      {
        line.append(byte)
      }
      guard let port = Int(String(decoding: line, as: UTF8.self)) else {
        kill(process.processIdentifier, SIGKILL)
        throw StartFailure(
          description:
            "order_server.py did not print its port within 30 s (python3 missing?); printed '\(line)'"
        )
      }
      return OrderServer(port: port, process: process, input: input)
    }

    func stop() {
      try? input.fileHandleForWriting.close()
      process.terminate()
      process.waitUntilExit()
    }
  }
#endif

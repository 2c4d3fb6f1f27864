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
    #if os(Linux)
      /// The server's process: reaped by the tests, so that neither the watchdog's kill nor
      /// `stop()`'s ever reaches a reused pid (see ``ChildProcess``).
      private typealias Child = ChildProcess
    #else
      /// The server's process.
      private typealias Child = Process
    #endif

    struct StartFailure: Error, CustomStringConvertible {
      let description: String
    }

    let port: Int
    private let process: Child
    private let input: Pipe

    private init(port: Int, process: Child, input: Pipe) {
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
      let process = Child()
      process.executableURL = URL(filePath: "/usr/bin/env")
      process.arguments = ["python3", script.path]
      let output = Pipe()
      let input = Pipe()
      process.standardOutput = output
      process.standardInput = input
      // What the server writes on standard error (socketserver's traceback for a connection a
      // test dropped, say) goes to /dev/null, where `Process` sends a stream left unset;
      // `ChildProcess` would pass the tests' own standard error on.
      process.standardError = try FileHandle(forWritingTo: URL(filePath: "/dev/null"))
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
        #if os(Linux)
          process.send(SIGKILL)
        #else
          kill(process.processIdentifier, SIGKILL)
        #endif
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

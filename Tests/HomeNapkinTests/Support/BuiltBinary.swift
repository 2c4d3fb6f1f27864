import Foundation

/// The `HomeNapkin` executable that `swift build` / `swift test` put next to the test bundle.
enum BuiltBinary {
  /// What a run printed and how it ended.
  struct Run {
    let status: Int32
    let standardOutput: String
    let standardError: String
  }

  /// The executable, or `nil` with the places that were searched.
  static func locate() -> Result<URL, LocateError> {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let candidates = [
      testBinary.deletingLastPathComponent(),
      Bundle.main.bundleURL,
      Bundle.main.bundleURL.deletingLastPathComponent(),
    ].map { $0.appendingPathComponent("HomeNapkin") }
    if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }
    ) {
      return .success(found)
    }
    return .failure(LocateError(searched: candidates.map(\.path)))
  }

  /// Why the executable was not found, and how to fix it.
  struct LocateError: Error, CustomStringConvertible {
    let searched: [String]
    var description: String {
      "HomeNapkin executable not found (searched \(searched.joined(separator: ", "))); "
        + "build it with `swift build --product HomeNapkin` in the same configuration."
    }
  }

  /// Runs the executable with `arguments`, `input` piped to its standard input.
  static func run(_ executable: URL, arguments: [String] = [], input: String) throws -> Run {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    // Read both pipes to the end before waiting, so a full pipe cannot stall the child.
    let errorData = ReadToEnd(stderr.fileHandleForReading)
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData.value, as: UTF8.self))
  }
}

/// Reads a file handle to its end on a background thread.
private final class ReadToEnd: @unchecked Sendable {
  // `data` is written once by the reading thread before `done` is signalled and read only after
  // waiting on `done`, so the semaphore orders every access.
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    DispatchQueue.global().async {
      self.data = handle.readDataToEndOfFile()
      self.done.signal()
    }
  }

  var value: Data {
    done.wait()
    return data
  }
}

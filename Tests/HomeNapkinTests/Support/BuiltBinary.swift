import BuiltProducts
import Foundation

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// The `HomeNapkin` executable that `swift build` / `swift test` put next to the test bundle.
  enum BuiltBinary {
    typealias Run = BuiltProduct.Run

    /// The executable, or why it was not found.
    static func locate() -> Result<URL, BuiltProduct.NotFound> {
      Result { () throws(BuiltProduct.NotFound) in try BuiltProduct.locate("HomeNapkin") }
    }

    /// Runs the executable with `arguments`, `input` piped to its standard input.
    static func run(
      _ executable: URL, arguments: [String] = [], input: String,
      output: BuiltProduct.Output = .captured
    ) throws -> Run {
      try BuiltProduct.run(executable, arguments: arguments, input: input, output: output)
    }
  }
#endif
